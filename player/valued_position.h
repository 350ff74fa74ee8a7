// A position with its value and the value of every move, as one JSON document: `ewn probe
// --json` and the web server's /api/probe give it from the tables, /api/estimate from the
// engine's search; one definition keeps the three the same shape.
#pragma once

#include <optional>
#include <vector>

#include "exact_values.h"
#include "json_text.h"
#include "position.h"

namespace ewn {

// The moves of one die, best first.
struct DieMoves {
  int die = 0;
  std::vector<ExactMoveValue> moves;  // never empty: some piece can always move
};

struct ValuedPosition {
  Position position;
  std::optional<int> die;  // the roll the position names, if any
  double value = 0;        // the side to move's win probability before the roll
  // Undecided: each die valued (1..6, or only the named one) in turn; decided: none.
  std::vector<DieMoves> dice;
};

// position, side, value, red_value, die and die_value (only when the position names a die: the
// value after that roll, SPEC section 4), pieces, winner (decided) or material, and dice: for
// each die its moves, best first, with value and wins.
Json valued_position_json(const ValuedPosition& v);

}  // namespace ewn
