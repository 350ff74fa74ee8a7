// The game logs, defined once: `ewn match --log`, the log of `ewn play` (also --operator), the
// log of `ewn connect` and the game text the page of `ewn serve` copies (docs/ANALYSIS.md shows
// them). Their words and a writer for each kind of line are here; the programs write their logs
// with these writers (player/match.cpp, contest/; the page's web/static/game.js writes the same
// lines, checked against page_text by tests/analysis/test_game_log.cpp) and analysis/ reads them
// back with these words, so the two cannot drift apart.
//
// Every writer returns whole lines, each ending in '\n'. Positions and moves are in SPEC
// notation (notation.h), sides as words ("red", "blue": side_names.h).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "position.h"

namespace ewn::game_log {

// --- the words ---------------------------------------------------------------------------------

// The first word of a line. In every log:
inline constexpr char kGame[] = "game";      // a game begins
inline constexpr char kSetup[] = "setup";    // its start position
inline constexpr char kTurn[] = "turn";      // one turn (play, connect)
inline constexpr char kResult[] = "result";  // how it ended
inline constexpr char kDice[] = "dice";      // every turn's die (match; play's summary)
inline constexpr char kMoves[] = "moves";    // every turn's move (match; play's summary)
// ewn match:
inline constexpr char kTimes[] = "times";  // every move's thinking time, ms
inline constexpr char kPlayerA[] = "A";    // player A's spec
inline constexpr char kPlayerB[] = "B";
inline constexpr char kRound[] = "round";
inline constexpr char kFault[] = "fault";  // why a game ended off the board, in words
// ewn play:
inline constexpr char kStart[] = "start";        // the summary's start position
inline constexpr char kPosition[] = "position";  // the operator set a position
inline constexpr char kUndo[] = "undo";
inline constexpr char kReopen[] = "reopen";
inline constexpr char kDeclare[] = "declare";
inline constexpr char kClock[] = "clock";
inline constexpr char kMatch[] = "match";  // a best-of-7 match's final score
// ewn connect:
inline constexpr char kConnect[] = "connect";
inline constexpr char kRecv[] = "recv";
inline constexpr char kOpponent[] = "opponent";
inline constexpr char kClose[] = "close";
inline constexpr char kNote[] = "note";
inline constexpr char kError[] = "error";
inline constexpr char kSummary[] = "summary";

// The first line of a play or connect log starts with its title.
inline constexpr char kPlayTitle[] = "# ewn play";
inline constexpr char kConnectTitle[] = "# ewn connect";

// key=value words of a game's header line.
inline constexpr char kModeIs[] = "mode=";      // play: "play" or "operator"
inline constexpr char kEngineIs[] = "engine=";  // play, connect: the engine's side
inline constexpr char kFirstIs[] = "first=";    // the side that moves first
inline constexpr char kRedIs[] = "red=";        // match: who plays red, A or B
inline constexpr char kBlueIs[] = "blue=";
inline constexpr char kModeOperator[] = "operator";
inline constexpr char kModePlay[] = "play";

// How a match game ended, the last word of its result line.
inline constexpr char kEndGoal[] = "goal";
inline constexpr char kEndCapture[] = "capture";
inline constexpr char kEndTime[] = "time";
inline constexpr char kEndIllegal[] = "illegal";

// A play log's result when the operator declared it: "declared" and the operator's reason.
inline constexpr char kDeclared[] = "declared";
// Who won a game of a play log: the engine or its opponent.
inline constexpr char kByEngine[] = "engine";
inline constexpr char kByOpponent[] = "opponent";

// A connect log's result: the engine's outcome, then how the client inferred it, in words
// that say whether the game ended on the board (the corner reached, the last piece taken, an
// opponent who could win at once) or on time (the answer late, or never sent).
inline constexpr char kWon[] = "won";
inline constexpr char kLost[] = "lost";
inline constexpr char kLostOnTime[] = "lost on time";
inline constexpr char kUnfinished[] = "unfinished";
inline constexpr char kReachedCorner[] = "reached the corner";
inline constexpr char kTookLastPiece[] = "took the last piece";
inline constexpr char kCouldWinAtOnce[] = "could win at once";
inline constexpr char kAfterServerLimit[] = "after the server's limit";
inline constexpr char kHadNotAnswered[] = "had not answered";

// --- lines of every log ------------------------------------------------------------------------

// "setup POSITION"
std::string setup_line(const Position& start);
// "dice 3 1 4", "moves a5b4 e1d2"
std::string dice_line(const std::vector<int>& dice);
std::string moves_line(const std::vector<Move>& moves);

// The engine's account of its move at the end of a turn line (value < 0: none):
// " move_value=0.5110 depth=2", " exact".
struct EngineAccount {
  double value = -1;
  bool exact = false;
  int depth = 0;
};

// --- ewn match ---------------------------------------------------------------------------------

// "game 3 round 2 red=A blue=B first=red"
std::string match_game_line(int number, int round, Side a_side, Side first);
// "A expectimax:depth=2"
std::string match_player_line(const char* player, const std::string& spec);
// "times 0.1 12.5": every move's thinking time in ms, to 0.1 ms.
std::string times_line(const std::vector<double>& move_ms);
// "fault B (process 2) did not answer 'get R 3 ...' within 1.1s": why the game ended off the
// board (the line is one line: line breaks in `why` become blanks).
std::string fault_line(const std::string& why);
// "result blue A time": the winner, whether A or B, how (kEndGoal...).
std::string match_result_line(Side winner, bool a_won, const char* end);

// --- ewn play ----------------------------------------------------------------------------------

// "# ewn play --operator: NOTES; positions and moves in SPEC section 3 notation"
std::string play_title(bool operator_mode, const std::string& notes);
// "game 1 mode=operator engine=blue first=blue[ match=bo7 seat=A]" (seat: a best-of-7 match's).
std::string play_game_line(int number, bool operator_mode, Side engine, Side first,
                           std::optional<char> seat);
// "turn 3 POSITION DIE MOVE engine time=0.25s[ clock=3:59.9][ move_value=0.5110 depth=2]"
struct PlayTurn {
  int index = 1;
  Position before;
  int die = 1;
  Move move;
  bool by_engine = false;
  double took_seconds = 0;
  std::optional<std::string> clock_left;  // the mover's game clock after the move, as shown
  std::optional<EngineAccount> engine;
};
std::string play_turn_line(const PlayTurn& turn);
// The closing lines of a game: "result red engine goal" (or "result none unfinished"), start,
// dice and moves, and a blank line.
std::string play_summary(std::optional<Side> winner, bool engine_won, const std::string& end,
                         const Position& start, const std::vector<int>& dice,
                         const std::vector<Move>& moves);
std::string reopen_line(int game);
std::string undo_die_line();
std::string undo_turn_line(int turn);
std::string undo_to_turn_line(int turn);
std::string position_line(const Position& pos);
// "match engine 4 - 2 opponent" and a blank line.
std::string match_score_lines(int engine, int opponent);
// "clock engine=3:41[ opponent=3:52]"
std::string clock_line(const std::string& engine, const std::optional<std::string>& opponent);
// "declare win[ REASON]"
std::string declare_line(const std::string& word, const std::string& reason);

// --- ewn connect -------------------------------------------------------------------------------

// "# ewn connect: NOTES; positions and moves in SPEC section 3 notation"
std::string connect_title(const std::string& notes);
// "connect HOST:PORT id=NAME"
std::string connect_line(const std::string& where, const std::string& name);
std::string recv_line(const std::string& message);
std::string close_line();
// "game 2 engine=red"
std::string connect_game_line(int number, Side engine);
std::string note_line(const std::string& note);
std::string opponent_line(Move move);
// "turn POSITION DIE MOVE send ANSWER time=31 ms[ move_value=0.5017 depth=2]"
std::string connect_turn_line(const Position& pos, int die, Move move, const std::string& answer,
                              double took_ms, const EngineAccount& engine);
// "result game 4 won (HOW)" and a blank line.
std::string connect_result_lines(int game, const std::string& outcome, const std::string& how);
std::string error_line(const std::string& error);
// "summary games=4 won=3 lost=1 lost_on_time=1 unfinished=0" and a blank line.
std::string connect_summary_lines(size_t games, int won, int lost, int lost_on_time,
                                  int unfinished);

// --- the page's game text (`ewn serve`: "Copy game as text", web/static/game.js) --------------
//
//   EinStein wuerfelt nicht! (ewn serve)
//   Setup: r1r2r32/5/2b3b41/5/5 r
//   Red: player; Blue: engine (100 ms a move)
//   Moves (number, side, die, move):
//   1. r 3 c5d5
//   2. b 4 d3c4
//   Result: Blue wins              (once the game is won)

inline constexpr char kPageTitle[] = "EinStein wuerfelt nicht! (ewn serve)";
inline constexpr char kPageTitleStart[] = "EinStein";  // a text that starts so is the page's
inline constexpr char kPageSetup[] = "Setup:";
inline constexpr char kPageRed[] = "Red:";
inline constexpr char kPageBlue[] = "; Blue:";
inline constexpr char kPageMoves[] = "Moves (number, side, die, move):";
inline constexpr char kPageMovesStart[] = "Moves";
inline constexpr char kPageResult[] = "Result:";
inline constexpr char kPageWins[] = "wins";

// One turn of the page's list: "3. r 1 a5b5".
struct PageTurn {
  Side side = Red;
  int die = 1;
  Move move;
};
// The whole text: title, setup, players (each side's: "player", "engine (100 ms a move)"), the
// moves' header, one line a turn and the result line once `winner` is known.
std::string page_text(const Position& start, const std::string& red, const std::string& blue,
                      const std::vector<PageTurn>& turns, std::optional<Side> winner);
// The players of a players line "Red: A; Blue: B" (red first), or nullopt for another line.
std::optional<std::pair<std::string, std::string>> page_players(std::string_view line);

}  // namespace ewn::game_log
