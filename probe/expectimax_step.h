// One expectimax step (SPEC section 4) over the values of a position's children: what `ewn
// verify` recomputes every stored value with, and what the tablebase answers a derived class
// (format 3, docs/FORMAT.md "Derived classes") with.
#pragma once

#include "movegen.h"
#include "position.h"

namespace ewn {

// One expectimax step (SPEC section 4) for an undecided position with Red to move:
//   V = 1/6 * sum over dice of the best move's W, W = 1 for a win, else 1 - stored(child),
// where `stored(child)` gives the stored value of an undecided child (Blue to move there).
// A die allows one or two pieces, so the best W is taken per piece once and then per die.
template <class Stored>
double recompute_value(const Position& pos, Stored&& stored) {
  unsigned mask = pos.mask(Red);
  double piece_best[kPiecesPerSide + 1] = {};
  for (int n = 1; n <= kPiecesPerSide; ++n) {
    if (!(mask & (1u << (n - 1)))) continue;
    Square from = pos.square_of(Red, n);
    const auto& targets = piece_targets(Red, from);
    double best = 0;
    for (int t = 0; t < targets.count; ++t) {
      Position next = pos;
      next.play(Move{from, targets.to[t]});
      double w;
      if (auto winner = next.winner())
        w = *winner == Red ? 1.0 : 0.0;
      else
        w = 1.0 - stored(next);
      if (w > best) best = w;
    }
    piece_best[n] = best;
  }
  double sum = 0;
  for (int die = 1; die <= 6; ++die) {
    const Movable& m = movable_pieces(mask, die);
    double best = piece_best[m.number[0]];
    if (m.count == 2 && piece_best[m.number[1]] > best) best = piece_best[m.number[1]];
    sum += best;
  }
  return sum / 6;
}

}  // namespace ewn
