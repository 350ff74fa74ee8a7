// The engine's values of a position and of each of its moves to a fixed budget of nodes: what
// the web page shows where the tables do not reach (/api/estimate) and what `ewn analyse` judges
// a game's turns by there. A budget of nodes, not of time, and a search that starts from an
// empty transposition table make the answer the same on every run.
#pragma once

#include <cstdint>
#include <optional>

#include "search.h"
#include "valued_position.h"

namespace ewn {

struct PositionEstimate {
  ValuedPosition valued;  // the position's value and each die's moves, best first
  int depth = 0;          // plies of the deepest search completed for every move
  uint64_t nodes = 0;     // nodes of the searches kept
  // What ended the deepening: "nodes" (the budget), "time" (the safety cap) or "depth" (depth
  // kMaxEstimateDepth, or values that are exact).
  const char* ended_by = "depth";
  bool exact = false;  // no evaluation was used: the values are exact
};

// Past this depth the estimate stops deepening whatever the budget: it is then within a
// fraction of a percent of the value an hour of search would give.
inline constexpr int kMaxEstimateDepth = 12;

// Every move's value is 1 - the search's value of the position after it, all moves at one
// depth, deepened one ply at a time until `node_budget` nodes are searched in all; the depth
// then cut short is dropped (depth 1, the evaluation of each child, always completes). `time_cap`
// is a safety only: a depth it cuts short is dropped too. With `die` only that die's moves are
// listed (the value still covers all six). Clears `search`'s transposition table first.
PositionEstimate estimate_position(Search& search, const Position& pos, std::optional<int> die,
                                   uint64_t node_budget, const Deadline& time_cap);

// The same document from exact values (the tables), or nullopt where they have no value for
// `pos`. Throws what `exact` throws (a damaged table).
std::optional<ValuedPosition> exact_position(const ExactValues& exact, const Position& pos,
                                             std::optional<int> die);

}  // namespace ewn
