// A played game read back from text: the start position and every turn (side, die, move), from
// the game text `ewn serve`'s page copies, the logs of `ewn play` (also --operator), `ewn connect`
// and `ewn match`, or a plain list (docs/ANALYSIS.md gives the formats). Every turn is checked
// against the rules while it is read, so a record is always a legal game.
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

 private:
  int line_;
};

struct RecordedTurn {
  Position before;         // the position before the roll
  std::optional<int> die;  // nullopt: the record does not say (a connect log's opponent turns)
  Move move;
  int line = 0;  // the line of the text the turn was read from (1-based)
};

enum class GameFormat { Page, PlayLog, ConnectLog, MatchLog, List };
// "page", "play log", "connect log", "match log", "list"
const char* game_format_name(GameFormat f);

struct GameRecord {
  GameFormat format = GameFormat::List;
  int number = 1;  // which game of the text (logs may hold several)
  int games = 1;   // how many games the text holds
  Position start;
  std::vector<RecordedTurn> turns;
  std::optional<Side> winner;  // after the last turn, if the game is over
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
GameRecord read_game(std::string_view text, std::optional<int> number = std::nullopt);

// Every game of `text`, in order; throws as read_game for any of them.
std::vector<GameRecord> read_games(std::string_view text);

}  // namespace ewn
