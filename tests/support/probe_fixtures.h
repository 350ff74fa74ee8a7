// Shared by the probe tests: the tables of every class with <= 3 pieces
// computed by the brute-force solver and written once per test run, so that the writer and
// the reader are tested apart from the generator.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "brute_force_solver.h"
#include "index.h"
#include "table_format.h"
#include "table_writer.h"
#include "temp_dir.h"

namespace ewn::test {

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
