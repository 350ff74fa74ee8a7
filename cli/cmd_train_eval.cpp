// ewn train-eval: train the evaluation network (eval_network.h) by self-play (network_training.h).
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "commands.h"
#include "failures.h"
#include "json.h"
#include "network_training.h"
#include "printable.h"
#include "progress_line.h"
#include "race.h"
#include "summaries.h"
#include "tablebase_values.h"
#include "tables_dir.h"

namespace ewn::cli {

namespace {

struct TrainOptions {
  std::string tables;
  std::string out;    // "": eval.ewnn in the table directory
  std::string start;  // network to continue from
  NetworkTrainingOptions training;
  bool json = false;
  bool quiet = false;
};

int run_train(TrainOptions opt) {
  if (opt.out.empty()) {
    if (opt.tables == "none")
      return fail("train-eval", opt.json, Failure::BadUse,
                  "without tables, say where to write the network with --out");
    opt.out = (std::filesystem::path(opt.tables) / kDefaultNetworkFile).string();
  }
  std::shared_ptr<const ExactValues> tables;
  EvalNetwork net;
  try {
    if (opt.tables != "none") tables = open_tablebase(opt.tables);
    if (!opt.start.empty()) net = EvalNetwork::load(opt.start);
  } catch (const std::exception& e) {
    return fail("train-eval", opt.json, failure_of_given_file(e), printable(e.what()));
  }
  prepare_race_tables();
  ProgressLine line;
  uint64_t total = opt.training.games;
  auto progress = [&](const NetworkTrainingStats& s) {
    if (opt.quiet || (s.games % 1000 != 0 && s.games != total)) return;
    double t = line.elapsed_seconds();
    char buf[160];
    std::snprintf(buf, sizeof buf, "[%llu/%llu games] %.0f games/s, TD error %.4f  %s",
                  (unsigned long long)s.games, (unsigned long long)total,
                  t > 0 ? double(s.games) / t : 0.0, s.mean_abs_td_error,
                  eta_text(double(s.games), double(total), t).c_str());
    line.show(buf, s.games == total);
  };
  NetworkTrainingStats stats;
  try {
    stats = train_network(net, tuned_eval_weights(), tables.get(), opt.training, progress);
    line.finish();
    net.save(opt.out);
  } catch (const std::exception& e) {
    line.finish();
    return fail("train-eval", opt.json, e);
  }
  if (opt.json) {
    print_json(train_eval_answer(
        {stats.games, stats.positions, stats.mean_abs_td_error, line.elapsed_seconds(), opt.out}));
  } else {
    std::printf("%llu games, %llu positions in %.1f s; TD error over the last 1000 games %.4f\n",
                (unsigned long long)stats.games, (unsigned long long)stats.positions,
                line.elapsed_seconds(), stats.mean_abs_td_error);
    std::printf("wrote %s (use it with expectimax:net=%s)\n", opt.out.c_str(), opt.out.c_str());
  }
  return 0;
}

}  // namespace

void register_train_eval(CLI::App& app) {
  auto opt = std::make_shared<TrainOptions>();
  auto* cmd = app.add_subcommand(
      "train-eval", "Train the evaluation network (n-tuples and a perceptron) by self-play");
  cmd->footer(
      "The network corrects the evaluation's logit from the board: n-tuples read the pieces'\n"
      "local shapes, a small perceptron the whole board. The player uses it with\n"
      "expectimax:net=FILE.\n\n"
      "Example:\n  ewn train-eval --tables data --games 1000000   (writes data/eval.ewnn)");
  add_tables_option(cmd, opt->tables, "Directory of table files for exact targets, or none");
  cmd->add_option("--out", opt->out,
                  "Network file to write (default: eval.ewnn in the table directory, where ewn "
                  "play and ewn connect find it)");
  cmd->add_option("--start", opt->start, "Continue training this network file");
  cmd->add_option("--games", opt->training.games, "Self-play games (default 1000000, 3 to 4 min)")
      ->check(CLI::Range(uint64_t(1), uint64_t(1) << 40));
  cmd->add_option("--rate", opt->training.rate, "Learning rate per n-tuple weight")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--mlp-rate", opt->training.mlp_rate,
                  "Learning rate of the perceptron over the board (0: leave it untrained)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--explore", opt->training.explore, "Share of random moves")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_option("--seed", opt->training.seed, "Seed of the games");
  cmd->add_flag("--json", opt->json, "Machine-readable summary");
  cmd->add_flag("--quiet,-q", opt->quiet, "No progress lines");
  std::vector<Failure> failures = table_failures();
  failures.push_back(Failure::Unavailable);
  list_exit_codes(cmd, failures);
  cmd->callback([opt] { set_exit_code(run_train(*opt)); });
}

}  // namespace ewn::cli
