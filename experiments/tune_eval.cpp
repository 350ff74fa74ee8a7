// tune_eval: fit the evaluation's weights to exact table values and report its error. The
// weights it prints are compiled into the player (player/eval_weights.h); the program itself is
// a study, not part of the product (experiments/).
#include <array>
#include <cstdio>
#include <iostream>

#include <CLI/CLI.hpp>

#include "eval_tuning_study.h"
#include "json_text.h"
#include "printable.h"
#include "table_directory.h"
#include "tablebase_values.h"

namespace {

using namespace ewn;
using ewn::default_tables_dir;
using ewn::print_json;

// The names of the evaluation's features (EvalFeature, eval.h, in its order) in the report.
const char* eval_feature_name(int feature) {
  static const char* const names[kEvalFeatureCount] = {
      "race_logit",        "opponent_wins_next",    "mover_captures", "mover_capture_gain",
      "opponent_captures", "opponent_capture_gain", "piece_balance"};
  return names[feature];
}

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

// The study as one JSON document; `tests`: the held-out errors of the race model, the untuned,
// the compiled-in and the fitted weights.
void print_study_json(const TuneOptions& opt, int max_pieces, const EvalTuningStudy& study,
                      const std::array<double, 4>& tests) {
  const EvalWeights& fitted = study.weights;
  Json j;
  j["positions"] = study.positions;
  j["train"] = study.train;
  j["test"] = study.test;
  j["seed"] = opt.seed;
  j["min_pieces"] = opt.min_pieces;
  j["max_pieces"] = max_pieces;
  j["mae_test_race"] = tests[0];
  j["mae_test_untuned"] = tests[1];
  j["mae_test_compiled"] = tests[2];
  j["mae_test_fitted"] = tests[3];
  j["rounds"] = Json::array();
  for (const EvalTuningStudy::Round& r : study.rounds)
    j["rounds"].push_back({{"mae_test_exact", r.exact_test}, {"mae_test_search", r.beyond_test}});
  Json& weights = j["weights"];
  weights["bias"] = fitted.bias;
  for (int i = 0; i < kEvalFeatureCount; ++i) weights[eval_feature_name(i)] = fitted.w[i];
  print_json(j);
}

int run_tune(const TuneOptions& opt) {
  std::shared_ptr<const ExactValues> tables;
  try {
    tables = open_tablebase(opt.tables);
  } catch (const std::exception& e) {
    std::cerr << "tune_eval: " << printable(e.what()) << "\n";
    return 2;
  }
  int max_pieces = opt.max_pieces ? opt.max_pieces : tables->complete_up_to();
  if (max_pieces > tables->complete_up_to() || opt.min_pieces > max_pieces) {
    std::cerr << "tune_eval: the tables cover up to " << tables->complete_up_to()
              << " pieces; --min-pieces " << opt.min_pieces << " and --max-pieces " << max_pieces
              << " do not fit\n";
    return 2;
  }
  EvalTuningOptions run;
  run.positions = opt.positions;
  run.seed = opt.seed;
  run.min_pieces = opt.min_pieces;
  run.max_pieces = max_pieces;
  run.rounds = opt.rounds;
  run.depth = opt.depth;
  run.beyond = opt.beyond;
  EvalTuningStudy study;
  try {
    study = run_eval_tuning(tables, run);
  } catch (const std::exception& e) {
    std::cerr << "tune_eval: " << printable(e.what()) << "\n";
    return 1;
  }
  const EvalWeights& fitted = study.weights;
  struct Row {
    const char* name;
    double train, test;
  } rows[] = {
      {"race model alone (turn-count distributions)", -1, study.race_test},
      {"structured, untuned weights", study.untuned.train, study.untuned.test},
      {"compiled-in weights", study.compiled.train, study.compiled.test},
      {"fitted now", study.fitted.train, study.fitted.test},
  };
  if (opt.json) {
    print_study_json(opt, max_pieces, study,
                     {rows[0].test, rows[1].test, rows[2].test, rows[3].test});
    return 0;
  }
  std::printf(
      "%zu positions with %d..%d pieces from noisy greedy games (seed %llu): %zu to fit, "
      "%zu held out; %.1f s\n",
      study.positions, opt.min_pieces, max_pieces, (unsigned long long)opt.seed, study.train,
      study.test, study.seconds);
  std::printf("mean absolute error in win probability (fit set / held out):\n");
  for (const Row& r : rows) {
    if (r.train < 0)
      std::printf("  %-46s      -   / %.4f\n", r.name, r.test);
    else
      std::printf("  %-46s %.4f / %.4f\n", r.name, r.train, r.test);
  }
  for (size_t r = 0; r < study.rounds.size(); ++r)
    std::printf("  bootstrap round %zu (%d-ply targets beyond the tables)   %.4f, beyond: %.4f\n",
                r + 1, opt.depth, study.rounds[r].exact_test, study.rounds[r].beyond_test);
  std::printf("fitted weights (for player/eval_weights.h):\n    %.4f,  // bias\n    {",
              fitted.bias);
  for (int i = 0; i < kEvalFeatureCount; ++i) std::printf("%s%.4f", i ? ", " : "", fitted.w[i]);
  std::printf("},\n  order:");
  for (int i = 0; i < kEvalFeatureCount; ++i) std::printf(" %s", eval_feature_name(i));
  std::printf("\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  TuneOptions opt;
  opt.tables = default_tables_dir();
  CLI::App app{
      "tune_eval - fit the evaluation to exact table values; report its mean absolute "
      "error"};
  app.footer("Example:\n  tune_eval --tables data --positions 20000");
  app.add_option("--tables", opt.tables, "Table directory (default $EWN_TABLES or data)");
  app.add_option("--positions", opt.positions, "Positions to sample")
      ->check(CLI::Range(100, 10'000'000));
  app.add_option("--seed", opt.seed, "Seed of the sampling games");
  app.add_option("--min-pieces", opt.min_pieces, "Fewest pieces of a sampled position")
      ->check(CLI::Range(2, 12));
  app.add_option("--max-pieces", opt.max_pieces,
                 "Most pieces of a sampled position (default: what the tables cover)")
      ->check(CLI::Range(2, 12));
  app.add_option("--bootstrap", opt.rounds,
                 "Rounds of fitting beyond the tables to search values (default 0)")
      ->check(CLI::Range(0, 100));
  app.add_option("--bootstrap-depth", opt.depth, "Plies of the bootstrap targets' search")
      ->check(CLI::Range(1, 8));
  app.add_option("--beyond", opt.beyond, "Positions beyond the tables for bootstrapping")
      ->check(CLI::Range(100, 10'000'000));
  app.add_flag("--json", opt.json, "Machine-readable summary");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);    // prints the help, or the message of a bad use
    return code == 0 ? 0 : 2;  // bad use exits 2, as in ewn
  }
  return run_tune(opt);
}
