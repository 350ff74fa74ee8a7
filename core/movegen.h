// Which pieces a die lets a side move, and the moves of a piece. No heap allocation.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "types.h"

namespace ewn {

// The pieces (numbers 1..6) a die allows when the side has the pieces in `mask` (bit n-1 for
// piece n): the rolled piece if present, else the nearest lower and the nearest higher ones.
struct Movable {
  uint8_t count = 0;
  std::array<uint8_t, 2> number{};
};

namespace detail {
constexpr Movable compute_movable(unsigned mask, int die) {
  Movable m;
  if (mask & (1u << (die - 1))) {
    m.count = 1;
    m.number[0] = uint8_t(die);
    return m;
  }
  for (int n = die - 1; n >= 1; --n)
    if (mask & (1u << (n - 1))) {
      m.number[m.count++] = uint8_t(n);
      break;
    }
  for (int n = die + 1; n <= 6; ++n)
    if (mask & (1u << (n - 1))) {
      m.number[m.count++] = uint8_t(n);
      break;
    }
  return m;
}

constexpr auto make_movable_table() {
  std::array<std::array<Movable, 7>, 64> t{};
  for (unsigned mask = 1; mask < 64; ++mask)
    for (int die = 1; die <= 6; ++die) t[mask][die] = compute_movable(mask, die);
  return t;
}

struct Targets {
  uint8_t count = 0;
  std::array<Square, 3> to{};
};

constexpr auto make_target_table() {
  std::array<std::array<Targets, kSquares>, 2> t{};
  for (int s = 0; s < kSquares; ++s) {
    int r = row_of(Square(s)), c = col_of(Square(s));
    // Red: right, down, diagonal right-down. Blue: left, up, diagonal left-up.
    Targets red, blue;
    if (c < 4) red.to[red.count++] = Square(s + 1);
    if (r < 4) red.to[red.count++] = Square(s + 5);
    if (c < 4 && r < 4) red.to[red.count++] = Square(s + 6);
    if (c > 0) blue.to[blue.count++] = Square(s - 1);
    if (r > 0) blue.to[blue.count++] = Square(s - 5);
    if (c > 0 && r > 0) blue.to[blue.count++] = Square(s - 6);
    t[Red][s] = red;
    t[Blue][s] = blue;
  }
  return t;
}
}  // namespace detail

inline constexpr auto kMovable = detail::make_movable_table();
inline constexpr auto kTargets = detail::make_target_table();

// `die` in 1..6; mask must be non-empty.
constexpr const Movable& movable_pieces(unsigned mask, int die) {
  return kMovable[mask][die];
}
constexpr const detail::Targets& piece_targets(Side side, Square from) {
  return kTargets[side][from];
}

// A fixed-capacity move list: at most 2 pieces x 3 moves for one die, 6 x 3 for all dice.
struct MoveList {
  std::array<Move, 18> moves{};
  int size = 0;
  void push(Move m) { moves[size++] = m; }
  const Move* begin() const { return moves.data(); }
  const Move* end() const { return moves.data() + size; }
  bool contains(Move m) const {
    for (const Move& x : *this)
      if (x == m) return true;
    return false;
  }
};

struct Position;
// Legal moves of the side to move for a die (1..6). A side with a single piece moves it
// whatever the die. Empty only when the game is decided.
MoveList legal_moves(const Position& pos, int die);
// Every move the side to move could make with some die (each piece's moves).
MoveList all_moves(const Position& pos);
// The dice (bit d-1 for die d) with which `m` is legal.
unsigned dice_allowing(const Position& pos, Move m);

}  // namespace ewn
