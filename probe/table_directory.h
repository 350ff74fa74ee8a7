// Which tables a directory holds, found in one place for every reader of a table set: the
// tablebase, `ewn verify`, `ewn info` and the manifest.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "material.h"

namespace ewn {

// Where the tables are when no one says: $EWN_TABLES if set and not empty, else "data" (every
// command's --tables default).
std::string default_tables_dir();

// Whether the directory has a file of the class's name. A file of any kind counts: one that is
// no regular table (a FIFO, a dangling link) is then reported by name when it is needed, rather
// than passed over as if it were missing.
bool table_present(const std::filesystem::path& dir, MaterialClass mc);

// The table files of a directory as `ewn verify` and `ewn info` both see them, before any is
// read, so that the two report the same facts.
struct TableDirectory {
  int largest = 0;  // the most pieces among the class-named table files (0: none)
  // The file names (e.g. "12v3.ewt") of the class-named table files, sorted.
  std::vector<std::string> names;
  // "<file>: <problem>" for each file named like a table whose name is no class.
  std::vector<std::string> strays;
  // Whether the class must have a table: every class with fewer pieces than the largest (larger
  // classes are made from them), and at the largest count those with a file of any kind (the
  // others were not made: a set made class by class), or whose colour twin has one (format 3
  // stores one class of a pair).
  bool expects(const std::filesystem::path& dir, MaterialClass mc) const;
};
// Throws PathError "<dir>: <problem>" (error_kind.h) when `dir` is no directory or cannot be
// listed.
TableDirectory scan_table_directory(const std::filesystem::path& dir);

}  // namespace ewn
