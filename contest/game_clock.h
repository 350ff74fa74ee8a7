// The two clocks of an over-the-board game, and how much of its own the engine may spend.
//
// Contest rules (SPEC 6): 4 minutes per side per game (seed 004) or 30 s per move (seed 000).
// The console keeps both clocks as the official ones run: a side's clock runs from the moment
// the other side's move is entered until its own move is. What the official clock counts and
// the console cannot see (typing the opponent's move in, carrying the engine's move over to the
// board) is the per-move `overhead`, which the engine keeps free on every move it still expects
// to make. The operator can set the clocks to the official readings at any time.
#pragma once

#include <array>
#include <optional>

#include "position.h"
#include "time_control.h"

namespace ewn {

struct ClockRules {
  std::optional<Duration> per_game;  // each side's budget for a game
  std::optional<Duration> per_move;  // the limit for one move
};

class GameClock {
 public:
  using TimePoint = SteadyClock::time_point;
  explicit GameClock(ClockRules rules = {}) : rules_(rules) {}

  const ClockRules& rules() const { return rules_; }
  // Starts `side`'s clock (stopping the other one); a new move for per-move limits.
  void start(Side side, TimePoint now);
  void stop(TimePoint now);
  std::optional<Side> running() const { return running_; }

  // Time the side has used this game, including the running move.
  Duration used(Side side, TimePoint now) const;
  // What is left of the side's game budget (negative when over); nullopt without one.
  std::optional<Duration> left(Side side, TimePoint now) const;
  // Time on the running side's current move so far (zero when stopped).
  Duration this_move(TimePoint now) const;
  // The side is over its game budget, or (running) over the per-move limit.
  bool over_time(Side side, TimePoint now) const;
  // Sets what is left of the side's game budget to an official reading.
  void set_left(Side side, Duration left, TimePoint now);

 private:
  ClockRules rules_;
  std::array<Duration, 2> used_{};  // completed stretches
  std::optional<Side> running_;
  TimePoint since_{};
};

// The deadline of the engine's move (its clock running since its turn began). `moves_left` is
// the number of own moves it still expects, this one included; `overhead` is kept free for each.
Deadline plan_engine_move(const GameClock& clock, Side engine, Duration overhead, double moves_left,
                          SteadyClock::time_point now);

// "3:41.2", "0:05.0", "-0:02.3"
std::string format_clock(Duration d);
// "3:41", "3:41.5", "221", "221.5s", "4min", ... -> duration; nullopt if malformed.
std::optional<Duration> parse_clock(std::string_view text);

}  // namespace ewn
