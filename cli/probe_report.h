// The answer for one position, as `ewn probe --json` prints it: one definition for the probe
// command (which prints its text output from the same document) and for anything else that
// answers probes, so that both give the same JSON. A covered position's document is the one
// the engine's estimates share (valued_position.h); this adds the errors and their hints.
#pragma once

#include <string_view>

#include "json.h"
#include "tablebase.h"

namespace ewn::cli {

// How a probe ended; the values are the exit codes of `ewn probe` (the largest over several
// positions wins).
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

}  // namespace ewn::cli
