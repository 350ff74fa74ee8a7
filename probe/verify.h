// Verifying a directory of tables: every file's checksums, then every stored value against one
// expectimax step (SPEC section 4) over the stored values of its children.
//
// This is a second implementation that checks the generator: it knows only the rules
// (core/movegen.h), the index (core/index.h) and the table reader, never the generator's code.
// Each class is decompressed once into memory, with its colour-flipped twin (the children of
// its non-capturing moves) and the classes with one piece fewer (the children of captures).
//
// Tolerance: a stored value s is the exact value rounded to the format's precision, so
// |s - exact| <= kValueRoundingError (table_format.h). Recomputing from stored children moves the
// result by at most the same amount (an average of maxima of values that each moved by at most
// that much), so a correct table always has |recomputed - stored| <= 2 * kValueRoundingError,
// one step of the stored values. kVerifyTolerance adds 1e-9 for the double arithmetic.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "expectimax_step.h"
#include "material.h"
#include "movegen.h"
#include "position.h"
#include "table_format.h"

namespace ewn {

inline constexpr double kVerifyTolerance = 2 * kValueRoundingError + 1e-9;

struct VerifyProgress {
  uint64_t entries_done = 0;  // entries recomputed so far, all classes
  uint64_t entries_total = 0;
  int tables_done = 0;
  int tables_total = 0;
  MaterialClass current;  // the class being recomputed
};

struct VerifyOptions {
  int max_pieces = 0;  // verify classes with up to this many pieces; 0: the most found in the dir
  // Verify only this class and its colour-flipped twin (against the classes its captures reach),
  // e.g. one group made by `ewn gen --class`; max_pieces is then ignored.
  std::optional<MaterialClass> only_class;
  int threads = 0;  // 0: OpenMP's default
  double tolerance = kVerifyTolerance;
  int list_limit = 10;  // differing entries listed per table (all are counted)
  // Called now and then from one thread while values are recomputed.
  std::function<void(const VerifyProgress&)> on_progress;
};

// An entry whose stored value is not what its children give.
struct ValueMismatch {
  uint64_t entry = 0;
  Position position;  // as stored: the side to move shown as Red
  uint16_t stored = 0;
  double recomputed = 0;
};

struct TableReport {
  MaterialClass material;
  std::filesystem::path file;
  // Why the table could not be checked (without the file name): missing or corrupt file (its
  // checksums or layout), or a table it depends on that is missing or corrupt. Empty when its
  // values were recomputed.
  std::string problem;
  // No file of its own: derived from its twin's (format 3; `file` is the twin's). Its values
  // are computed from the twin and the capture children, and the twin is checked against them.
  bool derived = false;
  uint64_t positions = 0;             // valid entries recomputed (derived: computed)
  uint64_t mismatches = 0;            // of these, entries off by more than the tolerance
  std::vector<ValueMismatch> listed;  // the first of them by entry, at most list_limit
  double max_difference = 0;          // largest |recomputed - stored| among the positions
  bool ok() const { return problem.empty() && mismatches == 0; }
};

struct VerifyReport {
  std::filesystem::path dir;
  int max_pieces = 0;
  // The directory's coverage (table_inspection.h, the figure of every surface): the largest n
  // such that the table of every class with <= n pieces is present and opens (0: none).
  int complete_up_to = 0;
  // What verify adds: the largest n such that the table of every class with <= n pieces passed
  // every check and its values were recomputed within the tolerance (0: none).
  int verified_up_to = 0;
  // Classes of max_pieces with no file at all, left out of `tables` (a set made class by class
  // with `ewn gen --class`); only when max_pieces was not given.
  std::vector<MaterialClass> absent;
  double tolerance = kVerifyTolerance;
  std::vector<TableReport> tables;          // every class with 2..max_pieces pieces, smallest first
                                            // (only_class: the class and its twin)
  std::vector<std::string> other_problems;  // e.g. a .ewt file whose name is no class
  uint64_t positions = 0;
  uint64_t mismatches = 0;
  double max_difference = 0;
  bool ok() const;
};

// Verifies `dir`. Throws std::runtime_error when `dir` is not a directory; every problem with
// the tables (none at all, a stray, a missing or bad table) is reported in the result instead.
VerifyReport verify_tables(const std::filesystem::path& dir, const VerifyOptions& options = {});

// Classes the moves from a position of `mc` lead to: the twin and the capture children.
std::vector<MaterialClass> child_classes(MaterialClass mc);

}  // namespace ewn
