// The evaluation-tuning study (tune_eval): positions from noisy greedy games, their exact
// values as targets, the weights fitted on four fifths of them (eval_tuning.h) and every
// evaluation's error measured on the fifth held out, optionally bootstrapped beyond the tables.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "eval.h"
#include "exact_values.h"

namespace ewn {

struct EvalTuningOptions {
  int positions = 20000;  // sampled, with exact values
  uint64_t seed = 1;      // of the sampling games
  int min_pieces = 3;     // pieces of a sampled position: min_pieces..max_pieces, within what
  int max_pieces = 0;     // the tables cover
  int rounds = 0;         // bootstrap rounds beyond the tables (eval_tuning.h)
  int depth = 2;          // plies of the bootstrap targets' search
  int beyond = 20000;     // positions beyond the tables for bootstrapping
};

// Mean absolute error in win probability on the positions fitted to and on those held out.
struct EvalError {
  double train = 0, test = 0;
};

struct EvalTuningStudy {
  size_t positions = 0, train = 0, test = 0;
  double race_test = 0;  // the race model alone (turn-count distributions), held out
  EvalError untuned;     // the structured evaluation with untuned weights
  EvalError compiled;    // the compiled-in weights
  EvalError fitted;      // the weights fitted now
  // Each bootstrap round's error on the held-out exact positions and, beyond the tables,
  // against a search that uses its weights (their consistency).
  struct Round {
    double exact_test = 0, beyond_test = 0;
  };
  std::vector<Round> rounds;
  EvalWeights weights;  // fitted (after the last bootstrap round, if any)
  double seconds = 0;   // sampling, fitting and bootstrapping
};

// Throws what `tables` throws (a damaged table).
EvalTuningStudy run_eval_tuning(std::shared_ptr<const ExactValues> tables,
                                const EvalTuningOptions& options);

}  // namespace ewn
