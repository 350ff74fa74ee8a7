#include "eval.h"

#include <algorithm>
#include <bit>
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

struct FaceCounts {
  double wins = 0;          // share of faces with a move that wins at once
  double captures = 0;      // share of the other faces allowing an enemy capture
  double capture_gain = 0;  // mean over faces of the best such capture's race gain
};

// Squares a piece on each square could move to, as bit sets (bit s for square s).
constexpr auto make_target_bits() {
  std::array<std::array<uint32_t, kSquares>, 2> bits{};
  for (int side = 0; side < 2; ++side)
    for (int s = 0; s < kSquares; ++s) {
      const auto& t = piece_targets(Side(side), Square(s));
      for (int k = 0; k < t.count; ++k) bits[side][s] |= 1u << t.to[k];
    }
  return bits;
}
constexpr auto kTargetBits = make_target_bits();

uint32_t occupied(const Position& pos, Side side) {
  uint32_t bits = 0;
  for (Square s : pos.where[side])
    if (s != kNoSquare) bits |= 1u << s;
  return bits;
}

// For each set of pieces and each subset of it: the die faces (bit f - 1 for face f) on which
// a piece of the subset may move, and each face's movable pieces as a set.
struct FaceTables {
  std::array<std::array<uint8_t, 64>, 64> faces_moving{};
  std::array<std::array<uint8_t, 7>, 64> movable{};
};
constexpr FaceTables make_face_tables() {
  FaceTables t;
  for (unsigned mask = 1; mask < 64; ++mask)
    for (int die = 1; die <= 6; ++die) {
      const Movable& mv = movable_pieces(mask, die);
      for (int i = 0; i < mv.count; ++i) t.movable[mask][die] |= uint8_t(1u << (mv.number[i] - 1));
    }
  for (unsigned mask = 1; mask < 64; ++mask)
    for (unsigned subset = 0; subset < 64; ++subset)
      for (int die = 1; die <= 6; ++die)
        if (t.movable[mask][die] & subset) t.faces_moving[mask][subset] |= uint8_t(1u << (die - 1));
  return t;
}
constexpr FaceTables kFaceTables = make_face_tables();

// k * (1/6) summed one term at a time, as a loop over the faces would.
constexpr auto kSixths = [] {
  std::array<double, 7> t{};
  for (int k = 1; k <= 6; ++k) t[k] = t[k - 1] + 1.0 / 6;
  return t;
}();

// What `side` could do with each die face on the current board: win at once, or capture an
// enemy piece, gaining the difference in the enemy's expected race turns without that piece.
// A hot spot of the search (every leaf calls it twice): sets of pieces and faces are bit sets,
// and the enemy's race state without a victim is derived from its state with it.
FaceCounts face_counts(const Position& pos, Side side, uint32_t enemy_bits, uint32_t enemy_state) {
  const RaceTable& race = race_table();
  Side enemy = opposite(side);
  unsigned own = pos.mask(side), theirs = pos.mask(enemy);
  bool last_enemy = (theirs & (theirs - 1)) == 0;
  uint32_t goal_bit = 1u << goal_of(side);
  double enemy_turns = race.expected_turns(enemy_state);
  // Own pieces that can win at once, and those that can capture with their best gain.
  unsigned winners = 0, capturers = 0;
  std::array<double, 6> gain;
  for (int n = 0; n < 6; ++n) {
    Square from = pos.where[side][n];
    if (from == kNoSquare) continue;
    uint32_t reach = kTargetBits[side][from];
    uint32_t hits = reach & enemy_bits;
    if ((reach & goal_bit) || (hits && last_enemy)) {
      winners |= 1u << n;
      continue;
    }
    if (!hits) continue;
    double best = -1;
    for (; hits; hits &= hits - 1) {
      uint8_t victim = pos.board[std::countr_zero(hits)];
      uint32_t rest = race.state_without(enemy_state, theirs, code_number(victim) - 1);
      best = std::max(best, race.expected_turns(rest) - enemy_turns);
    }
    if (best > -1) {  // a capture that saves the enemy a turn or more counts as none
      gain[n] = best;
      capturers |= 1u << n;
    }
  }
  FaceCounts out;
  unsigned win_faces = kFaceTables.faces_moving[own][winners];
  unsigned capture_faces = kFaceTables.faces_moving[own][capturers] & ~win_faces;
  out.wins = kSixths[std::popcount(win_faces)];
  out.captures = kSixths[std::popcount(capture_faces)];
  for (; capture_faces; capture_faces &= capture_faces - 1) {
    int die = std::countr_zero(capture_faces) + 1;
    double best = -1;
    for (unsigned m = kFaceTables.movable[own][die] & capturers; m; m &= m - 1)
      best = std::max(best, gain[std::countr_zero(m)]);
    out.capture_gain += std::max(0.0, best) / 6;
  }
  return out;
}

}  // namespace

EvalInputs eval_inputs(const Position& pos) {
  EvalInputs in;
  Side me = pos.to_move, them = opposite(me);
  const RaceTable& race = race_table();
  RaceDistances my_distance = race_distances(pos, me), their_distance = race_distances(pos, them);
  uint32_t my_state = race.state(pos.mask(me), my_distance);
  uint32_t their_state = race.state(pos.mask(them), their_distance);
  FaceCounts mine = face_counts(pos, me, occupied(pos, them), their_state);
  FaceCounts theirs = face_counts(pos, them, occupied(pos, me), my_state);
  in.wins_now = mine.wins;
  auto& f = in.f;
  f[kRaceLogit] = logit(race_win_probability(my_state, their_state));
  f[kOpponentWinsNext] = theirs.wins;
  f[kMoverCaptures] = mine.captures;
  f[kMoverCaptureGain] = mine.capture_gain;
  f[kOpponentCaptures] = theirs.captures;
  f[kOpponentCaptureGain] = theirs.capture_gain;
  f[kPieceBalance] = pos.count(me) - pos.count(them);
  return in;
}

double eval_logit(const EvalInputs& in, const EvalWeights& weights) {
  double z = weights.bias;
  for (int i = 0; i < kEvalFeatureCount; ++i) z += weights.w[i] * in.f[i];
  return z;
}

double eval_from_inputs(const EvalInputs& in, const EvalWeights& weights, double extra_logit) {
  double z = eval_logit(in, weights) + extra_logit;
  return in.wins_now + (1 - in.wins_now) / (1 + std::exp(-z));
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
  return eval_from_inputs(eval_inputs(pos), tuned_eval_weights());
}

}  // namespace ewn
