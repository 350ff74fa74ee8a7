// `ewn gen`: all material classes with 2..N pieces, smallest first, each class together with its
// colour-flipped twin. Every finished table is written under a temporary name, checked, and
// renamed into place, so an interrupted run loses only the group in progress and a rerun
// skips what is complete.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>

namespace ewn {

struct GenOptions {
  int pieces = 4;  // largest number of pieces on the board
  std::filesystem::path out = "data";
  int threads = 0;       // 0: all cores
  bool progress = true;  // progress lines on stderr
  // Keep the exact (double) values of classes with at most this many pieces. Classes with
  // fewer pieces than `pieces` keep them regardless, since larger classes read them; keeping
  // the top level too lets a later, larger run start from it instead of solving it again.
  int keep_exact_up_to = 0;
  // Solve only the group of this class and its twin (e.g. "12345v1"); the classes it reaches by
  // a capture must already be present with their exact values. Used for partial sets and to
  // measure the largest classes.
  std::string only_class;
  // zstd level of the table files. Level 19 makes files about 4% smaller than 9 but takes
  // longer than solving the positions; `ewn gen` defaults to 9 (docs/BENCHMARKS.md).
  int zstd_level = 9;
};

struct GenSummary {
  int tables_total = 0;
  int tables_generated = 0;
  int tables_skipped = 0;    // already complete and valid
  uint64_t positions = 0;    // canonical positions solved in this run
  uint64_t table_bytes = 0;  // bytes of all table files of the set
  double seconds = 0;
};

// Throws std::runtime_error with a message naming the file on any failure (disk full, ...).
GenSummary generate(const GenOptions& options);

}  // namespace ewn
