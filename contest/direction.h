// The three ways a piece can move, named as players and the contest referee name them:
// Red moves right, down or rightdown; Blue moves left, up or leftup (core/types.h).
#pragma once

#include <optional>
#include <string_view>

#include "types.h"

namespace ewn {

enum class Direction { Right, Down, RightDown, Left, Up, LeftUp };

// The referee's spelling: right, down, rightdown, left, up, leftup.
const char* direction_name(Direction d);
// Which side moves that way.
constexpr Side direction_side(Direction d) {
  return d <= Direction::RightDown ? Red : Blue;
}
// The side's three directions, in the order right/left, down/up, diagonal.
constexpr Direction side_direction(Side side, int k) {
  return Direction(k + 3 * side);
}

// The direction of a one-step move; nullopt if `m` is not a step of either side.
std::optional<Direction> direction_of(Move m);
// The square one step away; nullopt off the board.
std::optional<Square> step(Square from, Direction d);

// Reads a direction word for `side`: the referee's names and short forms (r, d, rd, dr,
// downright, diagonal, diag, x; l, u, lu, ul, upleft). nullopt if it is none of them; a word of
// the other side is reported by `other_side_word`.
std::optional<Direction> parse_direction(Side side, std::string_view word);
bool other_side_word(Side side, std::string_view word);

// "right, down or rightdown" / "left, up or leftup".
const char* direction_list(Side side);

}  // namespace ewn
