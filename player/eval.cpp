#include "eval.h"

#include <algorithm>
#include <cmath>

#include "eval_weights.h"
#include "movegen.h"
#include "race.h"

namespace ewn {

namespace {

double logit(double p) {
  p = std::clamp(p, 1e-6, 1 - 1e-6);
  return std::log(p / (1 - p));
}

// A capture of the last enemy piece wins outright; counted as this many turns of race gain.
constexpr double kWinningCaptureGain = 8.0;

// Over the die faces of `side` on the current board: the share of faces that allow capturing an
// enemy piece, and the mean over faces of the best such capture's gain in the enemy's expected
// turns (the race table tells how much slower the enemy gets without that piece).
void capture_features(const Position& pos, Side side, double& share, double& gain) {
  Side enemy = opposite(side);
  unsigned own = pos.mask(side), theirs = pos.mask(enemy);
  RaceDistances enemy_d = race_distances(pos, enemy);
  double enemy_turns = expected_turns(theirs, enemy_d);
  std::array<double, 7> gain_of{};  // by captured piece number, computed once
  std::array<bool, 7> known{};
  int faces = 0;
  double total = 0;
  for (int die = 1; die <= 6; ++die) {
    const Movable& mv = movable_pieces(own, die);
    double best = -1;
    for (int i = 0; i < mv.count; ++i) {
      const auto& t = piece_targets(side, pos.square_of(side, mv.number[i]));
      for (int k = 0; k < t.count; ++k) {
        uint8_t victim = pos.board[t.to[k]];
        if (victim == kEmpty || code_side(victim) != enemy) continue;
        int n = code_number(victim);
        if (!known[n]) {
          known[n] = true;
          unsigned rest = theirs & ~(1u << (n - 1));
          gain_of[n] = rest ? expected_turns(rest, enemy_d) - enemy_turns : kWinningCaptureGain;
        }
        best = std::max(best, gain_of[n]);
      }
    }
    if (best > -1) {
      ++faces;
      total += std::max(0.0, best);
    }
  }
  share = faces / 6.0;
  gain = total / 6;
}

}  // namespace

const char* eval_feature_name(int feature) {
  static const char* const names[kEvalFeatureCount] = {
      "race_logit",         "mover_captures",        "opponent_captures",
      "mover_capture_gain", "opponent_capture_gain", "piece_balance"};
  return feature >= 0 && feature < kEvalFeatureCount ? names[feature] : "?";
}

EvalFeatures eval_features(const Position& pos) {
  EvalFeatures f{};
  Side me = pos.to_move, them = opposite(me);
  f[kRaceLogit] = logit(race_win_probability(pos));
  capture_features(pos, me, f[kMoverCaptures], f[kMoverThreatGain]);
  capture_features(pos, them, f[kOpponentCaptures], f[kOpponentThreatGain]);
  f[kPieceBalance] = pos.count(me) - pos.count(them);
  return f;
}

double eval_from_features(const EvalFeatures& f, const EvalWeights& weights) {
  double z = weights.bias;
  for (int i = 0; i < kEvalFeatureCount; ++i) z += weights.w[i] * f[i];
  return 1 / (1 + std::exp(-z));
}

EvalWeights race_only_weights() {
  EvalWeights w;
  w.w[kRaceLogit] = 1;
  return w;
}

const EvalWeights& tuned_eval_weights() {
  static const EvalWeights weights = kTunedEvalWeights;
  return weights;
}

double evaluate(const Position& pos) {
  return eval_from_features(eval_features(pos), tuned_eval_weights());
}

}  // namespace ewn
