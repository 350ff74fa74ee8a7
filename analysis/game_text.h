// What every reader of a game text shares (game_record.cpp picks the reader by the text's
// format): the text's lines and words, a game as the text gives it before the rules have seen
// it, the checked pieces of a line (a position, a move, a number, a side), and one reader per
// format: a plain list or the page's text (read_list.cpp), the logs of ewn play
// (read_play_log.cpp), ewn connect (read_connect_log.cpp) and ewn match (read_match_log.cpp),
// whose words core/game_log.h defines.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "game_record.h"
#include "position.h"

namespace ewn::game_text {

struct Line {
  int number = 0;
  std::string text;  // its words joined by single spaces
  std::vector<std::string> words;
  std::string problem;  // why the line cannot be read (a control character), or empty
};

// A turn as the text gives it, before the rules have seen it.
struct RawTurn {
  int line = 0;
  std::optional<Side> side;
  std::optional<int> die;
  Move move;
  std::optional<Position> stated_before;  // a log's position before the turn
};

struct RawGame {
  int number = 0;
  int start_line = 0;
  std::optional<Position> start;
  std::vector<RawTurn> turns;
  std::optional<Side> stated_winner;
  // How the text says the game ended, when it says it ended off the board.
  std::optional<RecordEnd> stated_end;
  int result_line = 0;
  bool result_may_lack_last_move = false;  // a connect log does not log the winning move
  std::vector<std::string> notes;
  std::array<std::string, 2> players;
  // The first of its lines that could not be read: the game is reported, not read, and the
  // other games of the log are read all the same.
  std::optional<GameTextError> unreadable;
};

// The text's lines that hold a word. Lines end at LF or CRLF (CR alone in a text without LF); a
// UTF-8 byte-order mark is skipped. A line too long to be a game text fails at once, whatever
// follows; a line with a control byte is kept with its problem, for its game to report.
std::vector<Line> split_lines(std::string_view text);

// Throws the line's problem, if it has one.
void check(const Line& line);

// A log's game that holds `line` cannot be read: the error is kept (the first one), with the
// game's number.
void keep_unreadable(RawGame& game, const GameTextError& error);

std::string trim(std::string_view s);
bool starts_with(const std::string& s, std::string_view prefix);
bool mentions(const std::string& text, std::string_view word);

// The pieces of a line, each checked; a bad one throws GameTextError naming the line.
Position position_at(const Line& line, const std::string& text);
Move move_at(const Line& line, const std::string& text);
int number_at(const Line& line, const std::string& text, const char* what);
std::optional<Side> side_word_at(const std::string& w);
// The position of a log line's words [i, i+3): ranks, side and die.
std::pair<Position, int> position_with_die(const Line& line, size_t i);

// The readers, one per format. A line that cannot be read inside a log's game makes that game
// unreadable (RawGame::unreadable), not the log; the list is one game, so it throws.
RawGame read_list(const std::vector<Line>& lines);
std::vector<RawGame> read_play_log(const std::vector<Line>& lines);
std::vector<RawGame> read_connect_log(const std::vector<Line>& lines);
std::vector<RawGame> read_match_log(const std::vector<Line>& lines);

}  // namespace ewn::game_text
