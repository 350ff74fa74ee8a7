// Drawing a position in the terminal.
#pragma once

#include <optional>
#include <string>

#include "position.h"

namespace ewn {

struct BoardStyle {
  bool colour = false;            // ANSI colours
  std::optional<Move> last_move;  // highlighted
};

// A 5x5 board with file letters and rank numbers; pieces as r3 / b5 so numbers stay legible
// without colour.
std::string draw_board(const Position& pos, const BoardStyle& style = {});

}  // namespace ewn
