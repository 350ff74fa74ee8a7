// ewn tcg: the engine as a course agent, speaking the course protocol on stdin and stdout.
#include <filesystem>
#include <iostream>

#include "commands.h"
#include "engine.h"
#include "failures.h"
#include "printable.h"
#include "setup_matrix.h"
#include "tables_dir.h"
#include "tcg_agent.h"

namespace ewn::cli {

namespace {

struct TcgOptions {
  std::string player = "expectimax";
  std::string tables;        // "": the default directory when it holds tables
  std::string setup_matrix;  // "": the default file, if it is there
  std::string first = "red";
  uint64_t seed = 1;
};

// The setup matrix `ini` draws from: the file named, or the default one when it is there (a
// trial matrix of fewer than 360 classes places by a short search instead). Null without one;
// an exit code when a file named cannot be read.
int read_advisor(const TcgOptions& opt, std::unique_ptr<SetupAdvisor>& advisor,
                 std::string& notes) {
  std::string path =
      opt.setup_matrix.empty() ? default_setup_matrix_path().string() : opt.setup_matrix;
  try {
    auto a = std::make_unique<SetupAdvisor>(read_setup_matrix(path));
    if (a->matrix().rows != kArrangementClasses || a->matrix().columns != kArrangementClasses) {
      notes += "; ini by a short search (the setup matrix " + printable(path) + " holds only " +
               std::to_string(a->matrix().rows) + " classes)";
      return 0;
    }
    advisor = std::move(a);
    notes += "; ini by the equilibrium mix of the setup matrix " + printable(path);
  } catch (const PathError& e) {
    if (!opt.setup_matrix.empty() || e.kind() != ErrorKind::Missing)
      return fail("tcg", Failure::DamagedTable,
                  printable(std::string(e.what()) + " (" + setup_matrix_hint(path) + ")"));
    notes += "; ini by a short search (no setup matrix " + printable(path) + ")";
  }
  return 0;
}

int run_tcg(const TcgOptions& opt) {
  std::unique_ptr<Engine> engine;
  std::string notes;
  try {
    if (opt.player.starts_with("tcg:"))
      throw SpecError("ewn tcg plays its own engine; an outside program (tcg:) plays in ewn match");
    engine = make_contest_engine(opt.player, opt.tables, default_tables_dir(), notes);
  } catch (const SpecError& e) {
    return fail("tcg", Failure::BadUse, "bad player: " + printable(e.what()));
  } catch (const std::exception& e) {
    return fail("tcg", failure_of_given_file(e), printable(e.what()));
  }
  std::unique_ptr<SetupAdvisor> advisor;
  if (int code = read_advisor(opt, advisor, notes)) return code;
  std::cerr << "ewn tcg: " << notes << "\n" << std::flush;
  TcgAgentConfig config;
  config.version = EWN_VERSION_STRING;
  config.first = opt.first == "blue" ? Blue : Red;
  config.spec_sets_time = engine->spec().gives("movetime");
  config.advisor = advisor.get();
  config.seed = opt.seed;
  TcgAgent agent(*engine, config);
  std::ios::sync_with_stdio(false);
  agent.run(std::cin, std::cout, std::cerr);
  return 0;
}

}  // namespace

void register_tcg(CLI::App& app) {
  auto opt = std::make_shared<TcgOptions>();
  auto* cmd = app.add_subcommand(
      "tcg", "Play as a course agent: the course protocol on standard input and output");
  cmd->footer(
      "Commands read (one a line; each reply one line, flushed):\n"
      "  name -> ewn; version -> the version; time_setting <seconds a move> -> ok;\n"
      "  board_setting 5 6 -> ok; ini <R|B> -> the squares of pieces 1-6 (e.g. A1 B1 C1 A2 B2 "
      "A3);\n"
      "  get <R|B> <die> <12 squares: Blue 1-6, then Red 1-6, 0 for a taken piece> -> the move\n"
      "  (e.g. C3 D4); exit -> ends. Squares: column A-E, row 1-5; Red starts on A1, Blue on "
      "E5.\n"
      "A line that cannot be done is answered 'error <what>' and told on stderr; the agent goes "
      "on.\n"
      "Time: time_setting's seconds a move (default 1), unless --player sets movetime=.\n"
      "ini: drawn from the setup matrix's equilibrium mix when there is one (--setup-matrix),\n"
      "  else a short search; ini does not say who moves first: --first (default red).\n\n"
      "Examples:\n  ewn tcg --tables data\n"
      "  ewn tcg --player expectimax:depth=4 --first blue\n"
      "Judged by ewn match, against its built-in engine (docs/ARENA.md):\n"
      "    ewn match --a 'tcg:ewn tcg --player expectimax:depth=3' --b expectimax:depth=3");
  cmd->add_option("--player", opt->player,
                  "The engine (a player spec of ewn match; default expectimax)");
  cmd->add_option("--tables", opt->tables,
                  "Table directory or none (default: $EWN_TABLES or data, if present)");
  cmd->add_option("--setup-matrix", opt->setup_matrix,
                  "The setup matrix for ini (default $EWN_TABLES or data, then "
                  "setup-matrix.ewns, if present)")
      ->type_name("FILE");
  cmd->add_option("--first", opt->first, "Who moves first, for ini: red (default) or blue")
      ->check(CLI::IsMember({"red", "blue"}));
  cmd->add_option("--seed", opt->seed, "Seed of the draws from the equilibrium mix");
  list_exit_codes(cmd, table_failures());
  cmd->callback([opt] { set_exit_code(run_tcg(*opt)); });
}

}  // namespace ewn::cli
