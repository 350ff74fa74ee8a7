// The table inventory: what a directory of tables holds, as one JSON document for every surface
// that lists it (`ewn info --json`, the web server's /api/info), made from the one inspection of
// probe/table_inspection.h so that both count and name the same things.
#pragma once

#include <filesystem>

#include "json_text.h"
#include "table_inspection.h"

namespace ewn {

// directory; complete_up_to (the coverage, TableCoverage: every table up to it present and
// opening); partial_classes (classes of one more piece made alone with their twins); checked
// (false: headers only); bytes, positions, failing; ok (null when nothing was found wrong but
// nothing was checked) and errors; piece_counts: per piece count its classes, present_count
// (how many of them are there), failing, entries, positions, bytes and tables (class, present, for
// a present one entries, positions and bytes, ok: false with a problem, true when checked, else
// null; problem or null).
Json inventory_answer(const std::filesystem::path& dir, const DirectoryInspection& found,
                      bool checked);

// What `ewn serve`'s engine is: searches at once, the cap on a move's time, whether its search
// uses the tables' exact values.
struct ServerEngine {
  int searches = 0;
  int max_movetime_ms = 0;
  bool uses_tables = false;
};

// /api/info: the inventory (headers only, as `ewn info --json --quick`) with `directory` as the
// server shows it (the name it was given) and `engine` ({searches, max_movetime_ms,
// uses_tables}).
Json server_info_answer(Json inventory, const std::string& directory, const ServerEngine& engine);

}  // namespace ewn
