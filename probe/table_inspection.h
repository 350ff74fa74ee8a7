// What `ewn info` reports of a directory of tables: for each class `ewn verify` would check,
// whether its file is there, its size and entry count and, unless only the headers are read,
// whether it passes the full check (header, block and file checksums); and per piece count
// the totals. The values themselves are not recomputed (that is verify_tables(), verify.h).
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
  bool present = false;
  uint64_t entries = 0;
  uint64_t positions = 0;  // canonical (unique) positions
  uint64_t bytes = 0;      // of the file
  std::optional<std::string> problem{};
};

struct PieceCountInspection {
  int pieces = 0;
  int classes = 0, present = 0, failing = 0;
  uint64_t entries = 0, positions = 0, bytes = 0;
};

struct DirectoryInspection {
  // The classes `ewn verify` checks: every one below the largest piece count present, and
  // those present at it (TableDirectory::expects), by piece count.
  std::vector<TableInspection> tables;
  std::vector<PieceCountInspection> piece_counts;  // 2 .. the largest present
  int complete_up_to = 0;                          // counting only tables that pass their checks
  // The classes of complete_up_to + 1 pieces made alone (`ewn gen --class`) that pass their
  // checks with their colour-flipped twins: the tables answer for their positions too.
  std::vector<MaterialClass> partial_classes;
  int failing = 0;  // tables with a problem
  uint64_t bytes = 0, positions = 0;
  // Every problem, in the words `ewn verify` uses: strays, no tables at all, each table's.
  std::vector<std::string> problems;
};

// Inspects `dir` on `threads` threads (0: one per core; a full check decompresses every
// block). Only the headers are read when `headers_only`. Throws PathError
// "<dir>: <problem>" (error_kind.h) when `dir` is no directory or cannot be listed.
DirectoryInspection inspect_tables(const std::filesystem::path& dir, bool headers_only,
                                   int threads = 0);

}  // namespace ewn
