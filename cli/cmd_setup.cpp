// ewn setup: which free-setup arrangements win. `make` computes the setup matrix (the engine's
// value of every arrangement class against every other, each to a fixed depth) into a file;
// `reply`, `best` and `equilibrium` answer from it.
#include <algorithm>
#include <iostream>
#include <memory>

#include "board_view.h"
#include "commands.h"
#include "error_kind.h"
#include "failures.h"
#include "json.h"
#include "printable.h"
#include "progress_line.h"
#include "setup_advice.h"
#include "setup_answers.h"
#include "setup_matrix_maker.h"
#include "summaries.h"

namespace ewn::cli {

namespace {

struct SetupOptions {
  std::string matrix = default_setup_matrix_path().string();
  bool json = false;
  int count = 5;
  std::string against;
  int depth = kDefaultSetupDepth;
  int classes = kArrangementClasses;
  bool nodes_given = false;  // --nodes, gone with the node budget: refused
};

// The error document with --json, the message on stderr; the failure's exit code.
int report_error(const SetupOptions& opt, Failure failure, const std::string& message) {
  return fail("setup", opt.json, failure, printable(message));
}

// The advisor over the matrix file, or the message that says what is wrong and how to fix it.
std::unique_ptr<SetupAdvisor> open_advisor(const SetupOptions& opt, int& code) {
  try {
    return std::make_unique<SetupAdvisor>(read_setup_matrix(opt.matrix));
  } catch (const PathError& e) {
    // A matrix file missing, unreadable or damaged is as a table file is to ewn probe.
    code = report_error(opt, Failure::DamagedTable,
                        std::string(e.what()) + " (" + setup_matrix_hint(opt.matrix) + ")");
    return nullptr;
  }
}

// Values to 0.1 points: finer differences are far inside the entries' noise.
std::string percent(double value) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%5.1f%%", 100 * value);
  return buf;
}

std::string points(double probability) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", 100 * probability);
  return buf;
}

std::string signed_points(double probability) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f", 100 * probability);
  return buf;
}

void print_ranked(const std::vector<RankedArrangement>& list, bool with_probability,
                  bool with_tie) {
  for (const auto& r : list) {
    std::cout << "  " << format_arrangement(r.arrangement) << " (or "
              << format_arrangement(renumbered(r.arrangement)) << ")";
    if (with_probability) std::cout << "  played " << percent(r.probability);
    std::cout << "  wins " << percent(r.value);
    if (with_tie && r.tied) std::cout << "  tied with the best";
    std::cout << "\n";
  }
}

void print_matrix_line(const SetupAdvisor& advisor) {
  const SetupMatrix& m = advisor.matrix();
  std::cout << "Setup matrix: " << m.rows << " x " << m.columns << " arrangement classes, "
            << "each entry searched to depth " << m.depth << ".\n";
}

// The answer's precision in a player's words.
void print_precision(const SetupPrecision& p, const char* what) {
  std::cout << "Precision: " << what << " is the engine's estimate from a short search;\n"
            << "a search one ply deeper differs by about " << points(p.value_error)
            << " points, beyond a shift of " << signed_points(p.depth_bias)
            << " points\nfor the first mover common to every entry. Values less than "
            << points(p.tie_margin) << " points apart are not\ntold apart: they are marked tied.\n";
}

// The start with `first` placed by the first mover (Red, a5 b5 c5 a4 b4 a3) and `second` by
// the second (Blue, e1 e2 e3 d1 d2 c1); either may be absent.
void print_board(const std::optional<Arrangement>& first,
                 const std::optional<Arrangement>& second) {
  Position pos;
  if (first) place_side(pos, Red, *first);
  if (second) place_side(pos, Blue, *second);
  std::cout << draw_board(pos);
}

int run_reply(const SetupOptions& opt) {
  std::string error;
  auto theirs = parse_arrangement(opt.against, &error);
  if (!theirs) return report_error(opt, Failure::BadUse, error);
  int code = 0;
  auto advisor = open_advisor(opt, code);
  if (!advisor) return code;
  try {
    if (opt.json) {
      print_json(setup_reply_answer(*advisor, *theirs, opt.count));
      return 0;
    }
    // Both lists first: an arrangement outside the matrix is refused before anything prints.
    auto first = advisor->replies(SetupRole::First, *theirs, opt.count);
    auto second = advisor->replies(SetupRole::Second, *theirs, opt.count);
    print_matrix_line(*advisor);
    print_precision(advisor->reply_precision(), "each value");
    for (SetupRole role : {SetupRole::First, SetupRole::Second}) {
      bool moves_first = role == SetupRole::First;
      const auto& list = moves_first ? first : second;
      std::cout << "\nBest replies to " << format_arrangement(*theirs) << " when you move "
                << role_name(role) << " (your win probability):\n";
      print_ranked(list, false, true);
      std::cout << "  " << advisor->tied_replies(role, *theirs) << " of " << advisor->matrix().rows
                << " classes are tied with the best. The first, you "
                << (moves_first ? "Red (moving first)" : "Blue (moving second)") << ":\n";
      print_board(moves_first ? list.front().arrangement : *theirs,
                  moves_first ? *theirs : list.front().arrangement);
    }
  } catch (const std::out_of_range& e) {
    return report_error(opt, Failure::BadUse, e.what());
  }
  return 0;
}

