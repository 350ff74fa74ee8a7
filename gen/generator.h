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
  int pieces = 4;                  // largest number of pieces on the board
  std::filesystem::path out = "data";
  int threads = 0;                 // 0: all cores
  bool progress = true;            // progress lines on stderr
  // Keep the exact (double) values of classes with at most this many pieces; classes with
  // fewer pieces than `pieces` keep them regardless, since larger classes read them.
  int keep_exact_up_to = 5;
};

struct GenSummary {
  int tables_total = 0;
  int tables_generated = 0;
  int tables_skipped = 0;          // already complete and valid
  uint64_t positions = 0;          // canonical positions solved in this run
  uint64_t table_bytes = 0;        // bytes of all table files of the set
  double seconds = 0;
};

// Throws std::runtime_error with a message naming the file on any failure (disk full, ...).
GenSummary generate(const GenOptions& options);

}  // namespace ewn
