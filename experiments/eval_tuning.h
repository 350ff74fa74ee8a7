// Fitting the evaluation's weights (eval.h) to exact values.
//
// The weights of V = W + (1 - W) sigmoid(bias + w . features) (eval.h) are fitted to minimise the
// mean absolute error in win probability, the measure reported: Levenberg-Marquardt steps on
// squared errors reweighted by 1 / |error| (iteratively reweighted least squares), starting
// from the plain race model.
#pragma once

#include <memory>
#include <vector>

#include "eval.h"
#include "exact_values.h"
#include "position.h"

namespace ewn {

struct EvalSample {
  EvalInputs inputs;
  double target = 0;  // exact win probability of the side to move
};

EvalWeights fit_eval_weights(const std::vector<EvalSample>& samples, int iterations = 60,
                             double l2 = 1e-6);

// Beyond the tables there are no exact values. Bootstrapping fits the weights, round after
// round, to the exact samples together with positions that have more pieces, whose targets
// are the values of a `depth`-ply search with the tables and the weights of the previous
// round: value iteration anchored in the tables, each round carrying exact knowledge `depth`
// plies further from them. Returns the weights after each round.
std::vector<EvalWeights> bootstrap_eval_weights(const std::vector<EvalSample>& exact,
                                                const std::vector<Position>& beyond,
                                                std::shared_ptr<const ExactValues> tables,
                                                EvalWeights start, int rounds, int depth);
// Targets of `positions`: the value of a `depth`-ply search with the tables and `weights`.
std::vector<EvalSample> search_targets(const std::vector<Position>& positions,
                                       std::shared_ptr<const ExactValues> tables,
                                       const EvalWeights& weights, int depth);
double mean_absolute_error(const std::vector<EvalSample>& samples, const EvalWeights& weights);

}  // namespace ewn
