// A small, obviously correct solver for tests: the value of SPEC section 4 by memoized recursion
// over table entries (canonical_key), in doubles. Fine for up to 4 pieces; the generator is the
// real thing.
#pragma once

#include <cmath>
#include <map>
#include <vector>

#include "index.h"
#include "movegen.h"
#include "position.h"

namespace ewn::test {

class ReferenceSolver {
 public:
  // Value of an undecided position for the side to move.
  double value(const Position& pos) {
    TableKey key = canonical_key(pos);
    std::vector<double>& memo = table(key.material);
    double& v = memo[key.index];
    if (!std::isnan(v)) return v;
    double sum = 0;
    for (int die = 1; die <= 6; ++die) sum += best_after_die(pos, die);
    return v = sum / 6;  // map nodes and vector buffers never move, so `v` is still valid
  }

  // The mover's best win probability once `die` is rolled.
  double best_after_die(const Position& pos, int die) {
    double best = 0;
    for (Move m : legal_moves(pos, die)) {
      Position next = pos;
      next.play(m);
      double w = next.winner() ? 1.0 : 1.0 - value(next);
      best = std::max(best, w);
    }
    return best;
  }

  // All entries of a class in PositionIndex order; waste entries repeat the previous valid
  // value (0 before the first), as the generator does.
  std::vector<double> class_values(MaterialClass mc) {
    PositionIndex index(mc);
    std::vector<double> out(index.size());
    double last = 0;
    SquareList sq{};
    for (uint64_t i = 0; i < index.size(); ++i) {
      if (index.unrank(i, sq)) last = value(position_from_squares(mc, sq));
      out[i] = last;
    }
    return out;
  }

 private:
  std::vector<double>& table(MaterialClass mc) {
    auto it = memo_.find(mc);
    if (it == memo_.end())
      it = memo_.emplace(mc, std::vector<double>(PositionIndex(mc).size(), NAN)).first;
    return it->second;
  }
  std::map<MaterialClass, std::vector<double>> memo_;
};

// u16 fixed point, rounded to nearest, as the tables store values.
inline uint16_t to_fixed(double v) {
  return uint16_t(std::lround(v * 65535.0));
}

}  // namespace ewn::test
