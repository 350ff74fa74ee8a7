// Matches between two players, A and B.
//
// Pairs format: games come in pairs with the same initial setup (the referee's random
// procedure, SPEC 2) and the same dice sequence (the k-th turn of the game uses the k-th die),
// colours swapped: A is Red in the first game of a pair and Blue in the second. Red moves first
// in odd pairs and Blue in even ones, so who moves first alternates between A and B from game
// to game, and within a pair both players face the same setup and dice from the same seat.
//
// Best-of-7 format (seed 004): first to 4 wins; A plays Red and moves first in games 1, 4
// and 5, B in games 2, 3, 6 and 7; every game has its own setup and dice.
//
// The referee enforces each player's limits (player.h): a move that took longer than the
// per-move limit, or a game budget overrun, loses the game on time.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "player_spec.h"
#include "position.h"
#include "time_control.h"

namespace ewn {

enum class MatchFormat { Pairs, BestOf7 };

enum class GameEnd { Goal, Capture, Time, Illegal };
const char* game_end_name(GameEnd end);

// A game of a match as it was played (analysis/'s GameRecord is a game read back from text: the
// program links both, and one name for two types would be one set of inline members for both).
struct MatchGame {
  int number = 0;         // 1-based game number: in the match (Pairs), in its round (BestOf7)
  int round = 0;          // 1-based pair (Pairs) or best-of-7 match (BestOf7)
  Side a_side = Red;      // the colour A plays
  Position setup;         // initial position; its side to move moves first
  std::vector<int> dice;  // the die of every turn (rolled even when a lone piece needs none)
  std::vector<Move> moves;
  std::vector<Duration> move_times;  // thinking time of every move, on the match's clock
  Side winner = Red;
  GameEnd end = GameEnd::Goal;
  std::array<Duration, 2> thinking{};  // total per colour
  std::array<Duration, 2> longest{};   // longest single move per colour
  // Why the game ended off the board, in words (the log's fault line): a move over its time,
  // an illegal move, a player that gave no move (PlayerFault); empty for a game won on the board.
  std::string fault;
  bool a_won() const { return winner == a_side; }
};

// Plays one game from `setup` with dice drawn from `dice_seed`, timing moves on `clock`.
MatchGame play_game(Player& red, Player& blue, const Position& setup, uint64_t dice_seed,
                    ClockKind clock = ClockKind::Wall);

// A game's setup as the players place it: from the setup the referee's procedure deals (shared
// by the two games of a pair), the colour A plays and a seed of the game's own. Called on the
// match's threads at once.
using MatchPlacement =
    std::function<Position(const Position& dealt, Side a_side, uint64_t game_seed)>;

struct MatchConfig {
  MatchFormat format = MatchFormat::Pairs;
  int count = 2;  // games (Pairs) or best-of-7 matches (BestOf7)
  uint64_t seed = 1;
  int threads = 1;
  ClockKind clock = ClockKind::Wall;
  MatchPlacement place;  // none: the dealt setup as it is
  // Asked (serialised, after on_game) as each game finishes: true stops the match. Pairs: no
  // new pair starts, the games already started are played, a pair begun is completed.
  std::function<bool()> stop;
};

// Plays the match; `on_game` is called (serialised) as each game finishes, in any order when
// threads > 1. A player's PlayerFault loses it the game (the fault says why) and the match goes
// on. The result is in game order and depends only on the seed for players whose
// moves do not depend on time. Exceptions from players are passed on.
std::vector<MatchGame> run_match(const PlayerFactory& a, const PlayerFactory& b,
                                 const MatchConfig& config,
                                 const std::function<void(const MatchGame&)>& on_game = {});

// One game in the log format: a header line, setup, dice, moves and result (SPEC notation).
std::string format_game_log(const MatchGame& game, const std::string& a_spec,
                            const std::string& b_spec);

}  // namespace ewn
