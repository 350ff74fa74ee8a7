// Rewriting a table directory in format 3 without solving anything again (`ewn convert`): the
// tables of formats 1 and 2 hold every class, format 3 one class of each colour pair (chosen by
// class_to_store, as ewn gen chooses), which answers for its twin (docs/FORMAT.md, "Derived
// classes"). The stored class's values are the old file's, so a converted set gives the answers of
// the set it came from (identical on the stored side, within one step on the derived side) and is
// the same bytes as `ewn gen` writes in format 3.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "material.h"
#include "table_writer.h"

namespace ewn {

struct ConversionProgress {
  int tables_done = 0, tables_total = 0;  // table files of the source
  uint64_t entries_done = 0, entries_total = 0;
  MaterialClass current{1, 1};
};

struct ConversionOptions {
  std::filesystem::path from;
  // Where the converted set goes; equal to `from` (or empty): in place, each colour pair's new
  // file taking the place of the old ones once it is written and checked.
  std::filesystem::path to;
  int threads = 0;  // 0: OpenMP's default
  int zstd_level = kDefaultZstdLevel;
  std::function<void(const ConversionProgress&)> on_progress;
};

struct ConversionReport {
  bool in_place = false;   // the destination is the source directory
  int tables_read = 0;     // table files of the source
  int tables_written = 0;  // files written in format 3
  int tables_kept = 0;     // files already in format 3: kept as they are (copied to `to`)
  int derived = 0;         // classes answered by their colour twin's file once converted
  int removed = 0;         // files of the source no longer needed (in place: deleted)
  uint64_t entries = 0;    // entries of the tables rewritten
  uint64_t bytes_before = 0, bytes_after = 0;  // the tables' bytes in the source and the result
};

// Converts every table file of `opt.from` (formats 1, 2 and 3 alike; files of format 3 are kept).
// A pair of classes XvY and YvX with both files is written as the class class_to_store picks,
// in format 3; a class that is its own twin, or whose twin has no file (a set made class by class),
// is written alone. Every file is written under a temporary name, checked in full and renamed into
// place; only then, in place, is the twin's old file removed: a run killed at any moment leaves
// a directory that answers every class it answered, and running it again finishes the work.
// A file in the destination named after a class the converted set derives is removed (it would
// be read instead of the twin's). Throws TableError naming a source file that is missing or
// damaged (nothing of the destination is lost: the pair in progress is left as it was),
// FileError when writing fails.
ConversionReport convert_tables(const ConversionOptions& opt);

}  // namespace ewn
