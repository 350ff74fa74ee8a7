// A played game read back from text: the start position and every turn (side, die, move), from
// the game text `ewn serve`'s page copies, the logs of `ewn play` (also --operator), `ewn connect`
// and `ewn match` (core/game_log.h defines them), or a plain list (docs/ANALYSIS.md gives the
// formats); one reader per format (game_text.h). Every turn is checked against the rules while
// it is read, so a record is always a legal game.
#pragma once

#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "position.h"

namespace ewn {

// A game text that cannot be read: what() says what is wrong and names the line ("line 7: ...").

class GameTextError : public std::runtime_error {
 public:
  GameTextError(int line, const std::string& what);
  int line() const { return line_; }
  // The game of a log the line belongs to (0: the text as a whole, or a text of one game).
  int game() const { return game_; }
  void set_game(int game) { game_ = game; }

 private:
  int line_;
  int game_ = 0;
};

struct RecordedTurn {
  Position before;         // the position before the roll
  std::optional<int> die;  // nullopt: the record does not say (a connect log's opponent turns)
  Move move;
  int line = 0;  // the line of the text the turn was read from (1-based)
};

enum class GameFormat { Page, PlayLog, ConnectLog, MatchLog, List };

// How a game ended: on the board (a piece on the goal corner or the last piece taken), on time,
// by a declaration (an operator's or a server's), by an illegal move, or not at all (yet).
enum class RecordEnd { Board, Time, Declaration, IllegalMove, Unfinished };
// "board", "time", "declaration", "illegal_move", "unfinished": the words of the documents.
const char* record_end_name(RecordEnd e);
// The end a name of record_end_name gives, nullopt for none.
std::optional<RecordEnd> record_end_of_name(std::string_view name);
// The end in words, for people: "on the board", "on time", "by a declaration", "by the other
// side's illegal move", "unfinished".
const char* record_end_words(RecordEnd e);
// "Red won on the board", "Blue won on time", "unfinished" (no winner).
std::string how_game_ended(std::optional<Side> winner, RecordEnd e);
// "page", "play log", "connect log", "match log", "list"
const char* game_format_name(GameFormat f);

struct GameRecord {
  GameFormat format = GameFormat::List;
  int number = 1;  // which game of the text (logs may hold several)
  int games = 1;   // how many games the text holds
  Position start;
  std::vector<RecordedTurn> turns;
  // Who won: on the board after the last turn, or as the text states when the game ended off
  // the board (time, a declaration, an illegal move); nullopt for an unfinished game.
  std::optional<Side> winner;
  RecordEnd game_end = RecordEnd::Unfinished;
  // Who played each side (by Side), as the text names them ("engine", "expectimax:depth=2"...);
  // empty when it does not say.
  std::array<std::string, 2> players;
  // What the reader noticed and worked around (e.g. a connect log's turns before the first one
  // of the engine are not known); one sentence each.
  std::vector<std::string> notes;
};

// Reads game `number` (1-based) of `text`, or its last game when none is asked for. Throws
// GameTextError naming the line for a text that is malformed, names an illegal move or a side
// that is not to move, goes on after the game is won or states a result the moves do not give.
// A game the text says was lost on time, by a declaration or by an illegal move is read up to
// where it ended. A byte-order mark, tabs, comments after a '#' and CR or CRLF line ends are
// fine; a quoted piece of the text is at most kExcerptLength characters (quoted_excerpt).
GameRecord read_game(std::string_view text, std::optional<int> number = std::nullopt);

// Every game of `text`, in order; throws as read_game for any of them. With `refused`, a game
// of a log that cannot be read (a line of it malformed, a move the rules refuse, a result its
// moves do not give) is left out and its error added there (with its game number), so the other
// games of the log are still read; a text that is no log of games at all still throws.
std::vector<GameRecord> read_games(std::string_view text,
                                   std::vector<GameTextError>* refused = nullptr);

}  // namespace ewn
