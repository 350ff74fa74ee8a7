// The evaluation-tuning study (experiments/eval_tuning_study.h) on the brute-force solver's values.
#include <catch2/catch.hpp>

#include "eval_tuning_study.h"
#include "player_test_support.h"

using namespace ewn;

namespace {

EvalTuningOptions small_study() {
  EvalTuningOptions opt;
  opt.positions = 400;
  opt.seed = 3;
  opt.min_pieces = 2;
  opt.max_pieces = 3;
  return opt;
}

}  // namespace

TEST_CASE("eval tuning: a fifth held out, the fit better than untuned weights, repeatable") {
  auto truth = std::make_shared<test::BruteForceValues>(3);
  EvalTuningStudy a = run_eval_tuning(truth, small_study());
  CHECK(a.positions >= 400);
  CHECK(a.train + a.test == a.positions);
  CHECK(a.test == a.positions - a.positions * 4 / 5);
  CHECK(a.fitted.train < a.untuned.train);
  CHECK(a.race_test > 0);
  CHECK(a.rounds.empty());
  EvalTuningStudy b = run_eval_tuning(truth, small_study());
  CHECK(a.fitted.test == b.fitted.test);
  CHECK(a.weights.bias == b.weights.bias);
}

TEST_CASE("eval tuning: each bootstrap round is measured on both sides of the tables") {
  auto truth = std::make_shared<test::BruteForceValues>(3);
  EvalTuningOptions opt = small_study();
  opt.rounds = 2;
  opt.depth = 1;
  opt.beyond = 100;
  EvalTuningStudy s = run_eval_tuning(truth, opt);
  REQUIRE(s.rounds.size() == 2);
  for (const auto& r : s.rounds) {
    CHECK(r.exact_test > 0);
    CHECK(r.beyond_test > 0);
  }
  CHECK(s.fitted.test == s.rounds.back().exact_test);
}
