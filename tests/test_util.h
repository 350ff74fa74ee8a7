// Helpers shared by the core tests: random positions and a rules-independent view of squares.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>

#include "position.h"

namespace ewn::test {

using Rng = std::mt19937_64;

inline int uniform(Rng& rng, int lo, int hi) {  // inclusive
  return std::uniform_int_distribution<int>(lo, hi)(rng);
}

// A random set of `count` piece numbers (1..6) as a mask.
inline unsigned random_mask(Rng& rng, int count) {
  std::array<int, 6> numbers = {1, 2, 3, 4, 5, 6};
  std::shuffle(numbers.begin(), numbers.end(), rng);
  unsigned mask = 0;
  for (int i = 0; i < count; ++i) mask |= 1u << (numbers[i] - 1);
  return mask;
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

// A random position with `pieces` pieces (2..12), each side holding at least one, both sides'
// numbers and squares random, random side to move. `undecided` retries until nobody has won;
// otherwise only the impossible "both sides on their goal corners" is avoided.
inline Position random_position(Rng& rng, int pieces, bool undecided) {
  for (;;) {
    int red = uniform(rng, std::max(1, pieces - 6), std::min(6, pieces - 1));
    int blue = pieces - red;
    std::array<int, kSquares> squares{};
    for (int s = 0; s < kSquares; ++s) squares[s] = s;
    std::shuffle(squares.begin(), squares.end(), rng);
    Position pos;
    int next = 0;
    for (Side side : {Red, Blue}) {
      unsigned mask = random_mask(rng, side == Red ? red : blue);
      for (int n = 1; n <= 6; ++n)
        if (mask & (1u << (n - 1))) pos.put(side, n, Square(squares[next++]));
    }
    pos.to_move = uniform(rng, 0, 1) ? Blue : Red;
    bool red_home = pos.board[kRedGoal] != kEmpty && code_side(pos.board[kRedGoal]) == Red;
    bool blue_home = pos.board[kBlueGoal] != kEmpty && code_side(pos.board[kBlueGoal]) == Blue;
    if (red_home && blue_home) continue;
    if (undecided && decided_by_hand(pos)) continue;
    return pos;
  }
}

}  // namespace ewn::test
