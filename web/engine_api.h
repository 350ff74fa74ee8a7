// What the engine says where the page asks it: its move for a rolled die (/api/move) and, where
// the tables do not reach, its estimate of a position and of every move (/api/estimate).
#pragma once

#include <chrono>

#include "json_response.h"
#include "notation.h"
#include "search.h"

namespace ewn::web {

using Milliseconds = std::chrono::milliseconds;

// The engine's move for the die of `parsed` (an undecided position with a die), searched for at
// most `movetime`: position, side, die, move (CLI notation), value (the mover's win probability
// after the move; null for a forced move the tables do not cover), exact, depth, nodes,
// movetime_ms, took_ms, and after (the position after the move).
Json engine_move(Search& search, const ParsedPosition& parsed, Milliseconds movetime);

// The engine's estimate in the shape of a probe (position, side, value, red_value, die and
// die_value when a die is given, pieces, winner or material, dice) plus estimate: true, depth,
// nodes and exact. Every move's value is 1 - the search's value of the position after it, all
// moves at one depth, deepened one ply at a time until `node_budget` nodes are searched in all;
// the depth then cut short is dropped. The search starts from an empty transposition table, so
// the answer is the same on every run. `time_cap` is a safety only (a budget that fits the
// server's cap never meets it): a depth cut short by it is dropped too, and `budget` says which
// ended the search ("nodes", "time", or "depth" when depth 12 or an exact value came first).
Json engine_estimate(Search& search, const ParsedPosition& parsed, uint64_t node_budget,
                     Milliseconds time_cap);

}  // namespace ewn::web
