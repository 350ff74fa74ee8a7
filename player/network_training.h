// Training the evaluation network (eval_network.h) by temporal differences in self-play.
//
// The evaluation with the network, V, plays games against itself from random setups. At each
// position before a roll, V is moved towards its one-ply expectimax value -- the mean over die
// faces of the best move's 1 - V(child), a move that wins at once counting 1 -- and the game
// goes on with the rolled face's best move (or, with probability `explore`, a random one).
// With tables, a covered position's target is its exact value and a covered child's value is
// exact too, which anchors the values that flow back towards the opening.
//
// The step is taken on the logit of the part of V that is not an immediate win, by the
// cross-entropy gradient: every tuple weight the position reads moves by rate * (t - sigmoid(z)),
// where t is the target rescaled to that part, and the perceptron by mlp_rate * (t - sigmoid(z))
// times its gradient. One thread, so a seed gives one network.
#pragma once

#include <cstdint>
#include <functional>

#include "eval.h"
#include "eval_network.h"
#include "exact_values.h"

namespace ewn {

struct NetworkTrainingOptions {
  uint64_t games = 1000000;
  double rate = 0.002;     // per tuple weight read, per unit of error on the logit's scale
  double mlp_rate = 0.01;  // the perceptron's step per unit of error (0: train the tuples only)
  double explore = 0.1;    // share of random moves in the self-play games
  uint64_t seed = 1;
};

struct NetworkTrainingStats {
  uint64_t games = 0;
  uint64_t positions = 0;
  double mean_abs_td_error = 0;  // |target - V| before the update, over the last 1000 games
};

// Trains `net` in place on top of the evaluation with `weights`. `tables` may be null.
// `progress` (may be empty) is called after every 1000 games.
NetworkTrainingStats train_network(
    EvalNetwork& net, const EvalWeights& weights, const ExactValues* tables,
    const NetworkTrainingOptions& options,
    const std::function<void(const NetworkTrainingStats&)>& progress);

// V: the evaluation with the network's correction.
inline double evaluate_with(const Position& pos, const EvalWeights& weights,
                            const EvalNetwork& net) {
  return eval_from_inputs(eval_inputs(pos), weights, net.logit(pos));
}

}  // namespace ewn
