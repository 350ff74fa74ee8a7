// Making the setup matrix, resumably: rows are appended to `<matrix>.partial` as they are done
// (the header first, with the budget and dimensions), and a run that finds such a file with the
// same settings continues after its last whole row. Every entry is computed on its own
// (setup_entry.h clears the search), so a run killed and restarted any number of times writes
// the same file, byte for byte, as one that ran through.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>

#include "setup_matrix.h"

namespace ewn {

struct SetupMakeOptions {
  uint64_t node_budget = kDefaultSetupNodes;
  int classes = kArrangementClasses;  // the first `classes` classes for both sides
};

struct SetupMakeProgress {
  int rows_done = 0, rows = 0;
  int rows_resumed = 0;              // rows found in the partial file when the run started
  uint64_t nodes = 0;                // nodes searched by this run
  uint64_t entries = 0;              // entries computed by this run
  uint64_t depth_sum = 0;            // of the depths their searches finished
  int min_depth = 0, max_depth = 0;  // among them (0: none computed)
  double seconds = 0;                // time this run spent computing entries
};

// Called after each row; returning false stops the run there (the partial file stays, and a
// later run continues from it).
using SetupMakeCallback = std::function<bool(const SetupMakeProgress&)>;

// The partial file of a matrix being made.
std::filesystem::path setup_partial_path(const std::filesystem::path& matrix);

// Makes or continues the matrix. Returns true when the matrix file is complete (the partial file
// removed; at once, computing nothing, when a good matrix of these settings is already there),
// false when the callback stopped it. Throws PathError when a partial file of other
// settings is in the way (the message says which and what to do), FileError when writing fails.
bool make_setup_matrix(const std::filesystem::path& matrix, const SetupMakeOptions& options,
                       const SetupMakeCallback& after_row = {});

}  // namespace ewn
