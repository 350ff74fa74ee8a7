// Time control: how long a player may think about one move.
//
// A player has a per-move limit (the contest's 30 s) and/or a per-game budget (4 minutes per
// side). It never uses all of either: a safety margin stays for the time between deciding and
// the move being registered. With a game budget the time is spread over the moves the side
// still expects to make (race.h gives the expected number of turns).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ewn {

using SteadyClock = std::chrono::steady_clock;
using Duration = std::chrono::nanoseconds;

// Which clock limits are measured on. Tournaments use the wall clock. On a machine shared with
// other work a thread may wait for a core, and its wall time then says little about how much
// thinking it did: the CPU time of the thread (the one that calls the player and runs its
// search) measures that, for comparing players fairly there.
enum class ClockKind : uint8_t { Wall, ThreadCpu };
// A reading of the clock (from an arbitrary origin, the same for the whole thread).
Duration clock_now(ClockKind clock);

struct TimeLimits {
  std::optional<Duration> per_move;
  std::optional<Duration> per_game;
};

// What a search may use: past `soft` it starts no new iteration, at `hard` it stops at once.
struct Deadline {
  ClockKind clock = ClockKind::Wall;
  std::optional<Duration> soft, hard;  // clock readings; none: no time limit

  static Deadline none() { return Deadline{}; }
  // Both limits `limit` after `start` on `clock`.
  static Deadline after(ClockKind clock, Duration start, Duration limit) {
    return Deadline{clock, start + limit, start + limit};
  }
  Duration now() const { return clock_now(clock); }
  bool past_soft() const { return soft && now() >= *soft; }
  bool past_hard() const { return hard && now() >= *hard; }
};

// The part of a limit kept back: 10% of it but at least 30 ms, and at most a third of the limit
// and at most 1 s. On a virtual machine sharing its host even the CPU-time clock goes on while
// the host runs something else; overruns of 26 ms were seen at load averages above 10.
Duration safety_margin(Duration limit);

// The deadline for a move starting at reading `start` of `clock`. `game_left` is what remains
// of the per-game budget (if any) and `moves_left` the number of own moves still expected.
Deadline plan_move(const TimeLimits& limits, std::optional<Duration> game_left, double moves_left,
                   ClockKind clock, Duration start);

// The earlier of two deadlines on the same clock, soft and hard limit each.
Deadline earliest(const Deadline& a, const Deadline& b);

// "100ms", "30s", "4min", "1.5s", "250" (milliseconds) -> duration; nullopt if malformed.
std::optional<Duration> parse_duration(std::string_view text);
std::string format_duration(Duration d);

}  // namespace ewn
