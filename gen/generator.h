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
#include <optional>
#include <stdexcept>
#include <string>

#include "material.h"
#include "progress.h"
#include "table_writer.h"

namespace ewn {

// The most pieces on the board a set of tables is made for.
inline constexpr int kMaxGenPieces = 7;

struct GenOptions {
  int pieces = 4;  // largest number of pieces on the board (2..kMaxGenPieces)
  std::filesystem::path out = "data";
  int threads = 0;  // of the parallel loops; 0: all cores (the tables are the same either way)
  // Told how the run is progressing whenever that changes (often: the receiver decides what
  // to show); nothing is reported without it.
  GenProgressCallback on_progress;
  // Told, before any work, how many temporary files an interrupted run had left (and this one
  // removed), when there were any.
  std::function<void(int files)> on_temporaries_removed;
  // Keep the exact (double) values of the classes with at most this many pieces as
  // `<class>.ewx` beside the tables, so that a later, larger run reads them instead of solving
  // those classes again. Other exact values are working files, removed when no longer needed.
  int keep_exact_up_to = 0;
  // Solve only the group of this class and its twin (e.g. 12345v1; at most `pieces` pieces).
  // The exact values of the classes it reaches by a capture are read where kept, else derived
  // again from the smaller classes (their tables are not rewritten when present and complete).
  std::optional<MaterialClass> only_class;
  // Peak resident memory of the whole process, in bytes (0: three quarters of physical memory).
  uint64_t max_memory = 0;
  // Bytes for the groups' working sets, instead of what max_memory leaves after the process's
  // own needs; for tests and for a distributed run that hands out memory itself.
  uint64_t working_memory = 0;
  // zstd level of the table files (the writer's default: table_writer.h).
  int zstd_level = kDefaultZstdLevel;
  // Table format written (table_format.h): 3 stores one class of each colour pair and derives
  // the other from it; 2 stores both, for readers that know no later format.
  uint32_t format_version = kTableFormatVersion;
};

// Tables count classes: in format 3 one file holds the table of its class and answers for its
// twin's, both counted.
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

// The budget is too small for some group; `needed` is the smallest budget that works (as
// GenOptions::max_memory, or as working_memory when that was given).
class MemoryBudgetError : public std::runtime_error {
 public:
  MemoryBudgetError(const std::string& what, uint64_t needed)
      : std::runtime_error(what), needed_(needed) {}
  uint64_t needed() const { return needed_; }

 private:
  uint64_t needed_;
};

// Throws std::invalid_argument for options out of range, MemoryBudgetError before any work
// when the budget is too small, and std::runtime_error with a message naming the file on any
// failure (disk full, ...).
GenSummary generate(const GenOptions& options);

}  // namespace ewn
