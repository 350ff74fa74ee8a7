// Turn-count distributions: how many turns a side needs to bring a piece home if nobody
// interfered (the race model of the Zweistein program, 2023).
//
// A red piece on (row, col) is max(4 - row, 4 - col) moves from e1, a blue one max(row, col)
// moves from a5: a diagonal step always shortens both coordinates. Each turn the die decides
// which pieces may move (SPEC 1), and the side advances the one that minimises its expected
// number of turns. The distribution of that number T, per side, is tabulated for every set of
// pieces and every distance vector (15624 states). Captures and the opponent are ignored; the
// race value of a position follows from the two sides' distributions and who moves first.
#pragma once

#include <array>
#include <cstdint>

#include "position.h"

namespace ewn {

// No state needs more: each turn advances some piece, and six pieces 4 moves away reach the
// goal after at most 6 * 3 + 1 = 19 turns.
constexpr int kMaxRaceTurns = 20;

// P(T = t) for t = 1..kMaxRaceTurns (index 0 unused).
using TurnDistribution = std::array<float, kMaxRaceTurns + 1>;

constexpr int race_distance(Side side, Square s) {
  int r = row_of(s), c = col_of(s);
  return side == Red ? (4 - r > 4 - c ? 4 - r : 4 - c) : (r > c ? r : c);
}

// Builds the tables now (they are built on first use otherwise, which would cost that move
// a few milliseconds).
void prepare_race_tables();

// The distribution for `side` in `pos`; the side must have a piece and none on its goal.
const TurnDistribution& turn_distribution(const Position& pos, Side side);

// Expected number of turns `side` needs in `pos` under the same model.
double expected_turns(const Position& pos, Side side);

// Race distances of a side's pieces by number (index number - 1; absent pieces ignored).
using RaceDistances = std::array<uint8_t, 6>;
RaceDistances race_distances(const Position& pos, Side side);
// Expected turns for a side holding `mask` (non-empty) at the given distances (1..4).
double expected_turns(unsigned mask, const RaceDistances& distance);

// Probability that the side to move wins the race: it moves first, so it wins when it needs no
// more turns than the opponent. sum_t P(T_me = t) * P(T_opp >= t).
double race_win_probability(const Position& pos);
double race_win_probability(const TurnDistribution& mover, const TurnDistribution& opponent);

}  // namespace ewn
