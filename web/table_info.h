// /api/info: which tables the server reads, as `ewn info --quick --json` would list them.
#pragma once

#include "json_response.h"
#include "tablebase.h"

namespace ewn::web {

// directory, complete_up_to, partial_classes (classes of one more piece made alone), bytes, and
// pieces: for each piece count with a table present, its classes (count), present, bytes and
// tables (class, bytes, entries). Reads the file headers only.
Json tables_info(const Tablebase& tb);

}  // namespace ewn::web
