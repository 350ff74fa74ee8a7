// Test support for the player: random undecided positions, and a brute-force exact solver of
// small positions that stands in for tables (an independent check of the search).
#pragma once

#include <cmath>
#include <unordered_map>

#include "exact_values.h"
#include "movegen.h"
#include "position.h"
#include "position_sampler.h"
#include "rng.h"
#include "search.h"
#include "zobrist.h"

namespace ewn::test {

using ewn::random_position;

// Exact values by plain recursion with memoisation (SPEC 4), for positions of few pieces.
class BruteForceValues : public ExactValues {
 public:
  explicit BruteForceValues(int max_pieces) : complete_up_to_(max_pieces) {}
  int complete_up_to() const override { return complete_up_to_; }
  std::optional<double> value(const Position& pos) const override {
    if (!has_value_for(pos)) return std::nullopt;
    return solve(pos);
  }
  std::optional<std::vector<ExactMoveValue>> move_values(const Position& pos,
                                                         int die) const override {
    if (!has_value_for(pos)) return std::nullopt;
    std::vector<ExactMoveValue> out;
    for (Move m : legal_moves(pos, die)) out.push_back(move_value(pos, m));
    return out;
  }
  double die_value(const Position& pos, int die) const {
    double best = 0;
    for (Move m : legal_moves(pos, die)) best = std::max(best, move_value(pos, m).value);
    return best;
  }
  double solve(const Position& pos) const {
    uint64_t key = zobrist_key(pos);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    double v = 0;
    for (int die = 1; die <= 6; ++die) v += die_value(pos, die) / 6;
    memo_[key] = v;
    return v;
  }

 private:
  ExactMoveValue move_value(const Position& pos, Move m) const {
    if (wins_at_once(pos, m)) return {m, 1.0, true};
    Position child = pos;
    child.play(m);
    return {m, 1 - solve(child), false};
  }
  int complete_up_to_;
  mutable std::unordered_map<uint64_t, double> memo_;
};

}  // namespace ewn::test
