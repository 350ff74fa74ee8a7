#include "game_clock.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace ewn {

void GameClock::start(Side side, TimePoint now) {
  stop(now);
  running_ = side;
  since_ = now;
}

void GameClock::stop(TimePoint now) {
  if (running_) used_[*running_] += now - since_;
  running_.reset();
}

Duration GameClock::this_move(TimePoint now) const {
  return running_ ? Duration(now - since_) : Duration(0);
}

Duration GameClock::used(Side side, TimePoint now) const {
  return used_[side] + (running_ == side ? this_move(now) : Duration(0));
}

std::optional<Duration> GameClock::left(Side side, TimePoint now) const {
  if (!rules_.per_game) return std::nullopt;
  return *rules_.per_game - used(side, now);
}

bool GameClock::over_time(Side side, TimePoint now) const {
  if (auto l = left(side, now); l && *l < Duration(0)) return true;
  return rules_.per_move && running_ == side && this_move(now) > *rules_.per_move;
}

void GameClock::set_left(Side side, Duration left, TimePoint now) {
  if (!rules_.per_game) return;
  // The running stretch so far stays counted in this_move(); the rest goes to used_.
  used_[side] = *rules_.per_game - left - (running_ == side ? this_move(now) : Duration(0));
}

Deadline plan_engine_move(const GameClock& clock, Side engine, Duration overhead, double moves_left,
                          SteadyClock::time_point now) {
  const ClockRules& rules = clock.rules();
  TimeLimits limits;
  std::optional<Duration> game_left;
  moves_left = std::max(1.0, moves_left);
  if (rules.per_move) {
    Duration used = clock.running() == engine ? clock.this_move(now) : Duration(0);
    limits.per_move = std::max(Duration(0), *rules.per_move - used - overhead);
  }
  if (rules.per_game) {
    limits.per_game = rules.per_game;
    auto reserve = Duration(int64_t(double(overhead.count()) * moves_left));
    game_left = std::max(Duration(0), *clock.left(engine, now) - reserve);
  }
  return plan_move(limits, game_left, moves_left, ClockKind::Wall, now.time_since_epoch());
}

std::string format_clock(Duration d) {
  bool negative = d < Duration(0);
  int64_t tenths = std::llabs(d.count()) / 100'000'000;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%s%lld:%02lld.%lld", negative ? "-" : "",
                (long long)(tenths / 600), (long long)(tenths / 10 % 60), (long long)(tenths % 10));
  return buf;
}

std::optional<Duration> parse_clock(std::string_view text) {
  size_t colon = text.find(':');
  if (colon == std::string_view::npos) {
    // A clock's bare reading is in seconds (a duration's bare number would be milliseconds).
    std::string s(text);
    if (!s.empty() && s.find_first_not_of("0123456789.") == std::string::npos)
      return parse_duration(s + "s");
    return parse_duration(text);
  }
  std::string minutes(text.substr(0, colon));
  std::string seconds(text.substr(colon + 1));
  if (minutes.empty() || seconds.empty() || minutes.size() > 3 ||
      minutes.find_first_not_of("0123456789") != std::string::npos ||
      seconds.find_first_not_of("0123456789.") != std::string::npos)
    return std::nullopt;
  auto s = parse_duration(seconds + "s");
  if (!s || *s >= std::chrono::seconds(60)) return std::nullopt;
  return std::chrono::minutes(std::stoi(minutes)) + *s;
}

}  // namespace ewn
