// How the console is set up: the contest's rules as the command line gives them (the setup as
// typed), and how it talks to the operator or the person at the terminal.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "contest_state.h"

namespace ewn {

enum class ConsoleMode { Play, Operator };

// Draws a board for the terminal, the last move highlighted (the CLI passes its board view).
using BoardDrawer =
    std::function<std::string(const Position&, std::optional<Move> last_move, bool colour)>;

// The contest's rules (fixed_setup is left out: the console parses `setup` into it) and the
// console's own settings.
struct ConsoleConfig : ContestRules {
  ConsoleMode mode = ConsoleMode::Play;
  std::string setup;       // setup_input.h text; empty: asked for each game
  bool colour = false;     // ANSI colours on the board
  bool echo = false;       // repeat each input line (input is not a terminal)
  BoardDrawer draw_board;  // none: positions are shown in SPEC notation only
};

}  // namespace ewn
