#include "race.h"

#include <bit>

#include "movegen.h"

namespace ewn {

// States of one mask are numbered in mixed radix 4 over its pieces in ascending order; masks
// follow each other.
RaceTable::RaceTable() {
  uint32_t next = 0;
  for (unsigned mask = 1; mask < 64; ++mask) {
    offset_[mask] = next;
    next += 1u << (2 * std::popcount(mask));
  }
  dist_.resize(next);
  tail_.resize(next);
  expect_.assign(next, -1.0);
  for (unsigned mask = 1; mask < 64; ++mask) {
    unsigned states = 1u << (2 * std::popcount(mask));
    for (unsigned code = 0; code < states; ++code) solve(mask, code);
  }
  for (uint32_t s = 0; s < next; ++s) {
    float tail = 0;
    for (int t = kMaxRaceTurns; t >= 1; --t) tail_[s][t] = tail += dist_[s][t];
  }
}

// Memoised recursion: successors have a smaller total distance.
void RaceTable::solve(unsigned mask, unsigned code) {
  uint32_t self = offset_[mask] + code;
  if (expect_[self] >= 0) return;
  RaceDistances d{};
  int k = 0;
  for (int n = 0; n < 6; ++n)
    if (mask & (1u << n)) d[n] = uint8_t(((code >> (2 * k++)) & 3) + 1);
  TurnDistribution out{};
  double e = 0;
  for (int die = 1; die <= 6; ++die) {
    const Movable& mv = movable_pieces(mask, die);
    // Advance the movable piece that leaves the fewest expected turns.
    double best_e = 1e9;
    const TurnDistribution* best_rest = nullptr;
    for (int i = 0; i < mv.count; ++i) {
      int n = mv.number[i] - 1;
      if (d[n] == 1) {  // this move reaches the goal
        best_e = 0;
        best_rest = nullptr;
        break;
      }
      RaceDistances next = d;
      --next[n];
      uint32_t j = state(mask, next);
      solve(mask, j - offset_[mask]);
      if (expect_[j] < best_e) {
        best_e = expect_[j];
        best_rest = &dist_[j];
      }
    }
    e += (1 + best_e) / 6;
    if (!best_rest) {
      out[1] += 1.0f / 6;
    } else {
      for (int t = 1; t < kMaxRaceTurns; ++t) out[t + 1] += (*best_rest)[t] / 6;
    }
  }
  dist_[self] = out;
  expect_[self] = e;
}

RaceDistances race_distances(const Position& pos, Side side) {
  RaceDistances d{};
  for (int n = 0; n < 6; ++n)
    if (Square s = pos.where[side][n]; s != kNoSquare) d[n] = uint8_t(race_distance(side, s));
  return d;
}

}  // namespace ewn
