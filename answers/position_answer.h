// A position with its value and the value of every move, as one JSON document: `ewn probe
// --json`, the C API's ewn_tb_probe_json, Python's Tablebase.probe and /api/probe give it from
// the tables, /api/estimate (estimate_answer.h) from the engine's search; one definition keeps
// them the same shape.
#pragma once

#include "json_text.h"
#include "valued_position.h"

namespace ewn {

// position, side, value, red_value, die and die_value (only when the position names a die: the
// value after that roll, SPEC section 4), pieces, winner (decided) or material, and dice: for
// each die its moves, best first, with value and wins.
Json position_answer(const ValuedPosition& v);

}  // namespace ewn
