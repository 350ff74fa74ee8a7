// /api/analyse: a played game judged turn by turn, the document of `ewn analyse --json`
// (answers/analysis_answer.h). The game comes as text in the query; its size is checked before a
// search is taken, so that one request holds a search for a bounded time.
#pragma once

#include <chrono>
#include <cstdint>

#include "analysis_answer.h"
#include "game_record.h"
#include "http_message.h"
#include "search.h"

namespace ewn::web {

// The most nodes an analysis may ask for in all (its turns times each one's budget): 60 turns at
// 1 000 000 nodes, or the longest game at twice the default budget (a game has at most 96 turns:
// every move brings a piece nearer its goal, at most 8 steps away). About 30 s of search on one
// core where no table reaches; a bigger analysis is for `ewn analyse`.
inline constexpr uint64_t kMaxAnalysisNodes = 60'000'000;

struct AnalysisRequest {
  GameRecord game;
  uint64_t nodes = kDefaultAnalysisNodes;
};

// The request's `text` (required; the game's text), `game` (which game of a log; default its
// last) and `nodes` (each estimated position's budget). Throws RequestError for a missing game
// or turns and nodes beyond kMaxAnalysisNodes, the reader's GameTextError (its message names the
// line) for a text that cannot be read.
AnalysisRequest analysis_request(const Request& req, long min_nodes, long max_nodes);

// The analysis with a search of the server's pool (`tables`: its exact values, or null), each
// turn's estimate capped at `turn_time_cap`: analysis_answer's document. Throws
// AnalysisTimeError when a turn's estimate meets the cap.
Json engine_analysis(Search& search, const ExactValues* tables, const AnalysisRequest& request,
                     std::chrono::milliseconds turn_time_cap);

}  // namespace ewn::web
