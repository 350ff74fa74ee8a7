// A game's analysis as one JSON document, the same on every surface: `ewn analyse --json`, the
// C API's ewn_analyse_json, Python's ewn.analyse and the web server's /api/analyse.
#pragma once

#include "game_analysis.h"
#include "json_text.h"

namespace ewn {

// format, game, games, players (who played each side, when the text says: {"r": ..., "b": ...}),
// start, winner, game_end (board, time, declaration, illegal_move, unfinished), node_budget, turns
// (one record per turn: turn, line, side, position, pieces, die, assumed_die, move, move_value,
// best_move, die_value, value, red_value, luck, value_lost, mark, luck_mark, choices, source,
// exact, depth, nodes), sides ({"r": ..., "b": ...}: result, luck_adjusted_result, turns, choices,
// luck, value_lost, value_lost_mean, value_lost_mean_se, rating, inaccuracies, mistakes, blunders;
// see game_verdict.h) and notes.
Json analysis_answer(const GameAnalysis& a);

}  // namespace ewn
