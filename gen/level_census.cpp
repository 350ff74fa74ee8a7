#include "level_census.h"

#include <array>

#include "types.h"

namespace ewn {

namespace {

// Ways to choose a set of `a` squares for the mover's pieces (never e1) and a disjoint set of
// `b` squares for the opponent's (never a5) among `squares`, by the sum of their progress.
std::vector<uint64_t> placements_by_progress(const std::vector<Square>& squares, int a, int b) {
  const int levels = 8 * (a + b) + 1;
  // ways[i][j][p]: i mover and j opponent squares chosen so far, progress sum p.
  std::vector<uint64_t> ways(size_t(a + 1) * (b + 1) * levels, 0);
  auto at = [&](int i, int j, int p) -> uint64_t& {
    return ways[(size_t(i) * (b + 1) + j) * levels + p];
  };
  at(0, 0, 0) = 1;
  for (Square s : squares)
    for (int i = a; i >= 0; --i)  // downwards, so that a square is used at most once
      for (int j = b; j >= 0; --j)
        for (int p = levels - 1; p >= 0; --p) {
          uint64_t add = 0;
          int pr = progress(Red, s), pb = progress(Blue, s);
          if (i > 0 && s != kRedGoal && p >= pr) add += at(i - 1, j, p - pr);
          if (j > 0 && s != kBlueGoal && p >= pb) add += at(i, j - 1, p - pb);
          at(i, j, p) += add;
        }
  std::vector<uint64_t> out(levels);
  for (int p = 0; p < levels; ++p) out[p] = at(a, b, p);
  return out;
}

uint64_t factorial(int n) {
  uint64_t f = 1;
  for (int k = 2; k <= n; ++k) f *= uint64_t(k);
  return f;
}

}  // namespace

std::vector<uint64_t> level_census(MaterialClass mc) {
  const int a = mc.mover_count(), b = mc.opponent_count();
  std::vector<Square> board, diagonal;
  for (int s = 0; s < kSquares; ++s) {
    board.push_back(Square(s));
    if (row_of(Square(s)) == col_of(Square(s))) diagonal.push_back(Square(s));
  }
  // Pieces are numbered, so each choice of squares is a!·b! placements. Entries are the
  // placements up to the mirror, which keeps progress: (all + mirror-fixed) / 2, where the
  // mirror-fixed placements have every piece on the a5-e1 diagonal.
  std::vector<uint64_t> all = placements_by_progress(board, a, b);
  std::vector<uint64_t> fixed = placements_by_progress(diagonal, a, b);
  uint64_t orders = factorial(a) * factorial(b);
  std::vector<uint64_t> census(all.size());
  for (size_t p = 0; p < all.size(); ++p) census[p] = (all[p] + fixed[p]) * orders / 2;
  return census;
}

}  // namespace ewn
