// Random positions, one generator for every use: the player's sampling for tuning and measuring
// (player/position_sampler.h), the tests and the benchmarks.
#pragma once

#include "position.h"
#include "rng.h"

namespace ewn {

// An undecided position with `red` and `blue` pieces (1..6 each): random numbers, random
// squares, side to move as given.
Position random_position(Rng& rng, int red, int blue, Side to_move);
// An undecided position with `pieces` pieces in all (2..12): a random split between the sides
// (each has at least one), then as above with a random side to move.
Position random_position(Rng& rng, int pieces);
// As random_position(rng, pieces), but decided ones too (a piece on its goal corner, never both
// sides at once: no game reaches that), for the rules and the notation.
Position random_position_any(Rng& rng, int pieces);

}  // namespace ewn
