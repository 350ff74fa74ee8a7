#include "time_control.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <string>

namespace ewn {

using std::chrono::duration_cast;
using std::chrono::milliseconds;

Duration safety_margin(Duration limit) {
  Duration margin = std::max<Duration>(limit / 10, milliseconds(30));
  return std::min({margin, limit / 3, Duration(milliseconds(1000))});
}

Duration clock_now(ClockKind clock) {
  if (clock == ClockKind::ThreadCpu) {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return std::chrono::seconds(ts.tv_sec) + std::chrono::nanoseconds(ts.tv_nsec);
  }
  return SteadyClock::now().time_since_epoch();
}

Deadline plan_move(const TimeLimits& limits, std::optional<Duration> game_left, double moves_left,
                   ClockKind clock, Duration start) {
  Deadline d{clock, std::nullopt, std::nullopt};
  std::optional<Duration> hard, soft;
  if (limits.per_move) {
    Duration cap =
        std::max<Duration>(*limits.per_move - safety_margin(*limits.per_move), Duration(0));
    hard = soft = cap;  // with a per-move limit only, the whole limit is worth using
  }
  if (limits.per_game && game_left) {
    Duration left = *game_left;
    Duration cap = std::max<Duration>(left - safety_margin(left), Duration(0));
    auto target = Duration(int64_t(double(cap.count()) / std::max(1.0, moves_left)));
    // A move may overrun its share (an iteration that was nearly done), never half the rest.
    Duration game_hard = std::min<Duration>(cap / 2, 3 * target);
    hard = hard ? std::min(*hard, game_hard) : game_hard;
    soft = soft ? std::min(*soft, target) : target;
  }
  if (hard) {
    d.hard = start + *hard;
    d.soft = start + std::min(*soft, *hard);
  }
  return d;
}

Deadline earliest(const Deadline& a, const Deadline& b) {
  auto first = [](std::optional<Duration> x, std::optional<Duration> y) {
    return x && y ? std::min(*x, *y) : x ? x : y;
  };
  return Deadline{a.clock, first(a.soft, b.soft), first(a.hard, b.hard)};
}

std::optional<Duration> parse_duration(std::string_view text) {
  size_t unit = 0;
  while (unit < text.size() &&
         (std::isdigit(static_cast<unsigned char>(text[unit])) || text[unit] == '.'))
    ++unit;
  if (unit == 0) return std::nullopt;
  std::string number(text.substr(0, unit));
  char* end = nullptr;
  double value = std::strtod(number.c_str(), &end);
  if (end != number.c_str() + number.size() || !std::isfinite(value)) return std::nullopt;
  std::string_view suffix = text.substr(unit);
  double ns_per_unit;
  // A bare number is in milliseconds, the unit of every other surface (docs/API.md).
  if (suffix == "ms" || suffix.empty())
    ns_per_unit = 1e6;
  else if (suffix == "s")
    ns_per_unit = 1e9;
  else if (suffix == "min" || suffix == "m")
    ns_per_unit = 60e9;
  else
    return std::nullopt;
  double ns = value * ns_per_unit;
  if (ns > 1e18) return std::nullopt;
  return Duration(int64_t(std::llround(ns)));
}

std::string format_duration(Duration d) {
  double ms = double(d.count()) / 1e6;
  char buf[32];
  if (ms < 1000)
    std::snprintf(buf, sizeof buf, "%gms", ms);
  else if (ms < 60000)
    std::snprintf(buf, sizeof buf, "%gs", ms / 1000);
  else
    std::snprintf(buf, sizeof buf, "%gmin", ms / 60000);
  return buf;
}

}  // namespace ewn
