// A player: given a position and the rolled die, it chooses a move.
#pragma once

#include <optional>
#include <string>

#include "position.h"
#include "time_control.h"

namespace ewn {

// What the referee tells a player with each request.
struct MoveRequest {
  std::optional<Duration> game_time_left;  // what remains of the player's game budget
  ClockKind clock = ClockKind::Wall;       // the clock the referee measures with
};

// What a player may say about its decision (for logs and analysis).
struct MoveInfo {
  double value = -1;  // its estimate of its win probability after the move (-1: none)
  int depth = 0;      // expectimax: last completed depth
  uint64_t work = 0;  // nodes searched or playouts run
};

class Player {
 public:
  explicit Player(TimeLimits limits = {}) : limits_(limits) {}
  virtual ~Player() = default;
  // A legal move of `pos` (undecided, side to move = this player) for `die`.
  virtual Move choose(const Position& pos, int die, const MoveRequest& request) = 0;
  // Information about the last choice.
  const MoveInfo& last_info() const { return info_; }
  // The limits the player keeps to (and the referee enforces).
  const TimeLimits& limits() const { return limits_; }

 protected:
  MoveInfo info_;
  TimeLimits limits_;
};

}  // namespace ewn
