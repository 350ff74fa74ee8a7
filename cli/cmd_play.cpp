// ewn play: a person against the engine at the terminal, or (--operator) the console for an
// over-the-board contest game relayed by an operator.
#include <unistd.h>

#include <ctime>
#include <fstream>
#include <iostream>
#include <random>

#include "board_view.h"
#include "commands.h"
#include "console.h"
#include "engine_defaults.h"
#include "failures.h"
#include "game_log.h"
#include "printable.h"
#include "setup_input.h"
#include "setup_matrix.h"
#include "side_names.h"
#include "tables_dir.h"

namespace ewn::cli {

namespace {

struct PlayOptions {
  bool operator_mode = false;
  std::string engine = "expectimax";
  std::string tables;  // "": the default directory if it has tables
  std::string human, engine_colour, first = "red";
  std::string setup;
  std::string dice;  // program | typed (default by mode)
  std::string seed;
  std::string game_time, move_time, overhead;
  bool bo7 = false;
  std::string seat = "A";
  bool confirm = false;
  std::string log;
  bool no_colour = false;
  std::string setup_matrix;  // "": the default file, if it is there
};

std::string default_log_name(bool operator_mode) {
  std::time_t t = std::time(nullptr);
  char buf[64];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", std::localtime(&t));
  return std::string(operator_mode ? "ewn-operator-" : "ewn-play-") + buf + ".log";
}

// Who plays which side and who moves first: what is wrong, or "".
std::string read_sides(const PlayOptions& opt, ConsoleConfig& config) {
  if (!opt.human.empty() && !opt.engine_colour.empty())
    return "give --human or --engine-colour, not both";
  if (!opt.human.empty()) {
    auto s = parse_side(opt.human);
    if (!s) return "--human must be red or blue";
    config.engine_side = opposite(*s);
  } else if (!opt.engine_colour.empty()) {
    auto s = parse_side(opt.engine_colour);
    if (!s) return "--engine-colour must be red or blue";
    config.engine_side = *s;
  } else {
    // A person plays Red unless told otherwise; an operator's engine plays Red.
    config.engine_side = opt.operator_mode ? Red : Blue;
  }
  if (opt.first == "red")
    config.first = FirstMover::Red;
  else if (opt.first == "blue")
    config.first = FirstMover::Blue;
  else if (opt.first == "engine")
    config.first = FirstMover::Engine;
  else if (opt.first == "human" || opt.first == "opponent")
    config.first = FirstMover::Opponent;
  else
    return "--first must be red, blue, engine, human or opponent";
  return "";
}

// The setup, who rolls the dice and the seed: what is wrong, or "".
std::string read_setup_and_dice(const PlayOptions& opt, ConsoleConfig& config) {
  config.setup = opt.setup;
  if (config.setup.empty() && !opt.operator_mode) config.setup = "random";
  if (!config.setup.empty() && config.setup != "ask") {
    SetupInput in = parse_setup(config.setup);
    if (!in.choice) return "--setup: " + in.error;
  }
  if (config.setup == "ask") config.setup.clear();

  std::string dice = opt.dice.empty() ? (opt.operator_mode ? "typed" : "program") : opt.dice;
  if (dice != "typed" && dice != "program") return "--dice must be program or typed";
  config.typed_dice = dice == "typed";

  if (opt.seed.empty()) {
    config.seed = (uint64_t(std::random_device{}()) << 32) ^ std::random_device{}();
    return "";
  }
  try {
    size_t used = 0;
    config.seed = std::stoull(opt.seed, &used);
    if (used != opt.seed.size()) throw std::invalid_argument("seed");
  } catch (const std::exception&) {
    return "--seed must be a whole number";
  }
  return "";
}

// The clocks (a bad duration throws duration_option's UsageError).
void read_clocks(const PlayOptions& opt, ConsoleConfig& config) {
  // An option not given stays nullopt; one given must be a duration.
  auto duration = [](const std::string& text, const char* name, std::optional<Duration>& out) {
    if (!text.empty()) out = duration_option(name, text);
  };
  std::optional<Duration> game_time, move_time, overhead;
  duration(opt.game_time, "--gametime", game_time);
  duration(opt.move_time, "--movetime", move_time);
  if (!opt.overhead.empty() && opt.overhead != "0") duration(opt.overhead, "--overhead", overhead);
  if (!game_time && !move_time) {
    if (opt.operator_mode)
      game_time = std::chrono::minutes(4);
    else
      move_time = std::chrono::milliseconds(kDefaultMovetimeMs);
  }
  config.clock.per_game = game_time;
  config.clock.per_move = move_time;
  config.overhead = overhead.value_or(
      opt.overhead == "0" || !opt.operator_mode ? Duration(0) : Duration(std::chrono::seconds(2)));
}

// The engine places itself by the setup matrix where there is one; a file named on the command
// line must be usable, the default one may be missing (then a short search places it). 0, or
// the exit code of the failure.
int read_matrix(const PlayOptions& opt, ConsoleConfig& config, std::string& notes) {
  std::string matrix_path =
      opt.setup_matrix.empty() ? default_setup_matrix_path().string() : opt.setup_matrix;
  try {
    config.setup_advisor = std::make_shared<SetupAdvisor>(read_setup_matrix(matrix_path));
    const SetupMatrix& m = config.setup_advisor->matrix();
    if (m.rows == kArrangementClasses && m.columns == kArrangementClasses)
      notes += "; own arrangement by the setup matrix " + printable(matrix_path);
    else
      notes += "; own arrangement by a short search (the setup matrix " + printable(matrix_path) +
               " holds only " + std::to_string(m.rows) + " classes: ewn setup make makes all 360)";
  } catch (const PathError& e) {
    if (!opt.setup_matrix.empty() || e.kind() != ErrorKind::Missing)
      return fail("play", Failure::DamagedTable,
                  printable(std::string(e.what()) + " (" + setup_matrix_hint(matrix_path) + ")"));
    notes += "; own arrangement by a short search (no setup matrix " + printable(matrix_path) +
             ": " + setup_matrix_hint(matrix_path) + ")";
  }
  return 0;
}

int run_play(const PlayOptions& opt) {
  auto bad = [](const std::string& what) { return fail("play", Failure::BadUse, printable(what)); };
  ConsoleConfig config;
  config.mode = opt.operator_mode ? ConsoleMode::Operator : ConsoleMode::Play;
  std::string problem = read_sides(opt, config);
  if (problem.empty()) problem = read_setup_and_dice(opt, config);
  if (!problem.empty()) return bad(problem);
  read_clocks(opt, config);
  config.best_of_7 = opt.bo7;
  if (opt.seat != "A" && opt.seat != "B" && opt.seat != "a" && opt.seat != "b")
    return bad("--seat must be A or B");
  config.engine_is_a = opt.seat == "A" || opt.seat == "a";
  config.confirm = opt.confirm;
  config.colour = !opt.no_colour && isatty(STDOUT_FILENO);
  config.echo = !isatty(STDIN_FILENO);
  config.draw_board = [](const Position& pos, std::optional<Move> last, bool colour) {
    BoardStyle style;
    style.colour = colour;
    style.last_move = last;
    return draw_board(pos, style);
  };

  std::unique_ptr<Engine> engine;
  std::string notes;
  try {
    engine = make_contest_engine(opt.engine, opt.tables, default_tables_dir(), notes);
  } catch (const SpecError& e) {
    return bad(std::string("bad engine: ") + e.what());
  } catch (const std::exception& e) {
    return fail("play", failure_of_given_file(e), printable(e.what()));
  }
  if (int code = read_matrix(opt, config, notes)) return code;

  std::ofstream log;
  std::string log_path = opt.log.empty() ? default_log_name(opt.operator_mode) : opt.log;
  if (log_path != "none") {
    log.open(log_path, std::ios::app);
    if (!log)
      return fail("play", Failure::Unavailable,
                  "cannot write the log file '" + printable(log_path) + "'");
    log << game_log::play_title(opt.operator_mode, notes);
  }
  std::cout << notes << "\n";
  if (log.is_open()) std::cout << "Log: " << log_path << "\n";
  Console console(config, *engine, std::cout, log.is_open() ? &log : nullptr);
  run_console(console, std::cin, std::cout, config.echo);
  return 0;
}

}  // namespace

void register_play(CLI::App& app) {
  auto opt = std::make_shared<PlayOptions>();
  auto* cmd = app.add_subcommand(
      "play", "Play against the engine, or (--operator) relay a contest game to it");
  cmd->footer(
      "A person against the engine:\n"
      "  ewn play --human blue --first engine\n"
      "Operator console at a contest, 4 minutes per side, best of 7 as player B:\n"
      "  ewn play --operator --bo7 --seat B\n"
      "Setups (--setup, or typed when asked): random | rolls 3 1 4 1 5 2 |\n"
      "  red 123456 blue engine (numbers on a5 b5 c5 a4 b4 a3 / e1 e2 e3 d1 d2 c1) | a position\n"
      "The engine's own arrangement (engine) is the setup matrix's best reply to a given one,\n"
      "or drawn from its equilibrium against a random one (ewn setup; docs/SETUPS.md).\n"
      "Moves: a5b4, 3 down, c5 down. Type 'help' during the game. See docs/CONTEST.md.");
  cmd->add_flag("--operator", opt->operator_mode,
                "Operator mode: the opponent's moves and all dice are typed in, clocks kept");
  add_engine_options(cmd, opt->engine, opt->tables);
  cmd->add_option("--human", opt->human, "The person's colour: red (default) or blue");
  cmd->add_option("--engine-colour,--engine-color", opt->engine_colour,
                  "The engine's colour: red or blue (a match asks for each game)");
  cmd->add_option("--first", opt->first, "Who moves first: red (default), blue, engine, human");
  cmd->add_option("--setup", opt->setup,
                  "Setup (see below); default random in play, asked for in operator mode");
  cmd->add_option("--dice", opt->dice,
                  "program (rolled by ewn; default in play) or typed (default with --operator)");
  cmd->add_option("--seed", opt->seed, "Seed of the program's dice and random setups");
  cmd->add_option("--gametime", opt->game_time,
                  "Clock per side per game, e.g. 4min (default with --operator)");
  cmd->add_option("--movetime", opt->move_time,
                  "Limit per move, e.g. 30s or 500 (milliseconds; default 1s when playing a "
                  "person)");
  cmd->add_option("--overhead", opt->overhead,
                  "Time the engine keeps free per move for the operator (default 2s with "
                  "--operator)");
  cmd->add_flag("--bo7", opt->bo7, "Play a best-of-7 match (first to 4)");
  cmd->add_option("--seat", opt->seat, "The engine's seat in the match: A (default) or B");
  cmd->add_flag("--confirm", opt->confirm, "Confirm each opponent move before the engine answers");
  cmd->add_option("--log", opt->log,
                  "Log file (appended; default ewn-play-<date>-<time>.log), or none");
  cmd->add_flag("--no-colour,--no-color", opt->no_colour, "Plain text even on a terminal");
  cmd->add_option("--setup-matrix", opt->setup_matrix,
                  "The setup matrix the engine places itself by in a free setup (default "
                  "$EWN_TABLES or data, then setup-matrix.ewns, if there; ewn setup make)")
      ->type_name("FILE");
  list_exit_codes(cmd, table_failures());
  cmd->callback([opt] { set_exit_code(run_play(*opt)); });
}

}  // namespace ewn::cli
