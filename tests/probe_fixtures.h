// Shared by the probe tests: random positions, and the tables of every class with <= 3 pieces
// computed by the brute-force solver and written once per test run, so that the writer and
// the reader are tested apart from the generator.
#pragma once

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "brute_force_solver.h"
#include "index.h"
#include "table_format.h"
#include "table_writer.h"
#include "temp_dir.h"

namespace ewn::test {

// A position with the given piece numbers (bit masks) on random distinct squares, `side` to move.
// May be decided.
inline Position random_position(std::mt19937_64& rng, unsigned red_mask, unsigned blue_mask,
                                Side side) {
  Position pos;
  std::vector<Square> squares(kSquares);
  for (int s = 0; s < kSquares; ++s) squares[s] = Square(s);
  std::shuffle(squares.begin(), squares.end(), rng);
  int next = 0;
  for (Side s : {Red, Blue})
    for (int n = 1; n <= kPiecesPerSide; ++n)
      if ((s == Red ? red_mask : blue_mask) & (1u << (n - 1))) pos.put(s, n, squares[next++]);
  pos.to_move = side;
  return pos;
}

// An undecided position with `pieces` pieces in all, random material and side to move.
inline Position random_undecided_position(std::mt19937_64& rng, int pieces) {
  for (;;) {
    int red = std::uniform_int_distribution<int>(1, std::min(6, pieces - 1))(rng);
    int blue = pieces - red;
    if (blue > 6) continue;
    auto random_mask = [&](int k) {
      std::vector<int> numbers = {1, 2, 3, 4, 5, 6};
      std::shuffle(numbers.begin(), numbers.end(), rng);
      unsigned m = 0;
      for (int i = 0; i < k; ++i) m |= 1u << (numbers[i] - 1);
      return m;
    };
    Position pos = random_position(rng, random_mask(red), random_mask(blue),
                                   Side(std::uniform_int_distribution<int>(0, 1)(rng)));
    if (!pos.winner()) return pos;
  }
}

// Tables of every class with <= 3 pieces from the brute-force solver, written with the default
// options into a directory that lives for the whole test run.
struct ReferenceTables {
  static constexpr int kPieces = 3;
  TempDir dir{"probe-reference"};
  BruteForceSolver<double> solver;
  std::map<MaterialClass, std::vector<uint16_t>> values;

  static ReferenceTables& get() {
    static ReferenceTables tables;
    return tables;
  }

 private:
  ReferenceTables() {
    for (int n = 2; n <= kPieces; ++n)
      for (MaterialClass mc : material_classes(n)) {
        std::vector<uint16_t>& v = values[mc];
        // Entries in PositionIndex order; waste entries repeat the previous valid value (0
        // before the first), as the generator writes them.
        PositionIndex index(mc);
        double last = 0;
        SquareList sq{};
        for (uint64_t i = 0; i < index.size(); ++i) {
          if (index.unrank(i, sq)) last = solver.value(position_from_squares(mc, sq));
          v.push_back(encode_value(last));
        }
        write_table(dir.path() / table_file_name(mc), mc, v);
      }
  }
};

}  // namespace ewn::test
