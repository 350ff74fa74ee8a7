// The stdin/stdout protocol of the NTU TCG course's EinStein agents ("the course protocol"):
// one command a line, one reply a line. The referee sends
//   name                  -> the agent's name
//   version               -> its version
//   time_setting <s>      -> any line (an acknowledgement); s: seconds a move, maybe fractional
//   board_setting <5> <6> -> any line; the board's size and the pieces a side
//   ini <R|B>             -> the squares of pieces 1..6 of that colour ("A1 B1 C1 A2 B2 A3")
//   get <R|B> <die> <12 squares: Blue 1..6, then Red 1..6, 0 for a taken piece>
//                         -> the move's from and to squares ("C3 D4"); the letter is the colour
//                            to move, the agent's own
//   exit                  -> no reply; the agent ends.
// A square is a column letter A..E and a row digit 1..5. Red's pieces start on A1 B1 C1 A2 B2
// A3 and run towards E5, Blue's start on E3 D4 E4 C5 D5 E5 and run towards A1: row 1 is SPEC's
// rank 5, so "A1" is a5 and "E5" is e1, and the course's square is this program's square index
// (types.h: row * 5 + column).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arrangement.h"
#include "position.h"

namespace ewn::tcg {

std::string square_text(Square s);                     // "A1".."E5"
std::optional<Square> parse_square(std::string_view);  // "A1".."E5" (a1 too); nullopt otherwise
std::string side_letter(Side side);                    // "R", "B"
std::optional<Side> parse_side(std::string_view);      // "R"/"B" (r, b too)

// The words of a line, split at blanks (a trailing '\r' is a blank).
std::vector<std::string> words(std::string_view line);

// "C3 D4"; parse_move_reply reads two squares ("C3 D4", "C3D4", "c3 d4"), nothing else.
std::string move_text(Move m);
std::optional<Move> parse_move_reply(std::string_view line);

// A get command's arguments: the side to move, the die and the position (its side to move set).
struct GetRequest {
  Side side = Red;
  int die = 1;
  Position position;
};
// "get R 3 E3 D4 ... A1 0 ...": the command line for a position (its side to move moves).
std::string get_line(const Position& pos, int die);
// The words after "get"; nullopt with `error` saying what is wrong: the count of words, the
// colour, the die, a square, two pieces on one square, a side without pieces, a decided game.
std::optional<GetRequest> parse_get(const std::vector<std::string>& args, std::string& error);

// The reply to "ini <side>": the squares of pieces 1..6 for an arrangement (arrangement.h: the
// piece numbers on the side's start squares in fill order).
std::string ini_reply(Side side, const Arrangement& order);

// "time_setting 1", "time_setting 0.25": seconds, as few digits as say the duration to 1 ms.
std::string seconds_text(double seconds);

}  // namespace ewn::tcg
