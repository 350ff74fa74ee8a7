// Enumerates placements of a material class's pieces without the index code, for checking it.
#pragma once

#include <cstdint>

#include "index.h"
#include "test_util.h"

namespace ewn::test {

// The placement with every square reflected across the a5-e1 diagonal.
inline SquareList reflected_list(const SquareList& sq, int n) {
  SquareList out{};
  for (int i = 0; i < n; ++i) out[i] = reflected(sq[i]);
  return out;
}

// True when the first n squares of `x` come lexicographically no later than those of `y`.
inline bool not_after(const SquareList& x, const SquareList& y, int n) {
  for (int i = 0; i < n; ++i)
    if (x[i] != y[i]) return x[i] < y[i];
  return true;
}

namespace detail {
template <class Visit>
void place(int a, int n, int i, uint32_t used, SquareList& sq, Visit& visit) {
  if (i == n) {
    visit(static_cast<const SquareList&>(sq));
    return;
  }
  const Square e1 = square_at(4, 1), a5 = square_at(0, 5);
  for (int s = 0; s < kSquares; ++s) {
    if (used & (1u << s)) continue;
    if (i < a ? s == e1 : s == a5) continue;  // that side would already have won
    sq[i] = Square(s);
    place(a, n, i + 1, used | (1u << s), sq, visit);
  }
}
}  // namespace detail

// Calls visit(squares) for every undecided placement of `a` mover pieces followed by `n - a`
// opponent pieces (class order, the mover shown as Red) on distinct squares.
template <class Visit>
void for_each_placement(int a, int n, Visit visit) {
  SquareList sq{};
  detail::place(a, n, 0, 0, sq, visit);
}

}  // namespace ewn::test
