// The totals over the games of a log (`ewn analyse --all`): one document after the games'. Each
// player (as the text names it, else by side) with its games, wins, net luck, luck-adjusted
// score, values lost, rating and marks, and its value lost per move with a choice by the pieces on
// the board (the table of docs/RESULTS.md, for any log).
#pragma once

#include "game_verdict.h"
#include "json_text.h"

namespace ewn {

// {"summary": {games, game_ends: {board, time, declaration, illegal_move, unfinished},
//   players: [{player, games, finished, wins, score, luck, luck_adjusted_score, choices,
//   value_lost, value_lost_mean, value_lost_mean_se, rating, inaccuracies, mistakes, blunders,
//   by_pieces: [{pieces, choices, value_lost_mean, blunders}]}],
//   not_analysed: [{game, line, error}] (the games that could not be read)}}
Json analysis_summary_answer(const LogTotals& totals);

}  // namespace ewn
