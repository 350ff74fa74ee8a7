#include "tcg_protocol.h"

#include <cctype>
#include <cstdio>

namespace ewn::tcg {

std::string square_text(Square s) {
  return {char('A' + col_of(s)), char('1' + row_of(s))};
}

std::optional<Square> parse_square(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  int col = std::toupper(static_cast<unsigned char>(text[0])) - 'A';
  int row = text[1] - '1';
  if (col < 0 || col >= kBoardSize || row < 0 || row >= kBoardSize) return std::nullopt;
  return make_square(row, col);
}

std::string side_letter(Side side) {
  return side == Red ? "R" : "B";
}

std::optional<Side> parse_side(std::string_view text) {
  if (text == "R" || text == "r") return Red;
  if (text == "B" || text == "b") return Blue;
  return std::nullopt;
}

std::vector<std::string> words(std::string_view line) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    size_t start = i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i > start) out.emplace_back(line.substr(start, i - start));
  }
  return out;
}

std::string move_text(Move m) {
  return square_text(m.from) + " " + square_text(m.to);
}

std::optional<Move> parse_move_reply(std::string_view line) {
  std::vector<std::string> w = words(line);
  if (w.size() == 1 && w[0].size() == 4) w = {w[0].substr(0, 2), w[0].substr(2)};
  if (w.size() != 2) return std::nullopt;
  auto from = parse_square(w[0]), to = parse_square(w[1]);
  if (!from || !to) return std::nullopt;
  return Move{*from, *to};
}

std::string get_line(const Position& pos, int die) {
  std::string out = "get " + side_letter(pos.to_move) + " " + std::to_string(die);
  for (Side side : {Blue, Red})
    for (int n = 1; n <= kPiecesPerSide; ++n) {
      Square s = pos.square_of(side, n);
      out += " " + (s == kNoSquare ? std::string("0") : square_text(s));
    }
  return out;
}

namespace {

// Puts the 12 pieces of a get command on `pos`; false with `error` on the first bad square.
bool place_pieces(const std::vector<std::string>& args, Position& pos, std::string& error) {
  for (int i = 0; i < 2 * kPiecesPerSide; ++i) {
    const std::string& word = args[size_t(2 + i)];
    Side side = i < kPiecesPerSide ? Blue : Red;
    int number = i % kPiecesPerSide + 1;
    std::string piece = side_letter(side) + std::to_string(number);
    if (word == "0") continue;
    auto s = parse_square(word);
    if (!s) {
      error = "piece " + piece + ": '" + word + "' is not a square A1..E5 or 0 (taken)";
      return false;
    }
    if (pos.board[*s] != kEmpty) {
      error = "piece " + piece + ": square " + word + " holds another piece already";
      return false;
    }
    pos.put(side, number, *s);
  }
  return true;
}

}  // namespace

std::optional<GetRequest> parse_get(const std::vector<std::string>& args, std::string& error) {
  if (args.size() != 14) {
    error = "get takes 14 words (colour, die, 12 squares: Blue 1-6, then Red 1-6), not " +
            std::to_string(args.size());
    return std::nullopt;
  }
  GetRequest r;
  auto side = parse_side(args[0]);
  if (!side) {
    error = "the colour '" + args[0] + "' must be R or B";
    return std::nullopt;
  }
  if (args[1].size() != 1 || args[1][0] < '1' || args[1][0] > '6') {
    error = "the die '" + args[1] + "' must be 1..6";
    return std::nullopt;
  }
  r.side = *side;
  r.die = args[1][0] - '0';
  r.position.to_move = r.side;
  if (!place_pieces(args, r.position, error)) return std::nullopt;
  for (Side s : {Red, Blue})
    if (r.position.count(s) == 0) {
      error = std::string(s == Red ? "Red" : "Blue") + " has no pieces: the game is over";
      return std::nullopt;
    }
  if (r.position.winner()) {
    error = "a piece stands on its goal corner already: the game is over";
    return std::nullopt;
  }
  return r;
}

std::string ini_reply(Side side, const Arrangement& order) {
  Position pos;
  place_side(pos, side, order);
  std::string out;
  for (int n = 1; n <= kPiecesPerSide; ++n)
    out += (n > 1 ? " " : "") + square_text(pos.square_of(side, n));
  return out;
}

std::string seconds_text(double seconds) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", seconds);
  std::string s = buf;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

}  // namespace ewn::tcg
