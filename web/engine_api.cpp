#include "engine_api.h"

#include "engine_answers.h"
#include "position_estimate.h"
#include "whole_ms.h"

namespace ewn::web {

namespace {

using Clock = std::chrono::steady_clock;

int64_t ms_since(Clock::time_point start) {
  return whole_ms(Clock::now() - start);
}

}  // namespace

Json engine_move(Search& search, const ParsedPosition& parsed, Milliseconds movetime) {
  auto start = Clock::now();
  Deadline deadline =
      Deadline::after(ClockKind::Wall, clock_now(ClockKind::Wall), Duration(movetime));
  SearchResult r = search.choose(parsed.position, *parsed.die, deadline);
  return move_answer(parsed.position, *parsed.die, r, movetime.count(), ms_since(start));
}

Json engine_estimate(Search& search, const ParsedPosition& parsed, uint64_t node_budget,
                     Milliseconds time_cap) {
  auto start = Clock::now();
  Deadline cap = Deadline::after(ClockKind::Wall, clock_now(ClockKind::Wall), Duration(time_cap));
  PositionEstimate e = estimate_position(search, parsed.position, parsed.die, node_budget, cap);
  return estimate_answer(e, ms_since(start));
}

}  // namespace ewn::web
