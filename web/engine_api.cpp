#include "engine_api.h"

#include "movegen.h"
#include "position_estimate.h"
#include "side_names.h"
#include "valued_position.h"

namespace ewn::web {

namespace {

using Clock = std::chrono::steady_clock;

long ms_since(Clock::time_point start) {
  return long(std::chrono::duration_cast<Milliseconds>(Clock::now() - start).count());
}

}  // namespace

Json engine_move(Search& search, const ParsedPosition& parsed, Milliseconds movetime) {
  const Position& pos = parsed.position;
  int die = *parsed.die;
  auto start = Clock::now();
  Deadline deadline =
      Deadline::after(ClockKind::Wall, clock_now(ClockKind::Wall), Duration(movetime));
  SearchResult r = search.choose(pos, die, deadline);
  Position after = pos;
  after.play(r.move);
  Json j;
  j["position"] = format_position(pos, die);
  j["side"] = side_letter(pos.to_move);
  j["die"] = die;
  j["move"] = format_move(r.move);
  j["value"] = r.value >= 0 ? Json(r.value) : Json(nullptr);
  j["exact"] = r.exact;
  j["depth"] = r.depth;
  j["nodes"] = r.nodes;
  j["movetime_ms"] = movetime.count();
  j["took_ms"] = ms_since(start);
  j["after"] = format_position(after);
  return j;
}

Json engine_estimate(Search& search, const ParsedPosition& parsed, uint64_t node_budget,
                     Milliseconds time_cap) {
  auto start = Clock::now();
  Deadline cap = Deadline::after(ClockKind::Wall, clock_now(ClockKind::Wall), Duration(time_cap));
  PositionEstimate e = estimate_position(search, parsed.position, parsed.die, node_budget, cap);
  Json j = valued_position_json(e.valued);
  j["estimate"] = true;
  j["depth"] = e.depth;
  j["nodes"] = e.nodes;
  j["budget"] = e.ended_by;
  j["exact"] = e.exact;
  j["took_ms"] = ms_since(start);
  return j;
}

}  // namespace ewn::web
