// Helpers shared by the core tests: a rules-independent view of squares (random positions come
// from core/random_position.h).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>

#include "position.h"
#include "random_position.h"
#include "rng.h"

namespace ewn::test {

using Rng = ewn::Rng;  // seedable, and a UniformRandomBitGenerator for the std distributions

inline int uniform(Rng& rng, int lo, int hi) {  // inclusive
  return std::uniform_int_distribution<int>(lo, hi)(rng);
}

// The square maps worked out on files and ranks: the 180 degree turn and the reflection across
// the a5-e1 diagonal (the line file + rank = 5, counting files from 0).
inline Square turned(Square s) {
  return square_at(4 - file_of(s), 6 - rank_of(s));
}
inline Square reflected(Square s) {
  return square_at(5 - rank_of(s), 5 - file_of(s));
}

// Decided without asking Position: a red piece on e1, a blue piece on a5, or a side with none.
inline bool decided_by_hand(const Position& pos) {
  bool red_on_e1 = false, blue_on_a5 = false;
  int red = 0, blue = 0;
  for (int s = 0; s < kSquares; ++s) {
    uint8_t c = pos.board[s];
    if (c == kEmpty) continue;
    bool is_red = c <= 6;
    (is_red ? red : blue) += 1;
    if (is_red && square_at(4, 1) == s) red_on_e1 = true;
    if (!is_red && square_at(0, 5) == s) blue_on_a5 = true;
  }
  return red_on_e1 || blue_on_a5 || red == 0 || blue == 0;
}

}  // namespace ewn::test
