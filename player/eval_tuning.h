// Fitting the evaluation's weights (eval.h) to exact values.
//
// The weights of V = W + (1 - W) sigmoid(bias + w . features) (eval.h) are fitted to minimise the
// mean absolute error in win probability, the measure reported: Levenberg-Marquardt steps on
// squared errors reweighted by 1 / |error| (iteratively reweighted least squares), starting
// from the plain race model.
#pragma once

#include <vector>

#include "eval.h"

namespace ewn {

struct EvalSample {
  EvalInputs inputs;
  double target = 0;  // exact win probability of the side to move
};

EvalWeights fit_eval_weights(const std::vector<EvalSample>& samples, int iterations = 60,
                             double l2 = 1e-6);
double mean_absolute_error(const std::vector<EvalSample>& samples, const EvalWeights& weights);

}  // namespace ewn
