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
// nothing was checked) and errors; piece_counts: per piece count its classes, present,
// failing, entries, positions, bytes and tables (class, present, for a present one entries,
// positions and bytes, ok: false with a problem, true when checked, else null; problem or
// null).
Json inventory_answer(const std::filesystem::path& dir, const DirectoryInspection& found,
                      bool checked);

}  // namespace ewn
