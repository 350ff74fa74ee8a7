#include "move_input.h"

#include <cctype>
#include <vector>

#include "direction.h"
#include "movegen.h"
#include "notation.h"
#include "side_names.h"

namespace ewn {

namespace {

bool is_square(std::string_view t) {
  return t.size() == 2 && t[0] >= 'a' && t[0] <= 'e' && t[1] >= '1' && t[1] <= '5';
}
Square to_square(std::string_view t) {
  return square_at(t[0] - 'a', t[1] - '0');
}

// "3", "r3", "b3" -> side letter (0 if none) and number; false if it is not a piece.
bool read_piece(std::string_view t, char& side_letter, int& number) {
  side_letter = 0;
  if (!t.empty() && (t[0] == 'r' || t[0] == 'b' || t[0] == '#')) {
    if (t[0] != '#') side_letter = t[0];
    t.remove_prefix(1);
  }
  if (t.size() != 1 || t[0] < '1' || t[0] > '6') return false;
  number = t[0] - '0';
  return true;
}

std::vector<std::string> tokens_of(std::string_view text) {
  std::string s;
  for (char c : text) {
    char l = char(std::tolower(static_cast<unsigned char>(c)));
    s += (l == '-' || l == ',' || l == '\t' || l == '\r') ? ' ' : l;
  }
  std::vector<std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    size_t j = i;
    while (j < s.size() && s[j] != ' ') ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  // Glued forms: "a5b4" -> "a5" "b4"; "3down", "r3d" -> "3" "down".
  if (out.size() == 1) {
    const std::string t = out[0];
    if (t.size() == 4 && is_square(t.substr(0, 2)) && is_square(t.substr(2)))
      out = {t.substr(0, 2), t.substr(2)};
    else {
      size_t digit = t.find_first_of("123456");
      if (digit != std::string::npos && digit <= 1 && digit + 1 < t.size() &&
          std::isalpha(static_cast<unsigned char>(t[digit + 1])) && !is_square(t))
        out = {t.substr(0, digit + 1), t.substr(digit + 1)};
    }
  }
  return out;
}

const char* kHowTo =
    "type a move as from- and to-square (a5b4) or as a piece and a direction (3 down)";

}  // namespace

std::string piece_name(uint8_t code) {
  return side_letter(code_side(code)) + std::string(1, char('0' + code_number(code)));
}

std::string describe_move(const Position& pos, Move m) {
  std::string out = format_move(m);
  uint8_t code = m.from < kSquares ? pos.board[m.from] : kEmpty;
  auto dir = direction_of(m);
  if (code != kEmpty && dir)
    out += std::string(" (") + piece_name(code) + " " + direction_name(*dir) + ")";
  return out;
}

std::string legal_moves_text(const Position& pos, int die) {
  std::string out;
  for (Move m : legal_moves(pos, die)) {
    if (!out.empty()) out += ", ";
    out += describe_move(pos, m);
  }
  return out;
}

std::string die_rule_text(const Position& pos, int die) {
  Side me = pos.to_move;
  auto on = [&](int n) {
    return piece_name(piece_code(me, n)) + " (on " + square_name(pos.square_of(me, n)) + ")";
  };
  std::string head = "die " + std::to_string(die) + ": ";
  unsigned mask = pos.mask(me);
  if (mask == 0) return head + side_name(me) + " has no pieces";
  if (pos.count(me) == 1) {
    int n = std::countr_zero(mask) + 1;
    return head + side_name(me) + " has a single piece and moves it whatever the die: " + on(n);
  }
  const Movable& mv = movable_pieces(mask, die);
  if (mv.count == 1 && mv.number[0] == die) return head + side_name(me) + " moves " + on(die);
  std::string out = head + piece_name(piece_code(me, die)) + " is gone, " + side_name(me) +
                    " moves " + on(mv.number[0]);
  if (mv.count == 2) out += " or " + on(mv.number[1]);
  return out;
}

namespace {

// One typed move read for the side to move and its die: the words resolved to a piece (a
// square or a number) and a target (a square or a direction), each step with its own reason
// when it fails.
class MoveReader {
 public:
  MoveReader(const Position& pos, int die, std::string_view text)
      : pos_(pos), die_(die), me_(pos.to_move), legal_(legal_moves(pos, die)), text_(text) {}

