// Zero-sum matrix games: the mixed strategies neither player can improve on.
//
// The row player receives a[i][j] from the column player when they choose i and j; it
// maximises, the column player minimises. The solver is the textbook reduction to one linear
// program (shift the payoffs to be positive, then the column player's strategy scaled by the
// value's inverse solves  max 1.u  s.t.  A u <= 1, u >= 0), solved by the simplex method on a
// dense tableau in double precision: Dantzig's rule, and Bland's, which never cycles, wherever
// pivots stop raising the objective (degenerate games; a pure saddle point is one). The row
// player's strategy is the dual solution, read from the tableau's objective row under the slack
// columns. A 360 x 360 game of random payoffs (support 183 x 183) takes a few seconds; the
// setup matrix, far from random, much less.
//
// Its accuracy is then proven rather than assumed: with the strategies x and y clipped to be
// non-negative and rescaled to sum to 1, every value the row player can guarantee with x is at
// least `lower` = min_j (x A)_j, the column player holds it to at most `upper` = max_i (A y)_i,
// and the game's value lies in [lower, upper]. `gap` = upper - lower bounds how far either
// strategy is from optimal: it is the arithmetic's accuracy on the payoffs as given, and says
// nothing of how accurate the payoffs are.
//
// A side's optimal strategy need not be unique: find_alternatives lists the classes outside its
// support that do as well against the opponent's strategy, and the other optimal strategies it
// finds by solving the game again without one class of the support at a time (an optimal
// strategy of that smaller game that still guarantees the value in the whole game), and again
// without one class of each strategy so found, breadth first; and mixes of any two of the
// classes found optimal or as good (the supports and the equally good ones, when at most 16).
#pragma once

#include <vector>

namespace ewn {

struct MatrixGameSolution {
  std::vector<double> row_strategy, column_strategy;  // probabilities, each summing to 1
  double value = 0;                                   // (lower + upper) / 2
  double lower = 0, upper = 0, gap = 0;
  int pivots = 0;
};

// `a` row by row, rows x columns, at least 1 x 1; any finite payoffs.
MatrixGameSolution solve_matrix_game(const std::vector<double>& a, int rows, int columns);

// What each row earns against a column strategy, and each column against a row strategy.
std::vector<double> row_values(const std::vector<double>& a, int rows, int columns,
                               const std::vector<double>& column_strategy);
std::vector<double> column_values(const std::vector<double>& a, int rows, int columns,
                                  const std::vector<double>& row_strategy);

struct OptimalAlternatives {
  // Indices outside the found support whose value against the opponent's found strategy is
  // the game's value within the tolerance: as good a reply, though not necessarily part of an
  // optimal mix.
  std::vector<int> equally_good;
  // Other optimal strategies found (each guarantees the value within the tolerance), each with
  // a support different from the found one's and from each other's.
  std::vector<std::vector<double>> other_mixes;
  // Proven several (another was found); none found is not a proof of uniqueness.
  bool several() const { return !other_mixes.empty(); }
};

struct MatrixGameAlternatives {
  OptimalAlternatives row, column;
};

// At most `max_solves` smaller games solved for each side.
MatrixGameAlternatives find_alternatives(const std::vector<double>& a, int rows, int columns,
                                         const MatrixGameSolution& s, double tolerance = 1e-9,
                                         int max_solves = 24);

}  // namespace ewn
