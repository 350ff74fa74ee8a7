// Static evaluation: the side to move's win probability estimated without search.
//
// The base is the race model (race.h): each side's distribution of turns to reach the goal,
// from each piece's distance and how many die faces move it. What the race ignores -- captures
// -- enters through a few features, combined on the logit scale:
//
//   V = sigmoid(bias + race * logit(race value) + sum_i w_i * feature_i)
//
// The weights were fitted to exact table values (see eval_weights.h for how and with what).
#pragma once

#include <array>
#include <string>

#include "position.h"

namespace ewn {

enum EvalFeature : int {
  kRaceLogit,           // logit of the race win probability of the side to move
  kMoverCaptures,       // share of the mover's die faces that allow a capture of an enemy piece
  kOpponentCaptures,    // the same for the opponent on the current board
  kMoverThreatGain,     // expected race gain (turns) of the best capture per mover's face
  kOpponentThreatGain,  // the same for the opponent
  kPieceBalance,        // mover's pieces minus opponent's pieces
  kEvalFeatureCount
};

struct EvalWeights {
  double bias = 0;
  std::array<double, kEvalFeatureCount> w{};
};

using EvalFeatures = std::array<double, kEvalFeatureCount>;

const char* eval_feature_name(int feature);

// Features of an undecided position (no piece on its goal, both sides have pieces).
EvalFeatures eval_features(const Position& pos);
double eval_from_features(const EvalFeatures& f, const EvalWeights& weights);

// The weights the player uses (eval_weights.h) and the untuned race-only model.
const EvalWeights& tuned_eval_weights();
EvalWeights race_only_weights();

// Win probability of the side to move, in (0, 1), with the tuned weights.
double evaluate(const Position& pos);

}  // namespace ewn