int run_best(const SetupOptions& opt) {
  int code = 0;
  auto advisor = open_advisor(opt, code);
  if (!advisor) return code;
  if (opt.json) {
    print_json(setup_best_answer(*advisor, opt.count));
    return 0;
  }
  print_matrix_line(*advisor);
  std::vector<Arrangement> tops;
  for (SetupRole role : {SetupRole::First, SetupRole::Second}) {
    auto list = advisor->against_uniform(role, opt.count);
    std::cout << "\nBest against a random arrangement when you move " << role_name(role)
              << " (your mean win probability):\n";
    print_precision(advisor->mean_precision(role), "each mean over the opponent's classes");
    print_ranked(list, false, true);
    std::cout << "  " << advisor->tied_against_uniform(role) << " of " << advisor->matrix().rows
              << " classes are tied with the best.\n";
    tops.push_back(list.front().arrangement);
  }
  std::cout << "\nThe first of each: moving first as Red (top left), moving second as Blue:\n";
  print_board(tops[0], tops[1]);
  return 0;
}

void print_alternatives(const MixAlternatives& alt, const char* mover) {
  if (alt.other_mixes.empty() && alt.equally_good.empty()) {
    std::cout << "  No other optimal mix found for the " << mover << " mover.\n";
    return;
  }
  if (!alt.other_mixes.empty())
    std::cout << "  The " << mover << " mover has several optimal mixes; others found:\n";
  for (const auto& mix : alt.other_mixes) {
    std::cout << "   ";
    for (const auto& r : mix)
      std::cout << " " << format_arrangement(r.arrangement) << " " << percent(r.probability);
    std::cout << "\n";
  }
  if (!alt.equally_good.empty()) {
    std::cout << "  Outside the mix, as good against the other's mix:";
    for (const auto& r : alt.equally_good) std::cout << " " << format_arrangement(r.arrangement);
    std::cout << "\n";
  }
}

int run_equilibrium(const SetupOptions& opt) {
  int code = 0;
  auto advisor = open_advisor(opt, code);
  if (!advisor) return code;
  if (opt.json) {
    print_json(setup_equilibrium_answer(*advisor));
    return 0;
  }
  const SetupEquilibrium& e = advisor->equilibrium();
  SetupPrecision p = advisor->equilibrium_precision();
  print_matrix_line(*advisor);
  char line[400];
  std::snprintf(line, sizeof line,
                "Equilibrium: the first mover wins %.1f%%, the second %.1f%%.\nPrecision: "
                "values are told apart to about %.1f points; the value itself depends on the\n"
                "search depth: one ply deeper moves the first mover's by %+.1f points "
                "throughout.\nOn these entries the mixes are optimal to %.0e: the solver's "
                "arithmetic, not the win\nprobability's precision.\n",
                100 * e.value, 100 * (1 - e.value), 100 * p.value_error, 100 * p.depth_bias,
                std::max(e.gap, 1e-16));
  std::cout << line;
  auto classes = [](size_t n) { return std::to_string(n) + (n == 1 ? " class" : " classes"); };
  std::cout << "\nFirst mover's mix (" << classes(e.first.size())
            << "; win probability against the second's mix):\n";
  print_ranked(e.first, true, false);
  print_alternatives(e.first_alternatives, "first");
  std::cout << "\nSecond mover's mix (" << classes(e.second.size()) << "):\n";
  print_ranked(e.second, true, false);
  print_alternatives(e.second_alternatives, "second");
  const WithinNoise& w = e.within_noise;
  std::snprintf(line, sizeof line,
                "\nWithin the entries' noise (%.1f points) of the value: %d of the first mover's "
                "%d classes\nand %d of the second's %d do as well against the other's mix%s\n",
                100 * w.margin, w.first, advisor->matrix().rows, w.second,
                advisor->matrix().columns,
                w.first > int(e.first.size()) || w.second > int(e.second.size())
                    ? ":\nthe mixes are one choice among these, not the best by a margin the "
                      "matrix can see."
                    : ".");
  std::cout << line;
  std::cout << "\nThe most probable class of each mix: the first mover as Red (top left), the "
               "second as Blue:\n";
  print_board(e.first.front().arrangement, e.second.front().arrangement);
  return 0;
}

