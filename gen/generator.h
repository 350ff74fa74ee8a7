// `ewn gen`: all material classes with 2..N pieces, smallest first, each class together with its
// colour-flipped twin. Every finished table is written under a temporary name, checked, and
// renamed into place, so an interrupted run loses only the group in progress (and not even
// that for a group solved in parts: its solved levels are kept) and a rerun skips what is
// complete. The run stays within a memory budget: a group that does not fit is solved in parts
// (part_solver.h). Exact values that larger classes read are working files, kept only while
// needed, or re-derived when a run finds them gone (docs/GENERATOR.md).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>

#include "table_writer.h"

namespace ewn {

struct GenOptions {
  int pieces = 4;  // largest number of pieces on the board
  std::filesystem::path out = "data";
  int threads = 0;       // 0: all cores
  bool progress = true;  // progress lines on stderr
  // Keep the exact (double) values of the classes with at most this many pieces as
  // `<class>.ewx` beside the tables, so that a later, larger run reads them instead of solving
  // those classes again. Other exact values are working files, removed when no longer needed.
  int keep_exact_up_to = 0;
  // Solve only the group of this class and its twin (e.g. "12345v1"). The exact values of the
  // classes it reaches by a capture are read where kept, else derived again from the smaller
  // classes (their tables are not rewritten when present and complete).
  std::string only_class;
  // Peak resident memory of the whole process, in bytes (0: three quarters of physical memory).
  uint64_t max_memory = 0;
  // Bytes for the groups' working sets, instead of what max_memory leaves after the process's
  // own needs; for tests and for a distributed run that hands out memory itself.
  uint64_t working_memory = 0;
  // zstd level of the table files (the writer's default: table_writer.h).
  int zstd_level = kDefaultZstdLevel;
};

struct GenSummary {
  int tables_total = 0;
  int tables_generated = 0;
  int tables_skipped = 0;    // already complete and valid
  uint64_t positions = 0;    // canonical positions solved in this run
  uint64_t table_bytes = 0;  // bytes of all table files of the set
  double seconds = 0;
  int groups_in_parts = 0;     // groups that did not fit the budget whole
  int most_parts = 0;          // the largest number of parts of one group
  int groups_rederived = 0;    // groups solved again only for the exact values others need
  uint64_t memory_budget = 0;  // the budget the run planned with (bytes)
  uint64_t peak_rss = 0;       // the process's peak resident memory at the end (bytes)
};

// The budget is too small for some group; `needed` is the smallest --max-memory that works.
class MemoryBudgetError : public std::runtime_error {
 public:
  MemoryBudgetError(const std::string& what, uint64_t needed)
      : std::runtime_error(what), needed_(needed) {}
  uint64_t needed() const { return needed_; }

 private:
  uint64_t needed_;
};

// Throws std::runtime_error with a message naming the file on any failure (disk full, ...).
GenSummary generate(const GenOptions& options);

}  // namespace ewn
