// The board as the side to move sees it, the input of the learned corrections (eval_network.h).
//
// Turned so that the mover always plays towards e1 (as Red does), which makes the colour flip
// see the same board. Each square is empty or holds a piece of either side, described by how
// many die faces move it: that, not the number written on the piece, is what matters to the
// game, and renumbering x -> 7 - x keeps it.
#pragma once

#include <array>
#include <cstdint>

#include "material.h"
#include "position.h"

namespace ewn {

// 0: empty; 1..6: a piece of the mover moved by that many faces; 7..12: one of the opponent's.
inline constexpr int kSquareStates = 13;
using MoverView = std::array<uint8_t, kSquares>;

MoverView mover_view(const Position& pos);

// A side's set of pieces up to renumbering x -> 7 - x (which keeps every die face's choice).
// Unlike the tables' canonical_side_mask, a lone piece keeps its number: the networks' material
// weights were laid out this way.
constexpr unsigned canonical_mask(unsigned mask) {
  unsigned reversed = renumber_mask(mask);
  return mask < reversed ? mask : reversed;
}

// The phase of a position with `pieces` on the board: up to 5, 6-7, 8-9, 10-12.
inline constexpr int kPhases = 4;
constexpr int phase_of(int pieces) {
  return pieces <= 5 ? 0 : pieces <= 7 ? 1 : pieces <= 9 ? 2 : 3;
}

}  // namespace ewn
