// A player: given a position and the rolled die, it chooses a move.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "position.h"
#include "time_control.h"

namespace ewn {

// What the referee tells a player with each request.
struct MoveRequest {
  std::optional<Duration> game_time_left;  // what remains of the player's game budget
  ClockKind clock = ClockKind::Wall;       // the clock the referee measures with
  // A referee that plans the move's time itself (a contest clock with time kept free for the
  // operator) gives its deadline, on `clock`: the player keeps to the earlier of it and what its
  // own limits allow.
  std::optional<Deadline> deadline;
};

// What a player may say about its decision (for logs and analysis).
struct MoveInfo {
  double value = -1;   // its estimate of its win probability after the move (-1: none)
  int depth = 0;       // expectimax: last completed depth
  uint64_t work = 0;   // nodes searched or playouts run
  bool exact = false;  // value is exact (tables, or a search that needed no estimate)
};

// A player that could not give a move at all: an outside program (tcg_player.h) that ended,
// stayed silent past its time, or answered something that is not a legal move. The referee
// scores the game lost by it, with `what` as the reason, and goes on.
class PlayerFault : public std::runtime_error {
 public:
  enum class Kind { Crash, Time, Unreadable, Illegal };
  PlayerFault(Kind kind, const std::string& what) : std::runtime_error(what), kind_(kind) {}
  Kind kind() const { return kind_; }

 private:
  Kind kind_;
};

class Player {
 public:
  explicit Player(TimeLimits limits = {}) : limits_(limits) {}
  virtual ~Player() = default;
  // A legal move of `pos` (undecided, side to move = this player) for `die`.
  virtual Move choose(const Position& pos, int die, const MoveRequest& request) = 0;
  // Forgets what it learned in the games before, for a referee that keeps one player for
  // several games (a contest engine); a player made for one game never needs it.
  virtual void new_game() {}
  // Information about the last choice.
  const MoveInfo& last_info() const { return info_; }
  // The limits the player keeps to (and the referee enforces).
  const TimeLimits& limits() const { return limits_; }

 protected:
  MoveInfo info_;
  TimeLimits limits_;
};

}  // namespace ewn
