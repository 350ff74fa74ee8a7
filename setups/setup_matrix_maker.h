// Making the setup matrix, resumably: rows are appended to `<matrix>.partial` as they are done
// (the header first, with the depth and dimensions), and a run that finds such a file with the
// same settings continues after its last whole row. Every entry is computed on its own
// (setup_entry.h clears the search), so a run killed and restarted any number of times writes
// the same file, byte for byte, as one that ran through.
//
// Symmetric by construction: the start a against b is the mirror image of mirrored(a) against
// mirrored(b) (arrangement.h), so of each such pair of entries only the one met first in row
// order is searched, and the other gets the same code (one whose mirror lies outside the first
// `classes` classes is searched itself). No entry is its own image (arrangement.h), so a whole
// matrix searches exactly half its entries.
//
// When every row is done, a deterministic sample of about 1% of the entries (at least
// kMinSetupErrorSample, or all of a smaller matrix), spread evenly over
// the matrix, is searched one ply deeper; the mean of (deeper minus stored) and their standard
// deviation about it go into the file's header as the matrix's own error estimate.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>

#include "setup_matrix.h"

namespace ewn {

struct SetupMakeOptions {
  int depth = kDefaultSetupDepth;
  int classes = kArrangementClasses;  // the first `classes` classes for both sides
};

struct SetupMakeProgress {
  int rows_done = 0, rows = 0;
  int rows_resumed = 0;             // rows found in the partial file when the run started
  uint64_t nodes = 0;               // nodes searched by this run
  uint64_t entries = 0;             // entries this run searched
  uint64_t mirrored = 0;            // entries this run copied from their mirror image
  double seconds = 0;               // time this run spent computing entries (error sample included)
  double cpu_seconds = 0;           // the CPU time of this run's searches (error sample included)
  int sample_done = 0, sample = 0;  // the error sample's entries searched one ply deeper
  double entry_error = 0, depth_bias = 0;  // when the sample is done
};

inline constexpr size_t kMinSetupErrorSample = 64;

// How many entries of an n x n matrix the error sample holds, and its k-th entry's index (row
// by row): evenly spaced, the same on every run.
int setup_error_sample_size(int classes);
size_t setup_error_sample_index(int classes, int k);

// Called after each row and every few entries of the error sample; returning false stops the
// run there (the partial file stays, and a later run continues from it).
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
