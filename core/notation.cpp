#include "notation.h"

#include <cctype>

#include "printable.h"
#include "side_names.h"

namespace ewn {

namespace {

[[noreturn]] void fail(std::string_view text, size_t at, const std::string& what) {
  throw ParseError("column " + std::to_string(at + 1) + ": " + what + " in \"" + printable(text) +
                   "\"");
}

}  // namespace

ParsedPosition parse_position(std::string_view text) {
  ParsedPosition out;
  Position& pos = out.position;
  size_t i = 0;
  while (i < text.size() && text[i] == ' ') ++i;
  if (i == text.size())
    throw ParseError("empty position: expected e.g. \"r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r\"");

  for (int rank = 5; rank >= 1; --rank) {
    size_t rank_start = i;
    int file = 0;
    while (i < text.size() && text[i] != '/' && text[i] != ' ') {
      char c = text[i];
      if (c >= '1' && c <= '5') {
        file += c - '0';
        ++i;
      } else if (c == 'r' || c == 'b') {
        Side side = c == 'r' ? Red : Blue;
        if (i + 1 >= text.size() || text[i + 1] < '1' || text[i + 1] > '6')
          fail(text, i, std::string("piece '") + c + "' must be followed by its number 1-6");
        int number = text[i + 1] - '0';
        if (file >= 5)
          fail(text, i, "rank " + std::to_string(rank) + " has more than five squares");
        if (pos.square_of(side, number) != kNoSquare)
          fail(text, i, std::string("piece ") + c + char('0' + number) + " appears twice");
        pos.put(side, number, square_at(file, rank));
        ++file;
        i += 2;
      } else {
        fail(text, i,
             "unexpected character '" + printable(std::string_view(&c, 1)) +
                 "' (pieces are r1-r6 and b1-b6, empty squares a digit 1-5)");
      }
      if (file > 5)
        fail(text, i - 1, "rank " + std::to_string(rank) + " has more than five squares");
    }
    if (file != 5)
      fail(text, rank_start,
           "rank " + std::to_string(rank) + " covers " + std::to_string(file) +
               " squares, not five");
    if (rank > 1) {
      if (i >= text.size() || text[i] != '/')
        fail(text, i,
             "expected '/' after rank " + std::to_string(rank) + " (five ranks are needed)");
      ++i;
    }
  }
  if (i < text.size() && text[i] == '/') fail(text, i, "more than five ranks");
  if (pos.count(Red) == 0) fail(text, 0, "Red has no pieces");
  if (pos.count(Blue) == 0) fail(text, 0, "Blue has no pieces");
  bool red_home = pos.board[kRedGoal] != kEmpty && code_side(pos.board[kRedGoal]) == Red;
  bool blue_home = pos.board[kBlueGoal] != kEmpty && code_side(pos.board[kBlueGoal]) == Blue;
  if (red_home && blue_home)
    fail(text, 0, "both sides stand on their goal corners (e1 and a5); only one can have won");

  if (i >= text.size() || text[i] != ' ')
    fail(text, i, "missing side to move ('r' or 'b') after the board");
  while (i < text.size() && text[i] == ' ') ++i;
  if (i >= text.size()) fail(text, i, "missing side to move ('r' or 'b') after the board");
  if (text[i] != 'r' && text[i] != 'b')
    fail(text, i, "side to move must be 'r' or 'b', not '" + printable(text.substr(i, 1)) + "'");
  if (i + 1 < text.size() && text[i + 1] != ' ')
    fail(text, i, "side to move must be a single letter 'r' or 'b'");
  pos.to_move = text[i] == 'r' ? Red : Blue;
  ++i;
  while (i < text.size() && text[i] == ' ') ++i;
  if (i < text.size()) {
    if (text[i] < '1' || text[i] > '6' || (i + 1 < text.size() && text[i + 1] != ' '))
      fail(text, i, "the die must be a single digit 1-6");
    out.die = text[i] - '0';
    ++i;
    while (i < text.size() && text[i] == ' ') ++i;
    if (i < text.size()) fail(text, i, "unexpected text after the die");
  }
  return out;
}

std::string bad_position_message(std::string_view reason) {
  std::string out = "bad position: ";
  out.append(reason);
  return out;
}

std::string format_position(const Position& pos, std::optional<int> die) {
  std::string s;
  for (int rank = 5; rank >= 1; --rank) {
    int empty = 0;
    for (int file = 0; file < 5; ++file) {
      uint8_t code = pos.board[square_at(file, rank)];
      if (code == kEmpty) {
        ++empty;
        continue;
      }
      if (empty) s += char('0' + empty);
      empty = 0;
      s += side_letter(code_side(code));
      s += char('0' + code_number(code));
    }
    if (empty) s += char('0' + empty);
    if (rank > 1) s += '/';
  }
  s += ' ';
  s += side_letter(pos.to_move);
  if (die) {
    s += ' ';
    s += char('0' + *die);
  }
  return s;
}

std::string square_name(Square s) {
  return std::string{char('a' + file_of(s)), char('0' + rank_of(s))};
}

Square parse_square(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'e' || text[1] < '1' || text[1] > '5')
    throw ParseError("\"" + printable(text) + "\" is not a square (a1 to e5)");
  return square_at(text[0] - 'a', text[1] - '0');
}

Move parse_move(std::string_view text) {
  if (text.size() != 4)
    throw ParseError("\"" + printable(text) +
                     "\" is not a move: write from- and to-square, e.g. a5b4");
  return Move{parse_square(text.substr(0, 2)), parse_square(text.substr(2, 2))};
}

std::string format_move(Move m) {
  return square_name(m.from) + square_name(m.to);
}

}  // namespace ewn
