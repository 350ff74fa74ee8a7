// Random positions for tuning and measuring: uniform ones (core/random_position.h, the one
// generator the tests and benchmarks share), and ones that arise in play.
#pragma once

#include <vector>

#include "position.h"
#include "random_position.h"
#include "rng.h"

namespace ewn {

// Positions from games between two "noisy greedy" players (the greedy choice by the untuned
// evaluation, but a random move with probability `noise`) from random setups: every undecided
// position before a roll whose piece count lies in [min_pieces, max_pieces], until `count` are
// collected. Positions from one game are adjacent in the result.
std::vector<Position> positions_from_games(Rng& rng, size_t count, int min_pieces, int max_pieces,
                                           double noise = 0.25);

}  // namespace ewn
