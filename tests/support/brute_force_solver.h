// An exact solver for tests, written independently of the generator and of PositionIndex:
// plain memoized expectimax over positions (SPEC section 4), keyed by the board itself.
// `Number` is double or an exact rational (GMP's mpq_class).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "movegen.h"
#include "position.h"

namespace ewn::test {

// 12 pieces x 5 bits (square, or 31 when absent), seen with `mover` as the side to move and
// each square mapped through `map`.
template <class SquareMap>
uint64_t position_key(const Position& pos, SquareMap map) {
  uint64_t key = 0;
  for (Side side : {pos.to_move, opposite(pos.to_move)})
    for (int n = 0; n < 6; ++n) {
      Square s = pos.where[side][n];
      key = key << 5 | (s == kNoSquare ? 31u : map(s));
    }
  return key;
}

// The same key for a position, its colour-flipped twin and their mirror images.
inline uint64_t symmetric_key(const Position& pos) {
  if (pos.to_move == Red)
    return std::min(position_key(pos, [](Square s) { return s; }),
                    position_key(pos, [](Square s) { return mirror_square(s); }));
  return std::min(position_key(pos, [](Square s) { return flip_square(s); }),
                  position_key(pos, [](Square s) { return mirror_square(flip_square(s)); }));
}

template <class Number>
class BruteForceSolver {
 public:
  // Probability that the side to move wins, before rolling. `pos` must be undecided.
  Number value(const Position& pos) {
    // Memoized up to the colour flip and the mirror (values are equal there, SPEC section 5);
    // this shares nothing with the generator's indexing.
    uint64_t key = symmetric_key(pos);
    if (const Number* known = memo_.find(key)) return *known;
    // Each move's outcome once, then the best per die.
    MoveList moves = all_moves(pos);
    std::array<Number, 18> outcome;
    for (int i = 0; i < moves.size; ++i) outcome[i] = after(pos, moves.moves[i]);
    Number sum = 0;
    for (int die = 1; die <= 6; ++die) {
      Number best = 0;
      for (Move m : legal_moves(pos, die))
        for (int i = 0; i < moves.size; ++i)
          if (moves.moves[i] == m && outcome[i] > best) best = outcome[i];
      sum += best;
    }
    Number v = sum / 6;
    memo_.insert(key, v);
    return v;
  }

  // The mover's chance after playing `m`.
  Number after(const Position& pos, Move m) {
    Position next = pos;
    next.play(m);
    return next.winner() ? Number(1) : Number(1) - value(next);
  }

  // The mover's best chance once `die` is rolled.
  Number best_after_die(const Position& pos, int die) {
    Number best = 0;
    for (Move m : legal_moves(pos, die)) best = std::max(best, after(pos, m));
    return best;
  }

 private:
  // Open addressing with linear probing: the 4-piece tests memoize ~10^7 positions, several
  // times faster than a node-based map.
  class Memo {
   public:
    const Number* find(uint64_t key) const {
      if (keys_.empty()) return nullptr;
      for (size_t i = slot(key);; i = (i + 1) & (keys_.size() - 1)) {
        if (keys_[i] == key) return &values_[i];
        if (keys_[i] == kFree) return nullptr;
      }
    }
    void insert(uint64_t key, const Number& v) {
      if (2 * (size_ + 1) > keys_.size()) grow();
      size_t i = slot(key);
      while (keys_[i] != kFree) i = (i + 1) & (keys_.size() - 1);
      keys_[i] = key;
      values_[i] = v;
      ++size_;
    }
    size_t size() const { return size_; }

   private:
    static constexpr uint64_t kFree = ~uint64_t(0);  // no position has this key
    size_t slot(uint64_t key) const {
      return size_t((key * 0x9E3779B97F4A7C15ull) >> 20) & (keys_.size() - 1);
    }
    void grow() {
      std::vector<uint64_t> old_keys = std::move(keys_);
      std::vector<Number> old_values = std::move(values_);
      keys_.assign(old_keys.empty() ? 1024 : 2 * old_keys.size(), kFree);
      values_.assign(keys_.size(), Number(0));
      size_ = 0;
      for (size_t i = 0; i < old_keys.size(); ++i)
        if (old_keys[i] != kFree) insert(old_keys[i], old_values[i]);
    }
    std::vector<uint64_t> keys_;
    std::vector<Number> values_;
    size_t size_ = 0;
  };
  Memo memo_;
};

}  // namespace ewn::test
