#include "board_view.h"

#include "side_names.h"

namespace ewn {

std::string draw_board(const Position& pos, const BoardStyle& style) {
  const char* reset = style.colour ? "\033[0m" : "";
  const char* red = style.colour ? "\033[1;31m" : "";
  const char* blue = style.colour ? "\033[1;34m" : "";
  const char* mark = style.colour ? "\033[43m" : "";
  std::string out = "    a  b  c  d  e\n";
  for (int rank = 5; rank >= 1; --rank) {
    out += "  " + std::to_string(rank) + " ";
    for (int file = 0; file < 5; ++file) {
      Square s = square_at(file, rank);
      bool marked = style.last_move && (style.last_move->from == s || style.last_move->to == s);
      if (marked) out += mark;
      uint8_t code = pos.board[s];
      if (code == kEmpty) {
        out += marked && !style.colour ? " * " : " . ";
      } else {
        out += code_side(code) == Red ? red : blue;
        out += side_letter(code_side(code));
        out += char('0' + code_number(code));
        out += marked && !style.colour ? "*" : " ";
      }
      out += reset;
    }
    out += " " + std::to_string(rank) + "\n";
  }
  out += "    a  b  c  d  e\n";
  return out;
}

}  // namespace ewn