std::string make_progress_text(const SetupMakeProgress& p) {
  char text[200];
  if (p.sample > 0) {
    std::snprintf(text, sizeof text, "setup matrix: error sample %d/%d, one ply deeper",
                  p.sample_done, p.sample);
    return text;
  }
  // The CPU an entry searched, as docs/SETUPS.md gives it (mirror images are copied).
  double per_entry = p.entries ? p.cpu_seconds / double(p.entries) : 0;
  std::snprintf(text, sizeof text, "setup matrix: row %d/%d, %.2f ms of CPU an entry searched, %s",
                p.rows_done, p.rows, 1000 * per_entry,
                eta_text(p.rows_done - p.rows_resumed, p.rows - p.rows_resumed, p.seconds).c_str());
  return text;
}

// `stored`: the matrix as written (its error estimate is the file's, also when it was made
// already and this run computed nothing).
void print_made(const SetupOptions& opt, const SetupMakeProgress& last, const SetupMatrix& stored) {
  double per_entry = last.entries ? last.cpu_seconds / double(last.entries) : 0;
  double nodes = last.entries ? double(last.nodes) / double(last.entries) : 0;
  if (opt.json) {
    print_json(setup_make_answer({opt.matrix, opt.classes, opt.depth, last.entries, last.mirrored,
                                  last.rows_resumed, last.seconds, last.cpu_seconds, nodes,
                                  stored.error_sample, stored.entry_error, stored.depth_bias}));
    return;
  }
  char estimate[200];
  std::snprintf(estimate, sizeof estimate,
                "Error estimate from %d entries searched one ply deeper: %.2f points about a "
                "depth bias of %+.2f points.",
                stored.error_sample, 100 * stored.entry_error, 100 * stored.depth_bias);
  if (last.rows == 0) {
    std::cout << printable(opt.matrix) << " is made already (" << opt.classes << " x "
              << opt.classes << " classes at depth " << opt.depth
              << ", checked); remove it to make it again. " << estimate << "\n";
    return;
  }
  char line[400];
  std::snprintf(line, sizeof line,
                "Wrote %s: %d x %d classes, every entry searched to depth %d; this run searched "
                "%llu entries and copied %llu from their mirror images in %.1f s (%.2f ms of CPU "
                "and %.0f nodes an entry searched, the error sample's share included). ",
                printable(opt.matrix).c_str(), opt.classes, opt.classes, opt.depth,
                (unsigned long long)last.entries, (unsigned long long)last.mirrored, last.seconds,
                1000 * per_entry, nodes);
  std::cout << line << estimate << "\n";
}

int run_make(const SetupOptions& opt) {
  if (opt.nodes_given)
    return report_error(opt, Failure::BadUse,
                        "--nodes is gone: setup matrix entries are now searched to a fixed depth "
                        "(a node budget mixed depths); use --depth N (default " +
                            std::to_string(kDefaultSetupDepth) + ")");
  SetupMakeOptions make;
  make.depth = opt.depth;
  make.classes = opt.classes;
  ProgressLine progress;
  SetupMakeProgress last;
  try {
    make_setup_matrix(opt.matrix, make, [&](const SetupMakeProgress& p) {
      last = p;
      progress.show(make_progress_text(p), p.sample > 0 && p.sample_done == p.sample);
      return true;
    });
  } catch (const std::exception& e) {
    progress.finish();
    return report_error(opt, failure_of_exception(e), e.what());
  }
  progress.finish();
  try {
    print_made(opt, last, read_setup_matrix(opt.matrix));
  } catch (const PathError& e) {
    // Written a moment ago: gone or changed since only by someone else's hand.
    return report_error(opt, Failure::DamagedTable, e.what());
  }
  return 0;
}

void add_common(CLI::App* cmd, SetupOptions& opt) {
  cmd->add_option("--matrix", opt.matrix,
                  "The setup matrix file ($EWN_TABLES or data, then setup-matrix.ewns)")
      ->type_name("FILE");
  cmd->add_flag("--json", opt.json, "One JSON object");
}

