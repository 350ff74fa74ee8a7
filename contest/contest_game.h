// A game at a contest as the console keeps it: who is the engine, the start, every turn, the end.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine.h"
#include "position.h"

namespace ewn {

enum class Actor : uint8_t { Engine, Opponent };

struct ContestTurn {
  Position before;  // the position the move was made in
  int die = 1;
  Move move;
  Actor actor = Actor::Opponent;
  Duration took{};                     // on the mover's clock
  std::optional<Duration> clock_left;  // the mover's game clock after the move
  std::optional<EngineMove> engine;    // the engine's account of its move
};

struct ContestGame {
  int number = 1;
  Side engine_side = Red;
  Position start;  // the setup, or the position the operator set
  std::vector<ContestTurn> turns;
  std::optional<Side> winner;
  std::string end;  // goal, capture, or what the operator declared

  Actor actor(Side side) const { return side == engine_side ? Actor::Engine : Actor::Opponent; }
  Position position() const {
    if (turns.empty()) return start;
    Position p = turns.back().before;
    p.play(turns.back().move);
    return p;
  }
  bool engine_won() const { return winner == engine_side; }
};

// The log lines of one turn: "turn 3 <position before, with die> <move> <who> ...".
std::string format_turn_log(int index, const ContestTurn& turn);
// The closing lines: result, dice and moves (in SPEC notation, as `ewn match` logs them).
std::string format_game_summary(const ContestGame& game);

}  // namespace ewn
