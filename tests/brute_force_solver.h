// An exact solver for tests, written independently of the generator and of PositionIndex:
// plain memoized expectimax over positions (SPEC section 4), keyed by the board itself.
// `Number` is double or an exact rational (GMP's mpq_class).
#pragma once

#include <algorithm>
#include <cstdint>
#include <unordered_map>

#include "movegen.h"
#include "position.h"

namespace ewn::test {

// 25 squares x 4 bits would not fit; 12 pieces x 5 bits (square or 31 = absent) + side do.
inline uint64_t position_key(const Position& pos) {
  uint64_t key = pos.to_move;
  for (int side = 0; side < 2; ++side)
    for (int n = 0; n < 6; ++n) {
      Square s = pos.where[side][n];
      key = key << 5 | (s == kNoSquare ? 31u : s);
    }
  return key;
}

template <class Number>
class BruteForceSolver {
 public:
  // Probability that the side to move wins, before rolling. `pos` must be undecided.
  Number value(const Position& pos) {
    uint64_t key = position_key(pos);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    Number sum = 0;
    for (int die = 1; die <= 6; ++die) sum += best_after_die(pos, die);
    Number v = sum / 6;
    memo_.emplace(key, v);
    return v;
  }

  // The mover's best chance once `die` has been rolled.
  Number best_after_die(const Position& pos, int die) {
    Number best = 0;
    for (Move m : legal_moves(pos, die)) {
      Position next = pos;
      next.play(m);
      Number w = next.winner() ? Number(1) : Number(1) - value(next);
      if (w > best) best = w;
    }
    return best;
  }

  size_t memo_size() const { return memo_.size(); }

 private:
  std::unordered_map<uint64_t, Number> memo_;
};

}  // namespace ewn::test
