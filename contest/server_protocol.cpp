#include "server_protocol.h"

#include <algorithm>
#include <cctype>

#include "direction.h"
#include "printable.h"
#include "side_names.h"

namespace ewn {

namespace {

// The characters of a server's message a complaint about it shows.
constexpr size_t kShownOfMessage = 120;

bool is_space(char c) {
  return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// A tiny reader over the message text.
struct Reader {
  std::string_view text;
  size_t at = 0;
  [[noreturn]] void fail(const std::string& what) const {
    throw ProtocolError("bad message from the server at character " + std::to_string(at + 1) +
                        ": " + what + " in " + quoted_excerpt(text, kShownOfMessage));
  }
  void skip_spaces() {
    while (at < text.size() && is_space(text[at])) ++at;
  }
  void expect(char c, const char* where) {
    skip_spaces();
    if (at >= text.size())
      fail(std::string("the message ends where '") + c + "' " + where + " was expected");
    if (text[at] != c)
      fail(std::string("expected '") + c + "' " + where + ", found '" + text[at] + "'");
    ++at;
  }
  int number(const char* what) {
    skip_spaces();
    size_t begin = at;
    while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])) && at - begin < 3)
      ++at;
    if (at == begin) {
      if (at >= text.size()) fail(std::string("the message ends where ") + what + " was expected");
      fail(std::string("expected ") + what + ", found '" + text[at] + "'");
    }
    if (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])))
      fail(std::string(what) + " has too many digits");
    return std::stoi(std::string(text.substr(begin, at - begin)));
  }
};

}  // namespace

ServerMessage parse_server_message(std::string_view text) {
  ServerMessage msg;
  Reader r{text};
  r.skip_spaces();
  size_t end = text.size();
  while (end > r.at && is_space(text[end - 1])) --end;
  if (text.substr(r.at, end - r.at) == "close") {
    msg.close = true;
    return msg;
  }
  if (r.at >= text.size()) throw ProtocolError("empty message from the server");
  if (text[r.at] != '[') r.fail("expected a board '[[...], ...]' or 'close'");

  Position& pos = msg.turn.position;
  r.expect('[', "to open the board");
  for (int row = 0; row < kBoardSize; ++row) {
    if (row > 0) r.expect(',', "between rows");
    r.expect('[', "to open a row");
    for (int col = 0; col < kBoardSize; ++col) {
      if (col > 0) r.expect(',', "between the squares of a row");
      size_t at = r.at;
      int code = r.number("a square's number 0-12");
      if (code > 12) {
        r.at = at;
        r.skip_spaces();
        r.fail("a square holds " + std::to_string(code) + ", not 0-12");
      }
      if (code == 0) continue;
      Side side = code_side(uint8_t(code));
      int n = code_number(uint8_t(code));
      if (pos.square_of(side, n) != kNoSquare) {
        r.at = at;
        r.skip_spaces();
        r.fail("piece " + std::to_string(code) + " appears twice");
      }
      pos.put(side, n, make_square(row, col));
    }
    r.skip_spaces();
    if (r.at < text.size() && text[r.at] == ',') r.fail("a row has more than five squares");
    r.expect(']', "to close a row of five squares");
  }
  r.skip_spaces();
  if (r.at < text.size() && text[r.at] == ',') r.fail("the board has more than five rows");
  r.expect(']', "to close the board of five rows");
  r.expect('|', "between the board and the die");
  int die = r.number("the die 1-12");
  r.skip_spaces();
  if (r.at < text.size()) r.fail("unexpected text after the die");
  if (die < 1 || die > 12) {
    r.at = text.size();
    r.fail("the die " + std::to_string(die) + " is not 1-12");
  }
  pos.to_move = die > 6 ? Blue : Red;
  msg.turn.die = die > 6 ? die - 6 : die;
  const char* side = side_name(pos.to_move);
  if (pos.count(pos.to_move) == 0)
    throw ProtocolError(std::string("bad message from the server: the die says the engine plays ") +
                        side + ", which has no pieces, in " +
                        quoted_excerpt(text, kShownOfMessage));
  if (auto w = pos.winner())
    throw ProtocolError(std::string("bad message from the server: the game on this board is "
                                    "already decided (") +
                        side_name(*w) + " has won), in " + quoted_excerpt(text, kShownOfMessage));
  return msg;
}

