// Static evaluation: the side to move's win probability estimated without search.
//
// The part known exactly comes first: W, the share of die faces on which the mover wins at
// once (a piece one step from the goal, or a capture of the last enemy piece). The rest is
// estimated from the race model (race.h) -- each side's distribution of turns to reach the goal,
// from each piece's distance and how many die faces move it -- and from features for what the
// race ignores, captures, combined on the logit scale:
//
//   V = W + (1 - W) * sigmoid(bias + sum_i w_i * feature_i)
//
// The weights are fitted to exact table values (experiments/eval_tuning.h; the fitted values and
// how they were obtained are in eval_weights.h).
#pragma once

#include <array>

#include "position.h"

namespace ewn {

enum EvalFeature : int {
  kRaceLogit,         // logit of the race win probability of the side to move
  kOpponentWinsNext,  // share of the opponent's faces that would win at once (this board)
  kMoverCaptures,     // share of the mover's faces allowing a capture (not a winning one)
  kMoverCaptureGain,  // mean over faces of the best capture's gain in enemy race turns
  kOpponentCaptures,  // the same for the opponent, on this board
  kOpponentCaptureGain,
  kPieceBalance,  // mover's pieces minus opponent's pieces
  kEvalFeatureCount
};

struct EvalWeights {
  double bias = 0;
  std::array<double, kEvalFeatureCount> w{};
};

struct EvalInputs {
  double wins_now = 0;  // W: share of the mover's faces that win at once
  std::array<double, kEvalFeatureCount> f{};
};

// Inputs of an undecided position (no piece on its goal, both sides have pieces).
EvalInputs eval_inputs(const Position& pos);
// `extra_logit` is added to the logit: a learned correction (eval_network.h).
double eval_from_inputs(const EvalInputs& in, const EvalWeights& weights, double extra_logit = 0);
// The logit part alone: bias + w . features.
double eval_logit(const EvalInputs& in, const EvalWeights& weights);

// The weights the player uses (eval_weights.h) and the untuned race-only model.
const EvalWeights& tuned_eval_weights();
EvalWeights race_only_weights();

// Win probability of the side to move, in (0, 1], with the tuned weights.
double evaluate(const Position& pos);

}  // namespace ewn
