#include "matrix_game.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace ewn {

namespace {

// Clipped to [0, inf) and rescaled to sum to 1; uniform if nothing is left.
void normalise(std::vector<double>& p) {
  for (double& x : p) x = std::max(x, 0.0);
  double sum = std::accumulate(p.begin(), p.end(), 0.0);
  if (sum <= 0) {
    std::fill(p.begin(), p.end(), 1.0 / double(p.size()));
    return;
  }
  for (double& x : p) x /= sum;
}

}  // namespace

MatrixGameSolution solve_matrix_game(const std::vector<double>& a, int rows, int columns) {
  if (rows < 1 || columns < 1 || a.size() != size_t(rows) * size_t(columns))
    throw std::invalid_argument("solve_matrix_game: the payoffs do not fill rows x columns");
  const size_t m = size_t(rows), n = size_t(columns);
  double lowest = *std::min_element(a.begin(), a.end());
  // Payoffs shifted into [1, 2 + spread]: the value is then positive and 1/value finite.
  double shift = 1 - lowest;

  // Tableau: m constraint rows and the objective row; columns u_0..u_{n-1}, slacks s_0..s_{m-1},
  // then the right-hand side.
  const size_t width = n + m + 1, rhs = n + m;
  std::vector<double> t((m + 1) * width, 0.0);
  auto at = [&](size_t r, size_t c) -> double& { return t[r * width + c]; };
  std::vector<size_t> basis(m);
  for (size_t i = 0; i < m; ++i) {
    for (size_t j = 0; j < n; ++j) at(i, j) = a[i * n + j] + shift;
    at(i, n + i) = 1;
    at(i, rhs) = 1;
    basis[i] = n + i;
  }
  for (size_t j = 0; j < n; ++j) at(m, j) = -1;  // maximise sum u: reduced costs -1

  const double eps = 1e-12;
  MatrixGameSolution s;
  // Dantzig's rule (the most negative reduced cost) takes far fewer pivots than Bland's; after
  // a run of pivots that do not raise the objective (degenerate vertices, where Dantzig may
  // cycle) Bland's rule takes over until one does, and Bland's never cycles.
  const int kStallLimit = 50;
  int stalled = 0;
  for (;;) {
    size_t enter = width;
    if (stalled < kStallLimit) {
      double most = -eps;
      for (size_t c = 0; c < rhs; ++c)
        if (at(m, c) < most) {
          most = at(m, c);
          enter = c;
        }
    } else {
      for (size_t c = 0; c < rhs; ++c)
        if (at(m, c) < -eps) {
          enter = c;
          break;
        }
    }
    if (enter == width) break;
    // The leaving row: the least ratio, ties to the smallest basic variable (Bland).
    size_t leave = m;
    double best = std::numeric_limits<double>::infinity();
    for (size_t r = 0; r < m; ++r) {
      double p = at(r, enter);
      if (p <= eps) continue;
      double ratio = at(r, rhs) / p;
      if (ratio < best - 1e-15 || (ratio <= best + 1e-15 && leave < m && basis[r] < basis[leave])) {
        best = ratio;
        leave = r;
      }
    }
    // Unbounded cannot happen (every payoff is positive, so A u <= 1 bounds u); guard anyway.
    if (leave == m) break;
    double p = at(leave, enter);
    for (size_t c = 0; c < width; ++c) at(leave, c) /= p;
    for (size_t r = 0; r <= m; ++r) {
      if (r == leave) continue;
      double f = at(r, enter);
      if (f == 0) continue;
      for (size_t c = 0; c < width; ++c) at(r, c) -= f * at(leave, c);
    }
    basis[leave] = enter;
    ++s.pivots;
    stalled = best > 1e-15 ? 0 : stalled + 1;
  }

  s.column_strategy.assign(n, 0.0);
  for (size_t r = 0; r < m; ++r)
    if (basis[r] < n) s.column_strategy[basis[r]] = at(r, rhs);
  s.row_strategy.assign(m, 0.0);
  for (size_t i = 0; i < m; ++i) s.row_strategy[i] = at(m, n + i);
  normalise(s.column_strategy);
  normalise(s.row_strategy);

  // The bounds the two strategies prove, on the original payoffs.
  s.lower = std::numeric_limits<double>::infinity();
  for (size_t j = 0; j < n; ++j) {
    double v = 0;
    for (size_t i = 0; i < m; ++i) v += s.row_strategy[i] * a[i * n + j];
    s.lower = std::min(s.lower, v);
  }
  s.upper = -std::numeric_limits<double>::infinity();
  for (size_t i = 0; i < m; ++i) {
    double v = 0;
    for (size_t j = 0; j < n; ++j) v += a[i * n + j] * s.column_strategy[j];
    s.upper = std::max(s.upper, v);
  }
  s.gap = s.upper - s.lower;
  s.value = (s.lower + s.upper) / 2;
  return s;
}

}  // namespace ewn