std::string format_server_board(const Position& pos) {
  std::string out = "[";
  for (int row = 0; row < kBoardSize; ++row) {
    out += row ? ", [" : "[";
    for (int col = 0; col < kBoardSize; ++col) {
      if (col) out += ", ";
      out += std::to_string(pos.board[make_square(row, col)]);
    }
    out += "]";
  }
  return out + "]";
}

std::string format_server_turn(const Position& pos, int die) {
  return format_server_board(pos) + "|" + std::to_string(pos.to_move == Blue ? die + 6 : die);
}

std::string format_answer(const Position& pos, Move m) {
  auto dir = direction_of(m);
  uint8_t code = m.from < kSquares ? pos.board[m.from] : kEmpty;
  if (!dir || code == kEmpty || code_side(code) != pos.to_move ||
      direction_side(*dir) != pos.to_move)
    throw std::invalid_argument("format_answer: not a step of the side to move");
  return std::to_string(code) + "|" + direction_name(*dir);
}

Move parse_answer(const Position& pos, std::string_view text) {
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  size_t bar = text.find('|');
  auto bad = [&](const std::string& what) {
    return ProtocolError("bad answer " + quoted_excerpt(text, kShownOfMessage) + ": " + what);
  };
  if (bar == std::string_view::npos) throw bad("expected <piece>|<direction>");
  std::string piece(text.substr(0, bar));
  std::string_view word = text.substr(bar + 1);
  int code = 0;
  if (piece.empty() || piece.size() > 2 ||
      !std::all_of(piece.begin(), piece.end(), [](char c) { return c >= '0' && c <= '9'; }))
    throw bad("the piece must be a number 1-12");
  code = std::stoi(piece);
  if (code < 1 || code > 12) throw bad("the piece must be a number 1-12");
  Side side = code_side(uint8_t(code));
  if (side != pos.to_move) throw bad("piece " + piece + " does not belong to the side to move");
  Square from = pos.square_of(side, code_number(uint8_t(code)));
  if (from == kNoSquare) throw bad("piece " + piece + " is not on the board");
  std::optional<Direction> dir;
  for (int k = 0; k < 3; ++k)
    if (word == direction_name(side_direction(side, k))) dir = side_direction(side, k);
  if (!dir) throw bad("the direction must be one of " + std::string(direction_list(side)));
  auto to = step(from, *dir);
  if (!to) throw bad("the move leaves the board");
  return Move{from, *to};
}

size_t MessageAssembler::complete_length(size_t i, bool& ambiguous) const {
  ambiguous = false;
  std::string_view b = buffer_;
  std::string_view close = "close";
  if (b.substr(i, close.size()) == close) return i + close.size();
  if (i >= b.size() || b[i] != '[') return 0;
  int depth = 0;
  for (; i < b.size(); ++i) {
    if (b[i] == '[') ++depth;
    if (b[i] == ']' && --depth == 0) break;
    if (depth > 2) return 0;  // not a board: wait, then report what came
  }
  if (i >= b.size()) return 0;
  ++i;
  while (i < b.size() && is_space(b[i])) ++i;
  if (i >= b.size()) return 0;
  if (b[i] != '|') return i;  // malformed, but complete enough to report
  ++i;
  while (i < b.size() && is_space(b[i])) ++i;
  size_t digits = i;
  while (i < b.size() && std::isdigit(static_cast<unsigned char>(b[i])) && i - digits < 2) ++i;
  if (i == digits) return i < b.size() ? i : 0;
  if (i - digits == 1 && i == b.size() && b[digits] == '1') ambiguous = true;
  return i;
}

MessageAssembler::State MessageAssembler::state() const {
  size_t start = 0;
  while (start < buffer_.size() && is_space(buffer_[start])) ++start;
  if (start == buffer_.size()) return State::Empty;
  bool ambiguous;
  size_t n = complete_length(start, ambiguous);
  if (n == 0) return State::Partial;
  return ambiguous ? State::Ambiguous : State::Complete;
}

std::string MessageAssembler::take() {
  size_t start = 0;
  while (start < buffer_.size() && is_space(buffer_[start])) ++start;
  bool ambiguous;
  size_t n = complete_length(start, ambiguous);
  if (n == 0) n = buffer_.size();
  std::string msg = buffer_.substr(start, n - start);
  buffer_.erase(0, n);
  return msg;
}

}  // namespace ewn