  MoveInput read() const;

 private:
  static MoveInput fail(std::string why) {
    MoveInput r;
    r.error = std::move(why);
    return r;
  }
  static MoveInput found(Move m) {
    MoveInput r;
    r.move = m;
    return r;
  }
  MoveInput cannot_read() const {
    return fail("could not read '" + std::string(text_) + "': " + kHowTo);
  }
  std::vector<Move> legal_from(Square s) const {
    std::vector<Move> out;
    for (Move m : legal_)
      if (m.from == s) out.push_back(m);
    return out;
  }

  std::optional<Square> piece_square(const std::string& token, std::string& why) const;
  std::optional<Direction> direction(const std::string& word, std::string& why) const;
  MoveInput one_word(const std::string& word) const;
  MoveInput square_word(const std::string& word) const;
  MoveInput piece_word(const std::string& word) const;
  MoveInput direction_word(const std::string& word) const;
  MoveInput two_words(const std::string& piece, const std::string& target) const;
  MoveInput checked(Square from, std::optional<Square> to, std::optional<Direction> dir) const;

  const Position& pos_;
  int die_;
  Side me_;
  MoveList legal_;
  std::string_view text_;
};

MoveInput MoveReader::read() const {
  if (legal_.size == 0) return fail("the game is over: there is nothing to move");
  std::vector<std::string> t = tokens_of(text_);
  if (t.empty()) return fail(std::string("no move given: ") + kHowTo);
  if (t.size() > 1)
    for (const std::string& x : t)
      if (x.size() == 4 && is_square(x.substr(0, 2)) && is_square(x.substr(2)))
        return fail("type just the move, e.g. " + x + " (the die " + std::to_string(die_) +
                    " is already given; 'undo' to change it)");
  if (t.size() == 1) return one_word(t[0]);
  if (t.size() == 2) return two_words(t[0], t[1]);
  return cannot_read();
}

// The square of the piece a token names: a square, or a piece number ("3", "r3").
std::optional<Square> MoveReader::piece_square(const std::string& token, std::string& why) const {
  char letter;
  int number;
  // "b3" names a square and blue piece 3: a square holding a piece of the mover comes
  // first, then Blue's piece, then the square (and what is wrong with it).
  bool own_square = is_square(token) && pos_.board[to_square(token)] != kEmpty &&
                    code_side(pos_.board[to_square(token)]) == me_;
  bool own_piece = read_piece(token, letter, number) && me_ == Blue && letter == 'b' &&
                   pos_.square_of(me_, number) != kNoSquare;
  if (is_square(token) && (own_square || !own_piece)) {
    Square s = to_square(token);
    uint8_t code = pos_.board[s];
    if (code == kEmpty) {
      why = "there is no piece on " + token;
      return std::nullopt;
    }
    if (code_side(code) != me_) {
      why = "the piece on " + token + " is " + side_name(code_side(code)) + "'s (" +
            piece_name(code) + "); " + side_name(me_) + " is to move";
      return std::nullopt;
    }
    return s;
  }
  if (read_piece(token, letter, number)) {
    if (letter && (letter == 'r' ? Red : Blue) != me_) {
      why =
          token + " is " + side_name(opposite(me_)) + "'s piece; " + side_name(me_) + " is to move";
      return std::nullopt;
    }
    Square s = pos_.square_of(me_, number);
    if (s == kNoSquare) {
      why = std::string(side_name(me_)) + "'s piece " + std::to_string(number) +
            " is no longer on the board";
      return std::nullopt;
    }
    return s;
  }
  why = "could not read '" + token + "' as a square or a piece";
  return std::nullopt;
}

std::optional<Direction> MoveReader::direction(const std::string& word, std::string& why) const {
  std::optional<Direction> dir = parse_direction(me_, word);
  if (dir) return dir;
  if (other_side_word(me_, word))
    why = std::string(side_name(me_)) + " moves " + direction_list(me_) + ", not " + word;
  else
    why = "could not read '" + word + "' as a direction (" + side_name(me_) + " moves " +
          direction_list(me_) + ")";
  return std::nullopt;
}

MoveInput MoveReader::one_word(const std::string& word) const {
  char letter;
  int number;
  if (is_square(word)) return square_word(word);
  if (read_piece(word, letter, number)) return piece_word(word);
  if (parse_direction(me_, word) || other_side_word(me_, word)) return direction_word(word);
  return cannot_read();
}

// A to-square; or the square of a piece that has a single legal move.
MoveInput MoveReader::square_word(const std::string& word) const {
  Square s = to_square(word);
  std::vector<Move> hits;
  for (Move m : legal_)
    if (m.to == s) hits.push_back(m);
  if (hits.size() == 1) return found(hits[0]);
  std::vector<Move> of_piece = legal_from(s);
  if (of_piece.size() == 1) return found(of_piece[0]);
  if (hits.size() > 1)
    return fail("more than one legal move goes to " + word + ": say which, e.g. " +
                format_move(hits[0]));
  if (of_piece.size() > 1)
    return fail("say where the piece on " + word + " goes: " + legal_moves_text(pos_, die_));
  return fail("no legal move goes to " + word + ". Legal: " + legal_moves_text(pos_, die_));
}

// A piece with a single legal move.
MoveInput MoveReader::piece_word(const std::string& word) const {
  std::string why;
  auto s = piece_square(word, why);
  if (!s) return fail(why);
  std::vector<Move> of_piece = legal_from(*s);
  if (of_piece.size() == 1) return found(of_piece[0]);
  if (of_piece.empty())
    return fail(piece_name(pos_.board[*s]) + " may not move: " + die_rule_text(pos_, die_) +
                ". Legal: " + legal_moves_text(pos_, die_));
  return fail("say which way " + piece_name(pos_.board[*s]) + " goes (" + direction_list(me_) +
              "): " + legal_moves_text(pos_, die_));
}

// A direction, when the die allows a single piece.
MoveInput MoveReader::direction_word(const std::string& word) const {
  std::string why;
  std::optional<Direction> dir = direction(word, why);
  if (!dir) return fail(why);
  const Movable& mv = movable_pieces(pos_.mask(me_), die_);
  if (pos_.count(me_) > 1 && mv.count != 1)
    return fail("which piece? " + die_rule_text(pos_, die_) + "; e.g. " +
                std::to_string(mv.number[0]) + " " + word);
  int n = pos_.count(me_) == 1 ? std::countr_zero(pos_.mask(me_)) + 1 : mv.number[0];
  return checked(pos_.square_of(me_, n), std::nullopt, dir);
}

// A piece (square or number) and a target (square or direction).
MoveInput MoveReader::two_words(const std::string& piece, const std::string& target) const {
  std::string why;
  std::optional<Square> from = piece_square(piece, why);
  if (!from) return why.rfind("could not read", 0) == 0 ? cannot_read() : fail(why);
  if (is_square(target)) return checked(*from, to_square(target), std::nullopt);
  std::optional<Direction> dir = direction(target, why);
  if (!dir) return fail(why);
  return checked(*from, std::nullopt, dir);
}

// The move from `from` to `to` (or one step in `dir`), if the rules and the die allow it.
MoveInput MoveReader::checked(Square from, std::optional<Square> to,
                              std::optional<Direction> dir) const {
  if (dir) {
    to = step(from, *dir);
    if (!to)
      return fail(piece_name(pos_.board[from]) + " on " + square_name(from) + " cannot move " +
                  direction_name(*dir) + ": that leaves the board");
  }
  Move m{from, *to};
  auto d = direction_of(m);
  if (!d || direction_side(*d) != me_)
    return fail(format_move(m) + " is not a move of " + side_name(me_) + ": pieces move one step " +
                direction_list(me_));
  if (!legal_.contains(m))
    return fail(format_move(m) + " is not allowed: " + die_rule_text(pos_, die_) +
                ". Legal: " + legal_moves_text(pos_, die_));
  return found(m);
}

}  // namespace

MoveInput parse_move_input(const Position& pos, int die, std::string_view text) {
  return MoveReader(pos, die, text).read();
}

}  // namespace ewn
