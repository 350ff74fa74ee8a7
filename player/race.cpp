#include "race.h"

#include <bit>
#include <vector>

#include "movegen.h"

namespace ewn {

namespace {

// State of one side: the piece mask and a distance 1..4 per present piece. States of one mask
// are numbered in mixed radix 4 over its pieces in ascending order; masks follow each other.
class RaceTable {
 public:
  RaceTable() {
    uint32_t next = 0;
    for (unsigned mask = 1; mask < 64; ++mask) {
      offset_[mask] = next;
      next += 1u << (2 * std::popcount(mask));
    }
    dist_.resize(next);
    expect_.assign(next, -1.0);
    for (unsigned mask = 1; mask < 64; ++mask) {
      unsigned states = 1u << (2 * std::popcount(mask));
      for (unsigned code = 0; code < states; ++code) solve(mask, code);
    }
  }

  uint32_t index(unsigned mask, const RaceDistances& distance) const {
    uint32_t code = 0;
    int k = 0;
    for (int n = 0; n < 6; ++n)
      if (mask & (1u << n)) code |= uint32_t(distance[n] - 1) << (2 * k++);
    return offset_[mask] + code;
  }
  const TurnDistribution& distribution(uint32_t i) const { return dist_[i]; }
  double expectation(uint32_t i) const { return expect_[i]; }

 private:
  // Distances of the pieces of `mask` encoded in `code`.
  static RaceDistances decode(unsigned mask, unsigned code) {
    RaceDistances d{};
    int k = 0;
    for (int n = 0; n < 6; ++n)
      if (mask & (1u << n)) d[n] = uint8_t(((code >> (2 * k++)) & 3) + 1);
    return d;
  }

  // Fills the state (memoised recursion: successors have a smaller total distance).
  void solve(unsigned mask, unsigned code) {
    uint32_t self = offset_[mask] + code;
    if (expect_[self] >= 0) return;
    auto d = decode(mask, code);
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
        auto next = d;
        --next[n];
        uint32_t j = index(mask, next);
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

  std::array<uint32_t, 64> offset_{};
  std::vector<TurnDistribution> dist_;
  std::vector<double> expect_;
};

const RaceTable& race_table() {
  static const RaceTable table;
  return table;
}

uint32_t state_of(const Position& pos, Side side) {
  return race_table().index(pos.mask(side), race_distances(pos, side));
}

}  // namespace

void prepare_race_tables() {
  race_table();
}

RaceDistances race_distances(const Position& pos, Side side) {
  RaceDistances d{};
  for (int n = 0; n < 6; ++n)
    if (Square s = pos.where[side][n]; s != kNoSquare) d[n] = uint8_t(race_distance(side, s));
  return d;
}

double expected_turns(unsigned mask, const RaceDistances& distance) {
  return race_table().expectation(race_table().index(mask, distance));
}

const TurnDistribution& turn_distribution(const Position& pos, Side side) {
  return race_table().distribution(state_of(pos, side));
}

double expected_turns(const Position& pos, Side side) {
  return race_table().expectation(state_of(pos, side));
}

double race_win_probability(const TurnDistribution& mover, const TurnDistribution& opponent) {
  // P(T_opp >= t), built up from the top.
  double survive = 0, p = 0;
  std::array<double, kMaxRaceTurns + 2> at_least{};
  for (int t = kMaxRaceTurns; t >= 1; --t) at_least[t] = survive += opponent[t];
  for (int t = 1; t <= kMaxRaceTurns; ++t) p += mover[t] * at_least[t];
  return p;
}

double race_win_probability(const Position& pos) {
  return race_win_probability(turn_distribution(pos, pos.to_move),
                              turn_distribution(pos, opposite(pos.to_move)));
}

}  // namespace ewn
