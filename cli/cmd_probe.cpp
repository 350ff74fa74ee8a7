// ewn probe: the table value of positions and of every move for each die.
#include <iomanip>
#include <iostream>
#include <sstream>

#include "commands.h"
#include "failures.h"
#include "json.h"
#include "printable.h"
#include "probe_answer.h"
#include "regular_file.h"
#include "side_names.h"
#include "tables_dir.h"
#include "tables_hint.h"

namespace ewn::cli {

namespace {

struct ProbeOptions {
  std::vector<std::string> positions;
  std::string tables;
  bool json = false;
};

// The side a report's "side" or "winner" letter names.
Side side_of(const Json& letter) {
  return letter == side_letter(Red) ? Red : Blue;
}

std::string fixed(double v) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(6) << v;
  return out.str();
}

// "Red 0.250000, Blue 0.750000" for the mover's probability `p`.
std::string both_sides(const Json& side, double p) {
  double red = side_of(side) == Red ? p : 1.0 - p;
  return "Red " + fixed(red) + ", Blue " + fixed(1.0 - red);
}

// The text output of one position's report.
void print_text(const Json& j) {
  std::cout << j["position"].get<std::string>() << "\n";
  if (!j["winner"].is_null()) {
    std::cout << "  decided: " << side_name(side_of(j["winner"])) << " has won\n";
    return;
  }
  const Json& side = j["side"];
  double value = j["value"];
  std::cout << "  material " << j["material"].get<std::string>() << " (" << j["pieces"].get<int>()
            << " pieces, side to move first)\n";
  if (!j["die"].is_null()) {
    // With the die rolled the mover's chance is that of its best move for the die (SPEC 4).
    double after = j["die_value"];
    std::cout << "  " << side_name(side_of(side)) << " to move, having rolled "
              << j["die"].get<int>() << ", wins with probability " << fixed(after) << " ("
              << both_sides(side, after) << ")\n";
    std::cout << "  value before the roll: " << fixed(value) << " (" << both_sides(side, value)
              << ")\n";
  } else {
    std::cout << "  " << side_name(side_of(side)) << " to move wins with probability "
              << fixed(value) << " (" << both_sides(side, value) << ")\n";
  }
  for (const Json& dm : j["dice"]) {
    std::cout << "  die " << dm["die"].get<int>() << ":";
    for (const Json& mv : dm["moves"]) {
      std::cout << "  " << mv["move"].get<std::string>() << " " << fixed(mv["move_value"]);
      if (mv["wins"].get<bool>()) std::cout << " wins";
    }
    std::cout << "\n";
  }
}

// Probes one position and prints it; returns the exit code for it.
int probe_one(const Tablebase& tb, const std::string& text, bool json) {
  Answer a = probe_answer(tb, text);
  if (!a.ok()) std::cerr << "ewn probe: " << a.error() << "\n";
  if (json)
    print_json(a.json);
  else if (a.ok())
    print_text(a.json);
  return a.exit_code();
}

// A table directory that is not there or not one fails every position alike: said once.
int directory_failure(const ProbeOptions& opt, const PathProblem& problem) {
  Failure failure = failure_of(problem.kind);
  std::string message = printable(opt.tables) + ": " + problem.words + " (" +
                        (problem.kind == ErrorKind::Missing
                             ? make_tables_hint(kSuggestedPieces, opt.tables)
                             : std::string("give the tables' directory with --tables")) +
                        ")";
  return fail("probe", opt.json, failure, message);
}

int run_probe(const ProbeOptions& opt) {
  if (auto problem = directory_problem(opt.tables)) return directory_failure(opt, *problem);
  Tablebase tb(opt.tables);
  int worst = 0;
  auto probe = [&](const std::string& text) {
    worst = std::max(worst, probe_one(tb, text, opt.json));
  };
  bool from_stdin = opt.positions.empty() || (opt.positions.size() == 1 && opt.positions[0] == "-");
  if (!from_stdin) {
    for (const auto& p : opt.positions) probe(p);
    return worst;
  }
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    probe(line);
    std::cout.flush();
  }
  return worst;
}

}  // namespace

void register_probe(CLI::App& app) {
  auto opt = std::make_shared<ProbeOptions>();
  auto* cmd = app.add_subcommand("probe", "Look up positions in the tables");
  // The details follow the options, so that `ewn --help` lists each command in one line.
  cmd->footer(
      "Prints the probability that the side to move wins (before rolling, with best play by\n"
      "both sides), the material class, and for each die (or only the die given in the\n"
      "position) every legal move with the mover's win probability after it, best first.\n"
      "With a die in the position the headline is the mover's chance after that roll (the\n"
      "value of its best move for the die, SPEC section 4), then the value before the roll;\n"
      "--json gives \"die\" and \"die_value\" (null without a die).\n"
      "Without a position argument, or with '-', reads positions one per line from stdin.\n"
      "With several positions it exits with the largest code of theirs. A table file made\n"
      "shorter while it is read is a damaged table (docs/FORMAT.md).\n\n"
      "Examples:\n"
      "  ewn probe \"r1r23/5/2b3b41/5/5 r\"\n"
      "  ewn probe \"r1r23/5/2b3b41/5/5 b 4\" --json\n"
      "  ewn probe < positions.txt");
  cmd->add_option("positions", opt->positions, "Positions in SPEC notation (quote each one)");
  add_tables_option(cmd, opt->tables, "Directory of table files");
  cmd->add_flag("--json", opt->json, "One JSON object per position");
  std::vector<Failure> failures = table_failures();
  failures.insert(failures.begin(), {Failure::BadPosition, Failure::NotCovered});
  list_exit_codes(cmd, failures);
  cmd->callback([opt] { set_exit_code(run_probe(*opt)); });
}

}  // namespace ewn::cli
