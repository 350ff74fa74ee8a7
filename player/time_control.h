// Time control: how long a player may think about one move.
//
// A player has a per-move limit (the contest's 30 s) and/or a per-game budget (4 minutes per
// side). It never uses all of either: a safety margin stays for the time between deciding and
// the move being registered. With a game budget the time is spread over the moves the side
// still expects to make (race.h gives the expected number of turns).
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace ewn {

using SteadyClock = std::chrono::steady_clock;
using Duration = std::chrono::nanoseconds;

struct TimeLimits {
  std::optional<Duration> per_move;
  std::optional<Duration> per_game;
};

// What a search may use: past `soft` it starts no new iteration, at `hard` it stops at once.
struct Deadline {
  SteadyClock::time_point start{};
  std::optional<SteadyClock::time_point> soft, hard;  // none: no time limit

  static Deadline none() { return Deadline{SteadyClock::now(), std::nullopt, std::nullopt}; }
  bool limited() const { return hard.has_value(); }
  bool past_soft(SteadyClock::time_point now) const { return soft && now >= *soft; }
  bool past_hard(SteadyClock::time_point now) const { return hard && now >= *hard; }
};

// The part of a limit kept back: 10% of it, at least 20 ms (a busy machine may not run the
// program for that long) and at most 1 s.
Duration safety_margin(Duration limit);

// The deadline for a move starting at `start`. `game_left` is what remains of the per-game
// budget (if any) and `moves_left` the number of own moves still expected (>= 1).
Deadline plan_move(const TimeLimits& limits, std::optional<Duration> game_left, double moves_left,
                   SteadyClock::time_point start);

// "100ms", "30s", "4min", "1.5s" -> duration; nullopt if malformed.
std::optional<Duration> parse_duration(std::string_view text);
std::string format_duration(Duration d);

}  // namespace ewn
