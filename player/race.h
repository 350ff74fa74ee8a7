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
#include <bit>
#include <cstdint>
#include <vector>

#include "position.h"

namespace ewn {

// No state needs more: each turn advances some piece, and six pieces 4 moves away reach the
// goal after at most 6 * 3 + 1 = 19 turns.
constexpr int kMaxRaceTurns = 20;

// Indexed by turns t = 1..kMaxRaceTurns (index 0 unused).
using TurnDistribution = std::array<float, kMaxRaceTurns + 1>;

constexpr int race_distance(Side side, Square s) {
  int r = row_of(s), c = col_of(s);
  return side == Red ? (4 - r > 4 - c ? 4 - r : 4 - c) : (r > c ? r : c);
}

// Race distances of a side's pieces by number (index number - 1; absent pieces ignored).
using RaceDistances = std::array<uint8_t, 6>;

class RaceTable {
 public:
  RaceTable();
  // The state of a side holding `mask` (non-empty) at the given distances (1..4).
  uint32_t state(unsigned mask, const RaceDistances& distance) const {
    uint32_t code = 0;
    int k = 0;
    for (int n = 0; n < 6; ++n)
      if (mask & (1u << n)) code |= uint32_t(distance[n] - 1) << (2 * k++);
    return offset_[mask] + code;
  }
  // The state of the same side without its piece `number` - 1 = n (in `mask`, not alone):
  // the piece's two bits leave the code and the pieces above it move down.
  uint32_t state_without(uint32_t state, unsigned mask, int n) const {
    uint32_t code = state - offset_[mask];
    int k = std::popcount(mask & ((1u << n) - 1));
    uint32_t low = code & ((1u << (2 * k)) - 1);
    return offset_[mask & ~(1u << n)] + (low | ((code >> (2 * k + 2)) << (2 * k)));
  }
  // P(T = t) and P(T >= t).
  const TurnDistribution& distribution(uint32_t state) const { return dist_[state]; }
  const TurnDistribution& at_least(uint32_t state) const { return tail_[state]; }
  double expected_turns(uint32_t state) const { return expect_[state]; }

 private:
  void solve(unsigned mask, unsigned code);
  std::array<uint32_t, 64> offset_{};
  std::vector<TurnDistribution> dist_, tail_;
  std::vector<double> expect_;
};

// The table, built on first use (a few milliseconds).
inline const RaceTable& race_table() {
  static const RaceTable table;
  return table;
}
// Builds the table now rather than during some player's move.
inline void prepare_race_tables() {
  race_table();
}

RaceDistances race_distances(const Position& pos, Side side);
inline uint32_t race_state(const Position& pos, Side side) {
  return race_table().state(pos.mask(side), race_distances(pos, side));
}

// Expected number of turns `side` needs in `pos` under the same model.
inline double expected_turns(const Position& pos, Side side) {
  return race_table().expected_turns(race_state(pos, side));
}
inline double expected_turns(unsigned mask, const RaceDistances& distance) {
  return race_table().expected_turns(race_table().state(mask, distance));
}

// Probability that the side to move wins the race: it moves first, so it wins when it needs no
// more turns than the opponent: sum_t P(T_me = t) * P(T_opp >= t).
inline double race_win_probability(uint32_t mover_state, uint32_t opponent_state) {
  const TurnDistribution& p = race_table().distribution(mover_state);
  const TurnDistribution& q = race_table().at_least(opponent_state);
  float sum = 0;
  for (int t = 1; t <= kMaxRaceTurns; ++t) sum += p[t] * q[t];
  return sum;
}
inline double race_win_probability(const Position& pos) {
  return race_win_probability(race_state(pos, pos.to_move), race_state(pos, opposite(pos.to_move)));
}

}  // namespace ewn
