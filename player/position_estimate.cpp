#include "position_estimate.h"

#include <algorithm>
#include <map>

#include "movegen.h"

namespace ewn {

namespace {

void sort_best_first(std::vector<ExactMoveValue>& moves) {
  std::stable_sort(moves.begin(), moves.end(),
                   [](const auto& a, const auto& b) { return a.value > b.value; });
}

}  // namespace

PositionEstimate estimate_position(Search& search, const Position& pos, std::optional<int> die,
                                   uint64_t node_budget, const Deadline& time_cap) {
  PositionEstimate out;
  auto winner = pos.winner();
  // Entries of earlier searches would make this answer depend on what was asked before.
  search.clear();
  // Every move any die allows, valued once (a move may be legal for several dice).
  std::map<std::pair<int, int>, double> value_of;
  out.exact = true;
  if (!winner) {
    MoveList moves = all_moves(pos);
    for (int d = 1; d <= kMaxEstimateDepth; ++d) {
      std::map<std::pair<int, int>, double> values;
      bool all_exact = true, stopped = false;
      uint64_t used = out.nodes;
      for (Move m : moves) {
        double v = 1;
        if (!wins_at_once(pos, m)) {
          Position child = pos;
          child.play(m);
          bool first = d == 1;
          v = 1 - search.chance_value(
                      child, d - 1, first ? Deadline::none() : time_cap,
                      first ? Search::kNoNodeLimit : node_budget - std::min(node_budget, used));
          used += search.nodes();
          stopped = search.last_stopped();
          if (stopped) break;
          all_exact = all_exact && search.last_exact();
        }
        values[{m.from, m.to}] = v;
      }
      if (stopped) {
        out.ended_by = used >= node_budget ? "nodes" : "time";
        break;
      }
      value_of = std::move(values);
      out.depth = d;
      out.nodes = used;
      out.exact = all_exact;
      if (out.exact) break;
    }
  }

  ValuedPosition& valued = out.valued;
  valued = {pos, die, 0, {}};
  double sum = 0;
  for (int d = 1; d <= 6 && !winner; ++d) {
    std::vector<ExactMoveValue> ranked;
    for (Move m : legal_moves(pos, d))
      ranked.push_back({m, value_of[{m.from, m.to}], wins_at_once(pos, m)});
    sort_best_first(ranked);
    sum += ranked.front().value;
    if (die && *die != d) continue;
    valued.dice.push_back({d, std::move(ranked)});
  }
  valued.value = winner ? (*winner == pos.to_move ? 1.0 : 0.0) : sum / 6;
  return out;
}

std::optional<ValuedPosition> exact_position(const ExactValues& exact, const Position& pos,
                                             std::optional<int> die) {
  if (!exact.has_value_for(pos)) return std::nullopt;
  std::optional<double> value = exact.value(pos);
  if (!value) return std::nullopt;
  ValuedPosition valued{pos, die, *value, {}};
  if (pos.winner()) return valued;
  for (int d = 1; d <= 6; ++d) {
    if (die && *die != d) continue;
    std::optional<std::vector<ExactMoveValue>> moves = exact.move_values(pos, d);
    if (!moves) return std::nullopt;
    sort_best_first(*moves);
    valued.dice.push_back({d, std::move(*moves)});
  }
  return valued;
}

}  // namespace ewn
