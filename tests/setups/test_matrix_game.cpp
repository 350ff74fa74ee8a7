#include <catch2/catch.hpp>

#include "matrix_game.h"
#include "rng.h"

using namespace ewn;

TEST_CASE("matrix game: a pure saddle point") {
  // Row 1 guarantees 3 (its minimum); column 0 holds the row player to 3 (its maximum).
  std::vector<double> a = {1, 5, 0,  //
                           3, 4, 6,  //
                           2, 1, 7};
  MatrixGameSolution s = solve_matrix_game(a, 3, 3);
  CHECK(s.value == Approx(3).margin(1e-12));
  CHECK(s.gap < 1e-12);
  CHECK(s.row_strategy[1] == Approx(1));
  CHECK(s.column_strategy[0] == Approx(1));
}

TEST_CASE("matrix game: matching pennies and a skewed 2 x 2") {
  MatrixGameSolution pennies = solve_matrix_game({1, 0, 0, 1}, 2, 2);
  CHECK(pennies.value == Approx(0.5).margin(1e-12));
  CHECK(pennies.row_strategy[0] == Approx(0.5));
  CHECK(pennies.column_strategy[0] == Approx(0.5));
  CHECK(pennies.gap < 1e-12);
  // [[3, -1], [-2, 1]]: x = (3/7, 4/7), y = (2/7, 5/7), value 1/7.
  MatrixGameSolution s = solve_matrix_game({3, -1, -2, 1}, 2, 2);
  CHECK(s.value == Approx(1.0 / 7).margin(1e-12));
  CHECK(s.row_strategy[0] == Approx(3.0 / 7));
  CHECK(s.column_strategy[0] == Approx(2.0 / 7));
  CHECK(s.gap < 1e-12);
}

TEST_CASE("matrix game: rock-paper-scissors and a dominated strategy") {
  // Win 1, draw 0.5, lose 0: the value is 1/2 and each mix uniform.
  std::vector<double> rps = {0.5, 0, 1, 1, 0.5, 0, 0, 1, 0.5};
  MatrixGameSolution s = solve_matrix_game(rps, 3, 3);
  CHECK(s.value == Approx(0.5).margin(1e-12));
  for (double p : s.row_strategy) CHECK(p == Approx(1.0 / 3));
  for (double p : s.column_strategy) CHECK(p == Approx(1.0 / 3));
  // A fourth row worse than rock everywhere is never played.
  rps.insert(rps.end(), {0.4, -0.1, 0.9});
  MatrixGameSolution d = solve_matrix_game(rps, 4, 3);
  CHECK(d.value == Approx(0.5).margin(1e-12));
  CHECK(d.row_strategy[3] == Approx(0).margin(1e-12));
}

TEST_CASE("matrix game: random games are solved with a tiny proven gap") {
  Rng rng(7);
  for (int trial = 0; trial < 20; ++trial) {
    int m = 1 + int(rng.below(40)), n = 1 + int(rng.below(40));
    std::vector<double> a(size_t(m * n));
    // Values on a coarse grid make ties and degenerate vertices common.
    for (double& x : a) x = double(rng.below(8)) / 7;
    MatrixGameSolution s = solve_matrix_game(a, m, n);
    CHECK(s.gap < 1e-9);
    CHECK(s.lower <= s.upper + 1e-12);
    double row_sum = 0, column_sum = 0;
    for (double p : s.row_strategy) row_sum += p;
    for (double p : s.column_strategy) column_sum += p;
    CHECK(row_sum == Approx(1));
    CHECK(column_sum == Approx(1));
  }
}

TEST_CASE("matrix game: several optimal mixes are found, a unique one is not doubted") {
  // Two identical rows: any split between them is optimal for the row player; the column
  // player's mix of matching pennies is unique.
  std::vector<double> twins = {1, 0,  //
                               1, 0,  //
                               0, 1};
  MatrixGameSolution s = solve_matrix_game(twins, 3, 2);
  CHECK(s.value == Approx(0.5).margin(1e-12));
  MatrixGameAlternatives alt = find_alternatives(twins, 3, 2, s);
  CHECK(alt.row.several());
  // The row outside the found support (0 or 1) is as good, and a mix with it is optimal.
  CHECK(alt.row.equally_good.size() == 1);
  for (const auto& mix : alt.row.other_mixes) {
    double lower = std::min(mix[0] * 1 + mix[1] * 1, mix[2] * 1);
    CHECK(lower == Approx(0.5).margin(1e-9));
  }
  CHECK_FALSE(alt.column.several());
  CHECK(alt.column.equally_good.empty());

  // A saddle point with a second, equally good pure strategy for the column player: columns 0
  // and 2 both hold the row player to 3.
  std::vector<double> saddle = {3, 4, 3,  //
                                1, 5, 0};
  MatrixGameSolution p = solve_matrix_game(saddle, 2, 3);
  CHECK(p.value == Approx(3).margin(1e-12));
  MatrixGameAlternatives palt = find_alternatives(saddle, 2, 3, p);
  CHECK(palt.column.several());
  CHECK_FALSE(palt.row.several());

  // Rock-paper-scissors: each mix is unique (every strategy is in the support already).
  std::vector<double> rps = {0.5, 0, 1, 1, 0.5, 0, 0, 1, 0.5};
  MatrixGameSolution r = solve_matrix_game(rps, 3, 3);
  MatrixGameAlternatives ralt = find_alternatives(rps, 3, 3, r);
  CHECK_FALSE(ralt.row.several());
  CHECK_FALSE(ralt.column.several());
  CHECK(ralt.row.equally_good.empty());
  CHECK(ralt.column.equally_good.empty());
}
