// ewn move-quality: how much win probability a player gives away per move, measured on
// positions the tables solve exactly.
#include <cstdio>
#include <iostream>

#include "commands.h"
#include "failures.h"
#include "json.h"
#include "move_quality.h"
#include "play_summaries.h"
#include "player_spec.h"
#include "printable.h"
#include "tablebase_values.h"
#include "tables_dir.h"
#include "tables_hint.h"

namespace ewn::cli {

namespace {

struct QualityOptions {
  std::string player;
  std::string tables;
  int positions = 500;
  int pieces = 0;  // 0: the most the tables cover
  uint64_t seed = 1;
  std::string source = "uniform";
  std::string clock = "wall";
  bool json = false;
};

int run_quality(const QualityOptions& opt) {
  std::shared_ptr<const TablebaseValues> truth;
  std::unique_ptr<PlayerFactory> factory;
  try {
    truth = open_tablebase(opt.tables);
    factory = std::make_unique<PlayerFactory>(parse_player_spec(opt.player));
  } catch (const SpecError& e) {
    return fail("move-quality", opt.json, Failure::BadUse, "bad player: " + printable(e.what()));
  } catch (const std::exception& e) {
    return fail("move-quality", opt.json, failure_of_given_file(e), printable(e.what()));
  }
  // Beyond the complete set, the classes generated one by one (ewn gen --class) of the next
  // piece count: positions are then drawn among theirs.
  const Tablebase& tables = truth->tablebase();
  int covered = tables.complete_up_to() + (tables.partial_classes().empty() ? 0 : 1);
  int pieces = opt.pieces ? opt.pieces : covered;
  if (pieces > covered) {
    return fail("move-quality", opt.json, Failure::NotCovered,
                "the tables in " + printable(opt.tables) + " cover up to " +
                    std::to_string(covered) + " pieces, not " + std::to_string(pieces) +
                    " (generate a few classes of " + std::to_string(pieces) +
                    " pieces with: " + gen_command(pieces, opt.tables, "NAME") + ")");
  }
  if (factory->tables() && factory->tables()->complete_up_to() >= pieces)
    std::cerr << "ewn move-quality: note: the player's own tables cover these positions\n";

  MoveQualityOptions measure;
  measure.positions = opt.positions;
  measure.pieces = pieces;
  measure.seed = opt.seed;
  measure.from_games = opt.source == "games";
  measure.clock = opt.clock == "cpu" ? ClockKind::ThreadCpu : ClockKind::Wall;
  MoveQuality q;
  try {
    q = measure_move_quality(*truth, *factory, measure);
  } catch (const std::exception& e) {
    return fail("move-quality", opt.json, e);
  }
  const int n = q.positions;
  // The classes the positions come from, when not all classes of that piece count.
  std::vector<std::string> classes;
  if (pieces > tables.complete_up_to())
    for (MaterialClass mc : tables.partial_classes()) classes.push_back(mc.name());
  if (opt.json) {
    print_json(move_quality_answer({opt.player, pieces, opt.source, classes, opt.seed}, q));
    return 0;
  }
  std::printf("%s on %d %s %d-piece positions (a rolled die with a choice; seed %llu)\n",
              opt.player.c_str(), n, opt.source == "games" ? "game" : "random", pieces,
              (unsigned long long)opt.seed);
  if (!classes.empty()) {
    std::printf("drawn among the classes whose tables are present:");
    for (const auto& c : classes) std::printf(" %s", c.c_str());
    std::printf("\n");
  }
  std::printf("mean loss in win probability per move %.5f (95%% CI %.5f .. %.5f)\n", q.mean_loss,
              q.ci95_low, q.ci95_high);
  std::printf("best move in %.1f%%; mean time per move %.1f ms (%s clock)\n",
              100.0 * q.best_moves / n, 1000 * q.seconds / n, opt.clock.c_str());
  return 0;
}

}  // namespace

void register_move_quality(CLI::App& app) {
  auto opt = std::make_shared<QualityOptions>();
  auto* cmd = app.add_subcommand(
      "move-quality", "Mean loss in win probability per move, against exact table values");
  cmd->footer(
      "Positions are drawn at random (or from noisy greedy games with --source games) with "
      "exactly --pieces pieces; a die is rolled and positions with a single legal move are "
      "skipped. With a complete set of N-piece tables and a few classes of N+1 pieces (ewn gen "
      "--pieces N+1 --class NAME), --pieces N+1 draws among those classes' positions. The loss of "
      "a move is the best move's exact value minus the chosen one's.\n\n"
      "Example:\n  ewn move-quality --player expectimax:movetime=100ms --tables data");
  cmd->add_option("--player", opt->player, "Player spec, as for ewn match")->required();
  add_tables_option(cmd, opt->tables, "Directory of table files");
  cmd->add_option("--positions", opt->positions, "Number of positions")
      ->check(CLI::Range(1, 10'000'000));
  cmd->add_option("--pieces", opt->pieces, "Pieces on the board (default: all the tables cover)")
      ->check(CLI::Range(2, 12));
  cmd->add_option("--seed", opt->seed, "Seed of the positions and dice");
  cmd->add_option("--source", opt->source, "uniform (default) or games")
      ->check(CLI::IsMember({"uniform", "games"}));
  cmd->add_option("--clock", opt->clock, "Time limits on the wall clock or the CPU time")
      ->check(CLI::IsMember({"wall", "cpu"}));
  cmd->add_flag("--json", opt->json, "Machine-readable summary");
  std::vector<Failure> failures = table_failures();
  failures.insert(failures.begin(), Failure::NotCovered);
  failures.push_back(Failure::Unavailable);
  list_exit_codes(cmd, failures);
  cmd->callback([opt] { set_exit_code(run_quality(*opt)); });
}

}  // namespace ewn::cli
