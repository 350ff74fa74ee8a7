// What an analysis says of each side as a whole, the way GNU Backgammon sums up a game or a
// match: the result with the dice's part taken out (the luck-adjusted result) and a rating from
// the values lost with their noise; and the same summed over the games of a log, with the values
// lost by the pieces on the board. docs/ANALYSIS.md defines each figure.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "game_analysis.h"

namespace ewn {

// Error per move with a choice at which the rating's words start (docs/ANALYSIS.md anchors them
// on measured players: expectimax at 100 ms 0.0010, mcts at 100 ms 0.0106, random 0.0549).
inline constexpr double kRatingStrong = 0.003, kRatingFair = 0.008, kRatingWeak = 0.02,
                        kRatingPoor = 0.04;
// "near-perfect" below kRatingStrong, then "strong", "fair", "weak", "poor" (from kRatingPoor);
// "none" with no move that had a choice.
const char* rating_of(double value_lost_mean, int choices);

// The values lost by one side's moves with a choice (forced moves have none).
struct LossStats {
  int choices = 0;
  double value_lost = 0;  // the sum
  double squares = 0;     // the sum of squares, for the noise
  int blunders = 0;
  void add(double e);
  void add(const LossStats& other);
  double mean() const { return choices ? value_lost / choices : 0; }
  // The standard error of mean(): the spread of the values lost over the square root of their
  // number (0 with fewer than two).
  double mean_se() const;
};

struct SideVerdict {
  std::optional<double> result;         // 1 won, 0 lost; nullopt for an unfinished game
  std::optional<double> luck_adjusted;  // result - (own luck - the other side's luck)
  LossStats losses;
  const char* rating = "none";
};

SideVerdict side_verdict(const GameAnalysis& a, Side s);

// The pieces a row of the value-lost table is for: 2..12.
inline constexpr int kMinTablePieces = 2, kMaxTablePieces = 12;

// One player over the games of a log: a player is named as the text names it, or by its side
// when the text does not name both sides apart.
struct PlayerTotals {
  std::string name;
  int games = 0, finished = 0, wins = 0;
  double luck = 0;           // the sum of its net luck (own luck - the other side's)
  double luck_adjusted = 0;  // the sum over finished games
  LossStats losses;
  int inaccuracies = 0, mistakes = 0, blunders = 0;
  std::array<LossStats, kMaxTablePieces + 1> by_pieces{};  // by pieces on the board
  const char* rating() const { return rating_of(losses.mean(), losses.choices); }
};

// A game of the log that could not be read, so not analysed: its number (0 when the log does not
// say), the line and what is wrong there (with a short excerpt of the line).
struct UnreadGame {
  int game = 0;
  int line = 0;
  std::string error;
};

struct LogTotals {
  int games = 0;
  std::array<int, 5> ends{};          // by RecordEnd
  std::vector<PlayerTotals> players;  // in order of first appearance
  std::vector<UnreadGame> unread;     // in the order of the log
  void add(const GameAnalysis& a);
};

// The name the totals give side `s`'s player in game `g`.
std::string player_name(const GameRecord& g, Side s);

}  // namespace ewn
