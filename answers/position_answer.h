// A position with its value and the value of every move, as one JSON document: `ewn probe
// --json`, the C API's ewn_tb_probe_json, Python's Tablebase.probe and /api/probe give it from
// the tables, /api/estimate (estimate_answer.h) from the engine's search; one definition keeps
// them the same shape.
#pragma once

#include "json_text.h"
#include "notation.h"
#include "valued_position.h"

namespace ewn {

// Where the values come from: the tables (exact) or the engine's estimate.
enum class ValueSource { Tables, Estimate };

// position, side, value (the mover's win probability before the roll), red_value, die and
// die_value (the value after that roll, SPEC section 4; both null when the position names no
// die), pieces, winner (null while undecided), material (null when decided), source ("tables" or
// "estimate"), and dice: for each die its moves, best first, with move_value (the mover's win
// probability after the move) and wins. Every key is always there.
Json position_answer(const ValuedPosition& v, ValueSource source);

// `ewn show --json`: position, side, winner (null while undecided) and dice: for each die (the
// position's, or 1 to 6) its legal moves as the other position documents list them, without
// values ({move, wins}); none once decided.
Json show_answer(const ParsedPosition& parsed);

}  // namespace ewn
