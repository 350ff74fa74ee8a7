#include "matrix_game.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <set>
#include <stdexcept>

namespace ewn {

namespace {

constexpr double kPivotEps = 1e-12;

// The simplex tableau of  max 1.u  s.t.  (A + shift) u <= 1, u >= 0: m constraint rows and the
// objective row; columns u_0..u_{n-1}, the slacks s_0..s_{m-1}, then the right-hand side.
struct Tableau {
  size_t m, n, width, rhs;
  std::vector<double> t;
  std::vector<size_t> basis;  // the basic variable of each constraint row

  Tableau(const std::vector<double>& a, size_t rows, size_t columns)
      : m(rows), n(columns), width(columns + rows + 1), rhs(columns + rows) {
    // Payoffs shifted into [1, 2 + spread]: the value is then positive and 1/value finite.
    double shift = 1 - *std::min_element(a.begin(), a.end());
    t.assign((m + 1) * width, 0.0);
    basis.resize(m);
    for (size_t i = 0; i < m; ++i) {
      for (size_t j = 0; j < n; ++j) at(i, j) = a[i * n + j] + shift;
      at(i, n + i) = 1;
      at(i, rhs) = 1;
      basis[i] = n + i;
    }
    for (size_t j = 0; j < n; ++j) at(m, j) = -1;  // maximise sum u: reduced costs -1
  }
  double& at(size_t r, size_t c) { return t[r * width + c]; }

  // The entering column, or `width` when no reduced cost is negative (optimal). Dantzig's rule
  // (the most negative) or, when `bland`, the first negative one.
  size_t entering(bool bland) {
    size_t enter = width;
    double most = -kPivotEps;
    for (size_t c = 0; c < rhs; ++c) {
      if (at(m, c) >= most) continue;
      enter = c;
      if (bland) break;
      most = at(m, c);
    }
    return enter;
  }

  // The leaving row by the least ratio, ties to the smallest basic variable (Bland); `m` if
  // none (unbounded, which positive payoffs rule out). `ratio` is the step taken.
  size_t leaving(size_t enter, double& ratio) {
    size_t leave = m;
    ratio = std::numeric_limits<double>::infinity();
    for (size_t r = 0; r < m; ++r) {
      double p = at(r, enter);
      if (p <= kPivotEps) continue;
      double q = at(r, rhs) / p;
      if (q < ratio - 1e-15 || (q <= ratio + 1e-15 && leave < m && basis[r] < basis[leave])) {
        ratio = q;
        leave = r;
      }
    }
    return leave;
  }

