#include "engine_api.h"

#include <algorithm>
#include <map>

#include "movegen.h"
#include "side_names.h"
#include "valued_position.h"

namespace ewn::web {

namespace {

using Clock = std::chrono::steady_clock;

long ms_since(Clock::time_point start) {
  return long(std::chrono::duration_cast<Milliseconds>(Clock::now() - start).count());
}

// Past this depth the estimate stops deepening whatever the time: it is then within a fraction
// of a percent of the value an hour of search would give.
constexpr int kMaxEstimateDepth = 12;

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
  const Position& pos = parsed.position;
  auto start = Clock::now();
  auto winner = pos.winner();
  // Entries of earlier requests would make this answer depend on what was asked before.
  search.clear();
  // Every move any die allows, valued once (a move may be legal for several dice).
  std::map<std::pair<int, int>, double> value_of;
  int depth = 0;
  bool exact = true;
  uint64_t nodes = 0;
  std::string ended_by = "depth";
  // Depth 1 always completes (the evaluation of each child); deeper ones until the budget ends,
  // a depth cut short being dropped.
  Deadline deadline =
      Deadline::after(ClockKind::Wall, clock_now(ClockKind::Wall), Duration(time_cap));
  if (!winner) {
    MoveList moves = all_moves(pos);
    for (int d = 1; d <= kMaxEstimateDepth; ++d) {
      std::map<std::pair<int, int>, double> values;
      bool all_exact = true, stopped = false;
      uint64_t used = nodes;
      for (Move m : moves) {
        double v = 1;
        if (!wins_at_once(pos, m)) {
          Position child = pos;
          child.play(m);
          bool first = d == 1;
          v = 1 - search.chance_value(
                      child, d - 1, first ? Deadline::none() : deadline,
                      first ? Search::kNoNodeLimit : node_budget - std::min(node_budget, used));
          used += search.nodes();
          stopped = search.last_stopped();
          if (stopped) break;
          all_exact = all_exact && search.last_exact();
        }
        values[{m.from, m.to}] = v;
      }
      if (stopped) {
        ended_by = used >= node_budget ? "nodes" : "time";
        break;
      }
      value_of = std::move(values);
      depth = d;
      nodes = used;
      exact = all_exact;
      if (exact) break;
    }
  }

  ValuedPosition valued{pos, parsed.die, 0, {}};
  double sum = 0;
  for (int d = 1; d <= 6 && !winner; ++d) {
    std::vector<ExactMoveValue> ranked;
    for (Move m : legal_moves(pos, d))
      ranked.push_back({m, value_of[{m.from, m.to}], wins_at_once(pos, m)});
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& a, const auto& b) { return a.value > b.value; });
    sum += ranked.front().value;
    if (parsed.die && *parsed.die != d) continue;
    valued.dice.push_back({d, std::move(ranked)});
  }
  valued.value = winner ? (*winner == pos.to_move ? 1.0 : 0.0) : sum / 6;

  Json j = valued_position_json(valued);
  j["estimate"] = true;
  j["depth"] = depth;
  j["nodes"] = nodes;
  j["budget"] = ended_by;
  j["exact"] = exact;
  j["took_ms"] = ms_since(start);
  return j;
}

}  // namespace ewn::web
