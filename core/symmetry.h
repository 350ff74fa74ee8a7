// The three symmetries of SPEC section 5 that keep a position's value for the side to move.
#pragma once

#include "position.h"

namespace ewn {

// Rotate the board 180 degrees and swap the colours (the side to move swaps too).
Position flip_colours(const Position& pos);
// Mirror across the a5-e1 diagonal (files <-> ranks).
Position mirror(const Position& pos);
// Renumber one side's pieces x -> 7-x.
Position renumber(const Position& pos, Side side);

}  // namespace ewn