  void pivot(size_t leave, size_t enter) {
    double p = at(leave, enter);
    for (size_t c = 0; c < width; ++c) at(leave, c) /= p;
    for (size_t r = 0; r <= m; ++r) {
      if (r == leave) continue;
      double f = at(r, enter);
      if (f == 0) continue;
      for (size_t c = 0; c < width; ++c) at(r, c) -= f * at(leave, c);
    }
    basis[leave] = enter;
  }
};

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

// Pivots to optimality. Dantzig's rule takes far fewer pivots than Bland's; after a run of
// pivots that do not raise the objective (degenerate vertices, where Dantzig may cycle)
// Bland's rule takes over until one does, and Bland's never cycles.
int run_simplex(Tableau& tableau) {
  const int kStallLimit = 50;
  int stalled = 0, pivots = 0;
  for (;;) {
    size_t enter = tableau.entering(stalled >= kStallLimit);
    if (enter == tableau.width) break;
    double step = 0;
    size_t leave = tableau.leaving(enter, step);
    if (leave == tableau.m) break;
    tableau.pivot(leave, enter);
    ++pivots;
    stalled = step > 1e-15 ? 0 : stalled + 1;
  }
  return pivots;
}

// The column player's strategy from the basic u's, the row player's from the dual (the
// objective row under the slacks), both normalised.
void read_strategies(Tableau& tableau, MatrixGameSolution& s) {
  s.column_strategy.assign(tableau.n, 0.0);
  for (size_t r = 0; r < tableau.m; ++r)
    if (tableau.basis[r] < tableau.n)
      s.column_strategy[tableau.basis[r]] = tableau.at(r, tableau.rhs);
  s.row_strategy.assign(tableau.m, 0.0);
  for (size_t i = 0; i < tableau.m; ++i) s.row_strategy[i] = tableau.at(tableau.m, tableau.n + i);
  normalise(s.column_strategy);
  normalise(s.row_strategy);
}

// The bounds the two strategies prove, on the original payoffs.
void prove_bounds(const std::vector<double>& a, size_t m, size_t n, MatrixGameSolution& s) {
  std::vector<double> against_rows = row_values(a, int(m), int(n), s.column_strategy);
  std::vector<double> against_columns = column_values(a, int(m), int(n), s.row_strategy);
  s.lower = *std::min_element(against_columns.begin(), against_columns.end());
  s.upper = *std::max_element(against_rows.begin(), against_rows.end());
  s.gap = s.upper - s.lower;
  s.value = (s.lower + s.upper) / 2;
}

}  // namespace

std::vector<double> row_values(const std::vector<double>& a, int rows, int columns,
                               const std::vector<double>& column_strategy) {
  std::vector<double> v(size_t(rows), 0.0);
  for (size_t i = 0; i < size_t(rows); ++i)
    for (size_t j = 0; j < size_t(columns); ++j)
      v[i] += a[i * size_t(columns) + j] * column_strategy[j];
  return v;
}

std::vector<double> column_values(const std::vector<double>& a, int rows, int columns,
                                  const std::vector<double>& row_strategy) {
  std::vector<double> v(size_t(columns), 0.0);
  for (size_t i = 0; i < size_t(rows); ++i)
    for (size_t j = 0; j < size_t(columns); ++j)
      v[j] += row_strategy[i] * a[i * size_t(columns) + j];
  return v;
}

MatrixGameSolution solve_matrix_game(const std::vector<double>& a, int rows, int columns) {
  if (rows < 1 || columns < 1 || a.size() != size_t(rows) * size_t(columns))
    throw std::invalid_argument("solve_matrix_game: the payoffs do not fill rows x columns");
  Tableau tableau(a, size_t(rows), size_t(columns));
  MatrixGameSolution s;
  s.pivots = run_simplex(tableau);
  read_strategies(tableau, s);
  prove_bounds(a, size_t(rows), size_t(columns), s);
  return s;
}

namespace {

// The game with only the rows (or columns) `keep` of the row (column) player, solved; its
// strategy for that side mapped back to the whole game (zero outside `keep`).
MatrixGameSolution solve_on(const std::vector<double>& a, int rows, int columns, bool row,
                            const std::vector<int>& keep) {
  std::vector<bool> kept(size_t(row ? rows : columns), false);
  for (int x : keep) kept[size_t(x)] = true;
  std::vector<double> sub;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < columns; ++j)
      if (kept[size_t(row ? i : j)]) sub.push_back(a[size_t(i) * size_t(columns) + size_t(j)]);
  int k = int(keep.size());
  MatrixGameSolution s = solve_matrix_game(sub, row ? k : rows, row ? columns : k);
  auto& strategy = row ? s.row_strategy : s.column_strategy;
  std::vector<double> whole(size_t(row ? rows : columns), 0.0);
  for (int x = 0; x < k; ++x) whole[size_t(keep[size_t(x)])] = strategy[size_t(x)];
  strategy = whole;
  return s;
}

// The game without row (or column) `drop`, solved, as solve_on.
MatrixGameSolution solve_without(const std::vector<double>& a, int rows, int columns, bool row,
                                 int drop) {
  std::vector<int> keep;
  for (int x = 0; x < (row ? rows : columns); ++x)
    if (x != drop) keep.push_back(x);
  return solve_on(a, rows, columns, row, keep);
}

std::set<int> support_of(const std::vector<double>& p) {
  std::set<int> support;
  for (size_t i = 0; i < p.size(); ++i)
    if (p[i] > 0) support.insert(int(i));
  return support;
}

// Pairs are tried among at most this many classes (120 games of two strategies).
constexpr size_t kMaxPairCandidates = 16;

// Whether `mix`, a strategy of the row (or column) player, guarantees `value` in the whole game
// within `tolerance`.
bool guarantees_value(const std::vector<double>& a, int rows, int columns, double value, bool row,
                      const std::vector<double>& mix, double tolerance) {
  std::vector<double> guarantee =
      row ? column_values(a, rows, columns, mix) : row_values(a, rows, columns, mix);
  if (row) return *std::min_element(guarantee.begin(), guarantee.end()) >= value - tolerance;
  return *std::max_element(guarantee.begin(), guarantee.end()) <= value + tolerance;
}

// The classes outside the support of the side's strategy that do as well against the
// opponent's strategy.
std::vector<int> equally_good(const std::vector<double>& a, int rows, int columns,
                              const MatrixGameSolution& s, bool row, double tolerance) {
  const std::vector<double>& mine = row ? s.row_strategy : s.column_strategy;
  std::vector<double> values = row ? row_values(a, rows, columns, s.column_strategy)
                                   : column_values(a, rows, columns, s.row_strategy);
  std::vector<int> out;
  for (size_t i = 0; i < values.size(); ++i) {
    bool as_good = row ? values[i] >= s.value - tolerance : values[i] <= s.value + tolerance;
    if (mine[i] <= 0 && as_good) out.push_back(int(i));
  }
  return out;
}

// Optimal mixes without one class of a support: the game without it keeps its value. Each one
// found is searched the same way in turn (breadth first), up to `max_solves` games. `seen`
// holds the supports found so far.
void mixes_by_dropping(const std::vector<double>& a, int rows, int columns,
                       const MatrixGameSolution& s, bool row, double tolerance, int max_solves,
                       std::set<std::set<int>>& seen, OptimalAlternatives& out) {
  if ((row ? rows : columns) < 2) return;
  std::vector<std::vector<double>> queue{row ? s.row_strategy : s.column_strategy};
  int solves = 0;
  for (size_t next = 0; next < queue.size(); ++next) {
    for (int drop : support_of(queue[next])) {
      if (solves++ == max_solves) return;
      MatrixGameSolution other = solve_without(a, rows, columns, row, drop);
      const std::vector<double>& theirs = row ? other.row_strategy : other.column_strategy;
      if (!guarantees_value(a, rows, columns, s.value, row, theirs, tolerance) ||
          !seen.insert(support_of(theirs)).second)
        continue;
      out.other_mixes.push_back(theirs);
      queue.push_back(theirs);
    }
  }
}

// Mixes of two of the classes found optimal or as good (the support's and the equally good
// ones): the game on the pair alone, kept when its strategy guarantees the value.
void mixes_of_pairs(const std::vector<double>& a, int rows, int columns,
                    const MatrixGameSolution& s, bool row, double tolerance,
                    std::set<std::set<int>>& seen, OptimalAlternatives& out) {
  std::set<int> found = support_of(row ? s.row_strategy : s.column_strategy);
  found.insert(out.equally_good.begin(), out.equally_good.end());
  std::vector<int> candidates(found.begin(), found.end());
  if (candidates.size() > kMaxPairCandidates) return;
  for (size_t x = 0; x < candidates.size(); ++x)
    for (size_t y = x + 1; y < candidates.size(); ++y) {
      MatrixGameSolution pair = solve_on(a, rows, columns, row, {candidates[x], candidates[y]});
      const std::vector<double>& theirs = row ? pair.row_strategy : pair.column_strategy;
      if (guarantees_value(a, rows, columns, s.value, row, theirs, tolerance) &&
          seen.insert(support_of(theirs)).second)
        out.other_mixes.push_back(theirs);
    }
}

// One side's alternatives (`row`: the row player's).
OptimalAlternatives side_alternatives(const std::vector<double>& a, int rows, int columns,
                                      const MatrixGameSolution& s, bool row, double tolerance,
                                      int max_solves) {
  OptimalAlternatives out;
  out.equally_good = equally_good(a, rows, columns, s, row, tolerance);
  std::set<std::set<int>> seen{support_of(row ? s.row_strategy : s.column_strategy)};
  mixes_by_dropping(a, rows, columns, s, row, tolerance, max_solves, seen, out);
  mixes_of_pairs(a, rows, columns, s, row, tolerance, seen, out);
  return out;
}

}  // namespace

MatrixGameAlternatives find_alternatives(const std::vector<double>& a, int rows, int columns,
                                         const MatrixGameSolution& s, double tolerance,
                                         int max_solves) {
  MatrixGameAlternatives out;
  out.row = side_alternatives(a, rows, columns, s, true, tolerance, max_solves);
  out.column = side_alternatives(a, rows, columns, s, false, tolerance, max_solves);
  return out;
}

}  // namespace ewn