// `ewn setup make`.
void register_setup_make(CLI::App* cmd, const std::shared_ptr<SetupOptions>& opt,
                         const std::vector<Failure>& failures) {
  auto* make = cmd->add_subcommand("make", "Compute the setup matrix file (resumable)");
  make->footer(
      "Values every class of the first mover's arrangement against every class of the\n"
      "second's: the engine (tuned evaluation, no tables) searches each start to exactly\n"
      "--depth plies, its table cleared first, so an entry is the same on every run. The start\n"
      "a against b is the mirror image of mirror(a) against mirror(b), so one entry of each\n"
      "such pair is searched and both get its value: the matrix is symmetric by construction\n"
      "and costs half. Then about 1% of the entries (at least 64, or all of a small matrix),\n"
      "evenly spread, are searched one ply deeper; the differences' mean (the depth bias) and\n"
      "their scatter about it (the error estimate) are stored with it. Rows are appended to\n"
      "FILE.partial as they are done; killed and run again with the same options, it\n"
      "continues where it stopped and writes the same file as a run that never stopped.\n"
      "Cost of a whole matrix on one core (docs/RESULTS.md): depth 3 about a minute, depth 4\n"
      "about 6 minutes, depth 5 about an hour. Run it with nice -n 19 on a shared machine: it\n"
      "uses one core. --nodes is gone (entries at a node budget mixed\n"
      "depths): it is refused as bad use.");
  add_common(make, *opt);
  make->add_option("--depth", opt->depth, "Plies every entry is searched to")
      ->check(CLI::Range(1, kMaxSetupDepth))
      ->capture_default_str();
  make->add_option("--classes", opt->classes,
                   "Only the first N classes for both sides (trials and tests; 360 is all)")
      ->check(CLI::Range(1, kArrangementClasses))
      ->capture_default_str();
  // Hidden: accepted by the parser only to be refused with a message that says what replaced it.
  make->add_option_function<std::string>(
          "--nodes", [opt](const std::string&) { opt->nodes_given = true; }, "Gone: use --depth")
      ->group("");
  list_exit_codes(make, failures);
  make->callback([opt] { set_exit_code(run_make(*opt)); });
}

}  // namespace

void register_setup(CLI::App& app) {
  auto opt = std::make_shared<SetupOptions>();
  auto* cmd = app.add_subcommand("setup", "Which free-setup arrangements win, and against what");
  cmd->footer(
      "Each side may arrange its six pieces freely on its start triangle (SPEC 2). The setup\n"
      "matrix holds the engine's win probability for the first mover for each arrangement of\n"
      "its pieces against each of the second mover's, each searched to a fixed depth. Renumbering "
      "a\n"
      "side x -> 7-x keeps every value, so 720 arrangements make 360 classes, and each answer\n"
      "names a class by the member starting with 1, 2 or 3, its twin in parentheses. Colours\n"
      "do not matter, only who moves first (docs/SETUPS.md). Arrangements are written as in\n"
      "ewn play --setup: the numbers on the start squares in the order a5 b5 c5 a4 b4 a3 for\n"
      "Red, e1 e2 e3 d1 d2 c1 for Blue. Every value is the win probability of the side the\n"
      "answer is for, printed to 0.1 points with its precision: classes whose values are\n"
      "within the noise of the best are marked tied with it. A matrix file missing or damaged\n"
      "exits as a damaged table (the message says the command that makes it).\n\n"
      "Make the matrix once with nice -n 19 ewn setup make (see ewn setup make --help for\n"
      "its cost; killed, the same command continues where it stopped).\n\n"
      "Examples:\n"
      "  ewn setup make --classes 12 --depth 2 --matrix trial.ewns   # a small trial matrix\n"
      "  ewn setup reply 162534                # your best arrangements against 162534\n"
      "  ewn setup best --count 10             # best against a random arrangement\n"
      "  ewn setup equilibrium --json          # the mixed strategies and the game's value");
  cmd->require_subcommand(1);
  std::vector<Failure> failures{Failure::DamagedTable, Failure::Unavailable};
  list_exit_codes(cmd, failures);

  register_setup_make(cmd, opt, failures);

  auto* reply = cmd->add_subcommand("reply", "Your best arrangements against a given one");
  add_common(reply, *opt);
  reply->add_option("arrangement", opt->against, "The opponent's arrangement, e.g. 162534")
      ->required();
  reply->add_option("--count", opt->count, "How many to list")->capture_default_str();
  list_exit_codes(reply, failures);
  reply->callback([opt] { set_exit_code(run_reply(*opt)); });

  auto* best = cmd->add_subcommand("best", "The best arrangements against a random one");
  add_common(best, *opt);
  best->add_option("--count", opt->count, "How many to list")->capture_default_str();
  list_exit_codes(best, failures);
  best->callback([opt] { set_exit_code(run_best(*opt)); });

  auto* eq = cmd->add_subcommand("equilibrium", "The mixed strategies neither side can improve on");
  eq->footer(
      "Solves the matrix game (simplex method, docs/SETUPS.md) and prints each mover's mix\n"
      "with the value of each of its arrangements against the other's mix, the first mover's\n"
      "win probability at equilibrium with the entries' precision, the solver's gap (its\n"
      "arithmetic on the entries, not the win probability's precision), and, where a mover\n"
      "has several optimal mixes, the others found.");
  add_common(eq, *opt);
  list_exit_codes(eq, failures);
  eq->callback([opt] { set_exit_code(run_equilibrium(*opt)); });
}

}  // namespace ewn::cli
