// Random positions for tuning and measuring: uniform ones, and ones that arise in play.
#pragma once

#include <vector>

#include "position.h"
#include "rng.h"

namespace ewn {

// An undecided position with `red` and `blue` pieces (1..6 each): random numbers, random
// squares, side to move as given.
Position random_position(Rng& rng, int red, int blue, Side to_move);
// An undecided position with `pieces` pieces in all (2..12): a random split between the sides
// (each has at least one), then as above with a random side to move.
Position random_position(Rng& rng, int pieces);

// Positions from games between two "noisy greedy" players (the greedy choice by the untuned
// evaluation, but a random move with probability `noise`) from random setups: every undecided
// position before a roll whose piece count lies in [min_pieces, max_pieces], until `count` are
// collected. Positions from one game are adjacent in the result.
std::vector<Position> positions_from_games(Rng& rng, size_t count, int min_pieces, int max_pieces,
                                           double noise = 0.25);

}  // namespace ewn
