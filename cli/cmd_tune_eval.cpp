// ewn tune-eval: fit the evaluation's weights to exact table values and report its error.
#include <chrono>
#include <cstdio>
#include <iostream>

#include "commands.h"
#include "eval.h"
#include "eval_tuning.h"
#include "json.h"
#include "position_sampler.h"
#include "printable.h"
#include "race.h"
#include "tablebase_values.h"
#include "tables_dir.h"

namespace ewn::cli {

namespace {

struct TuneOptions {
  std::string tables;
  int positions = 20000;
  uint64_t seed = 1;
  int min_pieces = 3;
  int max_pieces = 0;  // 0: what the tables cover
  int rounds = 0;      // bootstrap rounds beyond the tables
  int depth = 2;       // plies of the bootstrap targets' search
  int beyond = 20000;  // positions beyond the tables
  bool json = false;
};

int run_tune(const TuneOptions& opt) {
  std::shared_ptr<const ExactValues> tables;
  try {
    tables = open_tablebase(opt.tables);
  } catch (const std::exception& e) {
    std::cerr << "ewn tune-eval: " << printable(e.what()) << "\n";
    return 2;
  }
  int max_pieces = opt.max_pieces ? opt.max_pieces : tables->max_pieces();
  if (max_pieces > tables->max_pieces() || opt.min_pieces > max_pieces) {
    std::cerr << "ewn tune-eval: the tables cover up to " << tables->max_pieces()
              << " pieces; --min-pieces " << opt.min_pieces << " and --max-pieces " << max_pieces
              << " do not fit\n";
    return 2;
  }
  auto t0 = std::chrono::steady_clock::now();
  Rng rng(opt.seed);
  std::vector<Position> positions =
      positions_from_games(rng, size_t(opt.positions), opt.min_pieces, max_pieces);
  // Hold out the last fifth (whole games apart from one at the seam) to measure on.
  std::vector<EvalSample> train, test;
  std::vector<double> race_error;
  for (size_t i = 0; i < positions.size(); ++i) {
    EvalSample s;
    try {
      s = EvalSample{eval_inputs(positions[i]), *tables->value(positions[i])};
    } catch (const std::exception& e) {
      std::cerr << "ewn tune-eval: " << printable(e.what()) << "\n";
      return 1;
    }
    bool held_out = i >= positions.size() * 4 / 5;
    (held_out ? test : train).push_back(s);
    if (held_out) race_error.push_back(std::abs(race_win_probability(positions[i]) - s.target));
  }
  double race_mae = 0;
  for (double e : race_error) race_mae += e / double(race_error.size());
  EvalWeights fitted = fit_eval_weights(train);

  // Bootstrapping beyond the tables (see eval_tuning.h).
  struct Round {
    EvalWeights weights;
    double exact_test, beyond_test;
  };
  std::vector<Round> rounds;
  if (opt.rounds > 0) {
    std::vector<Position> beyond =
        positions_from_games(rng, size_t(opt.beyond), tables->max_pieces() + 1, 12);
    size_t cut = beyond.size() * 4 / 5;
    std::vector<Position> beyond_train(beyond.begin(), beyond.begin() + long(cut));
    std::vector<Position> beyond_test(beyond.begin() + long(cut), beyond.end());
    EvalWeights w = fitted;
    for (int r = 0; r < opt.rounds; ++r) {
      w = bootstrap_eval_weights(train, beyond_train, tables, w, 1, opt.depth).back();
      // Consistency beyond the tables: the evaluation against a search that uses it.
      auto targets = search_targets(beyond_test, tables, w, opt.depth);
      rounds.push_back(Round{w, mean_absolute_error(test, w), mean_absolute_error(targets, w)});
    }
    fitted = w;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  struct Row {
    const char* name;
    double train, test;
  } rows[] = {
      {"race model alone (turn-count distributions)", -1, race_mae},
      {"structured, untuned weights", mean_absolute_error(train, race_only_weights()),
       mean_absolute_error(test, race_only_weights())},
      {"compiled-in weights", mean_absolute_error(train, tuned_eval_weights()),
       mean_absolute_error(test, tuned_eval_weights())},
      {"fitted now", mean_absolute_error(train, fitted), mean_absolute_error(test, fitted)},
  };
  if (opt.json) {
    Json j;
    j["positions"] = positions.size();
    j["train"] = train.size();
    j["test"] = test.size();
    j["seed"] = opt.seed;
    j["min_pieces"] = opt.min_pieces;
    j["max_pieces"] = max_pieces;
    j["mae_test_race"] = rows[0].test;
    j["mae_test_untuned"] = rows[1].test;
    j["mae_test_compiled"] = rows[2].test;
    j["mae_test_fitted"] = rows[3].test;
    j["rounds"] = Json::array();
    for (const Round& r : rounds)
      j["rounds"].push_back({{"mae_test_exact", r.exact_test}, {"mae_test_search", r.beyond_test}});
    Json& weights = j["weights"];
    weights["bias"] = fitted.bias;
    for (int i = 0; i < kEvalFeatureCount; ++i) weights[eval_feature_name(i)] = fitted.w[i];
    print_json(j);
    return 0;
  }
  std::printf(
      "%zu positions with %d..%d pieces from noisy greedy games (seed %llu): %zu to fit, "
      "%zu held out; %.1f s\n",
      positions.size(), opt.min_pieces, max_pieces, (unsigned long long)opt.seed, train.size(),
      test.size(), seconds);
  std::printf("mean absolute error in win probability (fit set / held out):\n");
  for (const Row& r : rows) {
    if (r.train < 0)
      std::printf("  %-46s      -   / %.4f\n", r.name, r.test);
    else
      std::printf("  %-46s %.4f / %.4f\n", r.name, r.train, r.test);
  }
  for (size_t r = 0; r < rounds.size(); ++r)
    std::printf("  bootstrap round %zu (%d-ply targets beyond the tables)   %.4f, beyond: %.4f\n",
                r + 1, opt.depth, rounds[r].exact_test, rounds[r].beyond_test);
  std::printf("fitted weights (for player/eval_weights.h):\n    %.4f,  // bias\n    {",
              fitted.bias);
  for (int i = 0; i < kEvalFeatureCount; ++i) std::printf("%s%.4f", i ? ", " : "", fitted.w[i]);
  std::printf("},\n  order:");
  for (int i = 0; i < kEvalFeatureCount; ++i) std::printf(" %s", eval_feature_name(i));
  std::printf("\n");
  return 0;
}

}  // namespace

void register_tune_eval(CLI::App& app) {
  auto opt = std::make_shared<TuneOptions>();
  opt->tables = default_tables_dir();
  auto* cmd = app.add_subcommand(
      "tune-eval", "Fit the evaluation to exact table values; report its mean absolute error");
  cmd->footer("Example:\n  ewn tune-eval --tables data --positions 20000");
  cmd->add_option("--tables", opt->tables, "Table directory (default $EWN_TABLES or data)");
  cmd->add_option("--positions", opt->positions, "Positions to sample")
      ->check(CLI::Range(100, 10'000'000));
  cmd->add_option("--seed", opt->seed, "Seed of the sampling games");
  cmd->add_option("--min-pieces", opt->min_pieces, "Fewest pieces of a sampled position")
      ->check(CLI::Range(2, 12));
  cmd->add_option("--max-pieces", opt->max_pieces,
                  "Most pieces of a sampled position (default: what the tables cover)")
      ->check(CLI::Range(2, 12));
  cmd->add_option("--bootstrap", opt->rounds,
                  "Rounds of fitting beyond the tables to search values (default 0)")
      ->check(CLI::Range(0, 100));
  cmd->add_option("--bootstrap-depth", opt->depth, "Plies of the bootstrap targets' search")
      ->check(CLI::Range(1, 8));
  cmd->add_option("--beyond", opt->beyond, "Positions beyond the tables for bootstrapping")
      ->check(CLI::Range(100, 10'000'000));
  cmd->add_flag("--json", opt->json, "Machine-readable summary");
  cmd->callback([opt] { set_exit_code(run_tune(*opt)); });
}

}  // namespace ewn::cli
