// Positions crossing the C API: as text (SPEC notation) and as struct ewn_position.
#pragma once

#include <string>

#include "ewn/ewn.h"
#include "notation.h"

namespace ewn::api {

// Parses `text` into `out`; a malformed one records the message of `ewn probe` and gives
// EWN_E_POSITION, a null pointer EWN_E_ARGUMENT.
int parse_text(const char* text, ParsedPosition& out);

// The die a call means: `die` (1..6), or for 0 the one the position names. EWN_E_ARGUMENT when
// there is none, it is out of range, or it contradicts the position's.
int die_to_use(int die, const ParsedPosition& parsed, int& out);

// The position of a struct: EWN_E_POSITION when it is no valid position (with the message the
// same position would get as text), EWN_E_ARGUMENT for a null pointer.
int from_struct(const ewn_position* pos, ParsedPosition& out);
void to_struct(const ParsedPosition& parsed, ewn_position& out);

// Copies a move's text into a C array of EWN_MOVE_TEXT_MAX bytes.
void copy_move(Move m, char* out);

}  // namespace ewn::api
