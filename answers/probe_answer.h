// The answer for one position from the tables, as `ewn probe --json` prints it: one definition
// for the probe command (which prints its text output from the same document), the C API,
// Python and /api/probe. A covered position's document is position_answer.h's; a failure's is
// the error document (error_answer.h) with the position as given.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "error_answer.h"
#include "notation.h"
#include "tablebase.h"

namespace ewn {

// Parses `text` (SPEC section 3 notation, with or without a die) and probes it in `tb`.
// Never throws for bad input or a missing or damaged table: those are the answer's failure
// (BadPosition, NotCovered, DamagedTable; Unavailable when no descriptor is left to open a
// table: failure_of_table).
Answer probe_answer(const Tablebase& tb, std::string_view text);

// The message of the report's "error", for the library's answers that are not a whole report,
// of a position the tables of `tb` do not cover (what they cover, what is missing and the
// command that makes it). A malformed position's is bad_position_message() (notation.h).
std::string not_covered_message(const Tablebase& tb, const Position& pos, std::optional<int> die);

}  // namespace ewn
