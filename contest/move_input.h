// Moves as a person types them, with the reason when one cannot be played.
//
// Accepted (case and spaces do not matter), for the side to move and a rolled die:
//   a5b4, a5-b4, a5 b4     from-square and to-square (SPEC 3)
//   3 down, r3 down, 3d    a piece number and a direction word (direction.h)
//   c5 down                a from-square and a direction
//   down                   the direction, when the die allows a single piece
//   b4                     the to-square, when exactly one legal move goes there
//   3                      the piece, when it has exactly one legal move
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "position.h"

namespace ewn {

struct MoveInput {
  std::optional<Move> move;  // a legal move for the die
  std::string error;         // otherwise: what is wrong, in words for the person typing
};

MoveInput parse_move_input(const Position& pos, int die, std::string_view text);

// Which pieces the die lets the side to move play, e.g. "die 4: Blue moves b4 (on d2)" or
// "die 4: b4 is gone, Blue moves b3 (on c2) or b5 (on e3)".
std::string die_rule_text(const Position& pos, int die);

// "c5d4 (r3 rightdown)" for a move of the side to move in `pos`.
std::string describe_move(const Position& pos, Move m);

// The legal moves for the die, described, comma separated.
std::string legal_moves_text(const Position& pos, int die);

// "r3" / "b5" for a piece code.
std::string piece_name(uint8_t code);

}  // namespace ewn
