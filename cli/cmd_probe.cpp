// ewn probe: the table value of positions and of every move for each die.
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "commands.h"
#include "index.h"
#include "json.h"
#include "movegen.h"
#include "notation.h"
#include "tablebase.h"
#include "tables_dir.h"

namespace ewn::cli {

namespace {

struct ProbeOptions {
  std::vector<std::string> positions;
  std::string tables;
  bool json = false;
};

// Exit codes, the worst of all positions wins.
constexpr int kBadPosition = 2;
constexpr int kNotCovered = 3;
constexpr int kTableProblem = 4;

std::string side_letter(Side s) {
  return s == Red ? "r" : "b";
}
std::string side_name(Side s) {
  return s == Red ? "Red" : "Blue";
}

std::string fixed(double v) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(6) << v;
  return out.str();
}

// What the tables of `tb` cover and, up to `pieces`, which files are missing.
std::string coverage(const Tablebase& tb, int pieces) {
  std::string dir = tb.directory().string();
  std::string out = tb.max_pieces() == 0 ? "there are no complete tables in " + dir
                                         : "the tables in " + dir + " cover positions with up to " +
                                               std::to_string(tb.max_pieces()) + " pieces";
  if (!tb.partial_classes().empty())
    out += " and the " + std::to_string(tb.partial_classes().size()) + " classes of " +
           std::to_string(tb.max_pieces() + 1) + " pieces made one by one";
  std::vector<std::string> missing;
  for (int n = std::max(2, tb.max_pieces() + 1); n <= pieces; ++n)
    for (MaterialClass mc : material_classes(n)) {
      std::error_code ec;
      if (!std::filesystem::is_regular_file(tb.path_of(mc), ec))
        missing.push_back(table_file_name(mc));
    }
  if (missing.empty()) return out;
  out += "; missing " + missing[0];
  if (missing.size() > 1) out += " and " + std::to_string(missing.size() - 1) + " more";
  return out;
}

struct DieMoves {
  int die;
  std::vector<Tablebase::MoveValue> moves;
};

// Probes one position and prints it; returns the exit code for it.
int probe_one(const Tablebase& tb, const std::string& text, bool json) {
  auto error = [&](int code, const std::string& message) {
    if (json) {
      JsonWriter j;
      j.begin_object().key("position").value(text).key("error").value(message).end_object();
      std::cout << j.str() << "\n";
    }
    std::cerr << "ewn probe: " << message << "\n";
    return code;
  };
  ParsedPosition parsed;
  try {
    parsed = parse_position(text);
  } catch (const ParseError& e) {
    return error(kBadPosition, std::string("bad position: ") + e.what());
  }
  const Position& pos = parsed.position;
  std::string written = format_position(pos, parsed.die);
  Side mover = pos.to_move;
  auto winner = pos.winner();

  std::optional<double> value;
  std::vector<DieMoves> dice;
  try {
    value = tb.value(pos);
    if (!value) {
      int n = pos.piece_count();
      std::string dir = tb.directory().string();
      std::string make = "ewn gen --pieces " + std::to_string(n) + " --out " + dir;
      // One class can be made alone once the smaller set is complete.
      std::string make_one = n == tb.max_pieces() + 1
                                 ? "; or only this position's class: " + make + " --class " +
                                       canonical_key(pos).material.name()
                                 : "";
      return error(kNotCovered, written + ": " + std::to_string(n) + " pieces, but " +
                                    coverage(tb, n) + " (make them with: " + make + make_one + ")");
    }
    if (!winner)
      for (int d = 1; d <= 6; ++d)
        if (!parsed.die || *parsed.die == d) dice.push_back(DieMoves{d, *tb.best_moves(pos, d)});
  } catch (const TableError& e) {
    return error(kTableProblem, e.what());
  }
  double red_value = mover == Red ? *value : 1.0 - *value;
  std::string material = winner ? "" : canonical_key(pos).material.name();

  if (json) {
    JsonWriter j;
    j.begin_object();
    j.key("position").value(written);
    j.key("side").value(side_letter(mover));
    j.key("value").value(*value);
    j.key("red_value").value(red_value);
    j.key("pieces").value(pos.piece_count());
    if (winner)
      j.key("winner").value(side_letter(*winner));
    else
      j.key("material").value(material);
    j.key("dice").begin_array();
    for (const auto& dm : dice) {
      j.begin_object().key("die").value(dm.die).key("moves").begin_array();
      for (const auto& mv : dm.moves) {
        j.begin_object().key("move").value(format_move(mv.move)).key("value").value(mv.value);
        j.key("wins").value(mv.wins).end_object();
      }
      j.end_array().end_object();
    }
    j.end_array().end_object();
    std::cout << j.str() << "\n";
    return 0;
  }

  std::cout << written << "\n";
  if (winner) {
    std::cout << "  decided: " << side_name(*winner) << " has won\n";
    return 0;
  }
  std::cout << "  material " << material << " (" << pos.piece_count()
            << " pieces, side to move first)\n";
  std::cout << "  " << side_name(mover) << " to move wins with probability " << fixed(*value)
            << " (Red " << fixed(red_value) << ", Blue " << fixed(1.0 - red_value) << ")\n";
  for (const auto& dm : dice) {
    std::cout << "  die " << dm.die << ":";
    for (const auto& mv : dm.moves) {
      std::cout << "  " << format_move(mv.move) << " " << fixed(mv.value);
      if (mv.wins) std::cout << " wins";
    }
    std::cout << "\n";
  }
  return 0;
}

int run_probe(const ProbeOptions& opt) {
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
  cmd->description(
      "Prints the probability that the side to move wins (before rolling, with best play by\n"
      "both sides), the material class, and for each die (or only the die given in the\n"
      "position) every legal move with the mover's win probability after it, best first.\n"
      "Without a position argument, or with '-', reads positions one per line from stdin.\n"
      "Exit codes: 0 fine, 2 bad position, 3 more pieces than the tables cover, 4 a table file\n"
      "is missing or damaged.");
  cmd->footer(
      "Examples:\n"
      "  ewn probe \"r1r23/5/2b3b41/5/5 r\"\n"
      "  ewn probe \"r1r23/5/2b3b41/5/5 b 4\" --json\n"
      "  ewn probe < positions.txt");
  cmd->add_option("positions", opt->positions, "Positions in SPEC notation (quote each one)");
  cmd->add_option("--tables", opt->tables, "Directory of table files ($EWN_TABLES or data)")
      ->default_val(default_tables_dir());
  cmd->add_flag("--json", opt->json, "One JSON object per position");
  cmd->callback([opt] { set_exit_code(run_probe(*opt)); });
}

}  // namespace ewn::cli
