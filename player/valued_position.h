// A position with its value and the value of every move: what the tables (probe) and the
// engine's estimate (position_estimate.h) both give; answers/position_answer.h writes it.
#pragma once

#include <optional>
#include <vector>

#include "exact_values.h"
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

}  // namespace ewn
