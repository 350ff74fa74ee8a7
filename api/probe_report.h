// The answer for one position, as `ewn probe --json` prints it: one definition for the probe
// command (which prints its text output from the same document) and for anything else that
// answers probes, so that both give the same JSON. A covered position's document is the one
// the engine's estimates share (valued_position.h); this adds the errors and their hints.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "json_text.h"
#include "notation.h"
#include "tablebase.h"

namespace ewn {

// How a probe ended; the values are the exit codes of `ewn probe` (the largest over several
// positions wins) and the C API's codes of the same failures (probe_report.cpp holds them
// equal).
enum class ProbeStatus { Ok = 0, BadPosition = 2, NotCovered = 3, TableProblem = 4 };

struct ProbeReport {
  ProbeStatus status = ProbeStatus::Ok;
  // Ok: the valued position (valued_position_json). Otherwise: position (the text as given,
  // made printable) and error (a one-line message).
  Json json;
};

// Parses `text` (SPEC section 3 notation, with or without a die) and probes it in `tb`.
// Never throws for bad input or a missing or damaged table: those are reported in the status.
ProbeReport probe_report(const Tablebase& tb, std::string_view text);

// The messages of the report's "error", for the library's answers that are not a whole report:
// a malformed position ("bad position: " and where), and a position the tables of `tb` do not
// cover (what they cover, what is missing and the command that makes it).
std::string bad_position_message(const ParseError& e);
std::string not_covered_message(const Tablebase& tb, const Position& pos, std::optional<int> die);

}  // namespace ewn
