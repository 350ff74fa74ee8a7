// What `ewn info` reports of a directory of tables: for each class `ewn verify` would check,
// whether its file is there, whether it opens, its size and entry count and, unless only the
// headers are read, whether it passes the full check (header, block and file checksums); and
// per piece count the totals. The values themselves are not recomputed (that is
// verify_tables(), verify.h). Also the directory's coverage, the one complete_up_to of every
// surface (table_coverage()).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "material.h"

namespace ewn {

struct TableInspection {
  MaterialClass material;
  bool present = false;  // a regular file
  bool missing = false;  // no file of any kind
  // Present and passing the checks made when a table is opened (TableFile: header, dictionary,
  // block index, the class its name says, the size its header says). Only such tables count
  // towards the coverage.
  bool opens = false;
  // No file of its own, answered by its colour twin's file (format 3, derives_twin): opens then
  // means that the twin's file opens.
  bool derived = false;
  uint32_t format_version = 0;  // of the file (of the twin's, when derived); 0: none opened
  uint64_t entries = 0;
  uint64_t positions = 0;  // canonical (unique) positions
  uint64_t bytes = 0;      // of the file
  std::optional<std::string> problem{};
};

struct PieceCountInspection {
  int pieces = 0;
  // present: files; derived: classes without a file answered by their twin's (format 3).
  int classes = 0, present = 0, derived = 0, failing = 0;
  // Of the classes present or derived: the positions a set answers, and its files' bytes.
  uint64_t entries = 0, positions = 0, bytes = 0;
};

// How far a directory's tables reach: the one figure every surface reports as complete_up_to
// (`ewn info`, `ewn verify`, /api/info, the serve start-up line, `ewn probe`'s messages, C, C++
// and Python), and what the tablebase answers from.
struct TableCoverage {
  // The largest n such that the table of every class with at most n pieces is present and
  // opens (TableInspection::opens); 0: not even every 2-piece table. Block and file checksums
  // are not read for it: a damaged block fails the probe that reads it, and the full checks of
  // `ewn info` and `ewn verify` report it under their own keys (failing, verified_up_to).
  int complete_up_to = 0;
  // The classes of complete_up_to + 1 pieces made alone (`ewn gen --class`) that open with their
  // colour-flipped twins: the tables answer for their positions too.
  std::vector<MaterialClass> partial_classes;
  // The tables that are there (a file of any kind) but do not open, smallest first: what a
  // probe that needs one of them fails on, naming the file.
  std::vector<MaterialClass> damaged;
  int largest = 0;  // the most pieces among the directory's class-named table files
  // The classes without a file that their colour twin's file answers for (format 3), smallest
  // first; they count as present and opening above.
  std::vector<MaterialClass> derived;
};

struct DirectoryInspection {
  // The classes `ewn verify` checks: every one below the largest piece count present, and
  // those present at it (TableDirectory::expects), by piece count.
  std::vector<TableInspection> tables;
  std::vector<PieceCountInspection> piece_counts;  // 2 .. the largest present
  TableCoverage coverage;
  int failing = 0;  // tables with a problem
  // The format versions of the files that open, ascending, each once (e.g. {3}, or {2, 3} for
  // a set made by two versions of ewn).
  std::vector<uint32_t> format_versions;
  uint64_t bytes = 0, positions = 0;
  // Every problem, in the words `ewn verify` uses: strays, no tables at all, each table's.
  std::vector<std::string> problems;
};

// Inspects `dir` on `threads` threads (0: one per core; a full check decompresses every
// block). Only the headers are read when `headers_only`. Throws PathError
// "<dir>: <problem>" (error_kind.h) when `dir` is no directory or cannot be listed.
DirectoryInspection inspect_tables(const std::filesystem::path& dir, bool headers_only,
                                   int threads = 0);

// The coverage of `dir` (every table opened, on one thread; no block is read). A directory that
// is not there or cannot be listed covers nothing.
TableCoverage table_coverage(const std::filesystem::path& dir);

}  // namespace ewn
