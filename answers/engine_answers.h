// What the engine says, as JSON documents: its move for a rolled die (/api/move; the C API's
// ewn_engine_choice and Python's Engine.search hold the same fields) and its estimate of a
// position and of every move where the tables do not reach (/api/estimate, the not-covered
// fallback of /api/probe).
#pragma once

#include <cstdint>

#include "json_text.h"
#include "position_estimate.h"
#include "search.h"

namespace ewn {

// position, side, die, move (CLI notation), move_value (the mover's win probability after it;
// null for a forced move the tables do not cover), exact, depth, nodes (searched), movetime_ms
// (the time allowed), took_ms, and after (the position after the move).
Json move_answer(const Position& pos, int die, const SearchResult& r, int64_t movetime_ms,
                 int64_t took_ms);

// The position answer (position_answer.h, source "estimate") plus depth, nodes (searched),
// ended_by (what ended the deepening: "nodes", the budget; "time", the server's cap; or
// "depth"), exact and took_ms.
Json estimate_answer(const PositionEstimate& e, int64_t took_ms);

// The estimate answer given in place of a probe the tables cannot answer (/api/probe's
// fallback=estimate): the estimate with not_covered, the probe's message.
Json estimate_in_place_of_probe(Json estimate, const std::string& not_covered);

}  // namespace ewn
