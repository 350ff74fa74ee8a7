// The summaries of the commands that play games as JSON documents: `ewn match --json` (two
// players' score), `ewn connect --json` (the engine's games on a contest server) and
// `ewn move-quality --json` (a player's loss per move against the tables). Durations are
// milliseconds (`_ms`); sides "r" and "b"; a value that does not apply is null.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "json_text.h"
#include "match_stats.h"
#include "move_quality.h"
#include "sprt.h"
#include "time_control.h"

namespace ewn {

// What a match was: the players' specs as given, pairs or best of 7, the clock, the seed.
struct MatchSetting {
  std::string a, b;
  MatchFormat format = MatchFormat::Pairs;
  std::string clock;  // "wall" or "cpu"
  uint64_t seed = 1;
};
// a, b, format ("pairs", "bo7"), clock, seed, games, a_wins, b_wins, a_score, a_score_ci95, elo
// and elo_ci95 (null when infinite), a_time_losses, b_time_losses, illegal_moves,
// a_longest_move_ms, b_longest_move_ms; matches, a_match_wins, b_match_wins (best of 7; null
// for pairs); sprt (null without --sprt): elo0, elo1, alpha, beta, lower, upper (the LLR's
// bounds), llr, result ("H1", "H0", "continue") and pairs (the pentanomial counts, A's points 0,
// 1/2, 1, 3/2, 2 of 2); faults: every game lost off the board ({game, loser "A" or "B", end
// "time" or "illegal", reason}).
struct MatchFault {
  int game = 0;
  bool a_lost = false;
  std::string end;
  std::string reason;
};
struct SprtOutcome {
  SprtSetting setting;
  Pentanomial pairs{};
  double llr = 0;
};
Json match_answer(const MatchSetting& setting, const MatchStats& s,
                  const std::array<Duration, 2>& longest_ab,
                  const std::optional<SprtOutcome>& sprt = std::nullopt,
                  const std::vector<MatchFault>& faults = {});

// A game the engine played on a contest server, as the client inferred it.
struct ConnectGame {
  int game = 0;
  Side engine_side = Red;
  int engine_moves = 0;
  std::string outcome;  // "won", "lost", "lost on time", "unfinished"
  std::string how;      // how the client inferred it
};
struct ConnectSummary {
  std::vector<ConnectGame> games;
  int won = 0, lost = 0, lost_on_time = 0, unfinished = 0;
};
// games, won, lost, lost_on_time, unfinished, results ([{game, engine_side, engine_moves,
// outcome, how}]): a session that ended well (one that failed answers the error document).
Json connect_answer(const ConnectSummary& s);

// What a move-quality run measured on.
struct MoveQualitySetting {
  std::string player;
  int pieces = 0;
  std::string position_source;  // "uniform" or "games"
  // The classes the positions were drawn among, when not all classes of `pieces` pieces.
  std::vector<std::string> position_classes;
  uint64_t seed = 1;
};
// player, pieces, position_source, positions, position_classes (null: every class), seed,
// mean_loss, mean_loss_ci95, best_move_share, mean_move_ms.
Json move_quality_answer(const MoveQualitySetting& setting, const MoveQuality& q);

}  // namespace ewn
