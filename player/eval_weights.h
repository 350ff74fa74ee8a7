// Weights of the evaluation (eval.h), fitted to exact values of the <= 5-piece tables:
//
//   ewn gen --pieces 5 --tables data
//   tune_eval --tables data --positions 40000 --seed 1   (experiments/, -DEWN_EXPERIMENTS=ON)
//
// 40000 positions with 3..5 pieces from noisy greedy games, 32000 to fit and 8000 held out.
// Mean absolute error in win probability on the held-out positions: 0.1251 for the race model
// alone, 0.1253 for the structured model with untuned weights (race logit 1, the rest 0),
// 0.0939 with these weights.
#pragma once

#include "eval.h"

namespace ewn {

inline constexpr EvalWeights kTunedEvalWeights = {
    -0.0571,  // bias
    {0.8049, -1.3432, 0.3349, 1.6413, 0.0141, -0.4281, 0.2843},
};

}  // namespace ewn
