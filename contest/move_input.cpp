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

MoveInput parse_move_input(const Position& pos, int die, std::string_view text) {
  MoveInput r;
  Side me = pos.to_move;
  MoveList legal = legal_moves(pos, die);
  auto fail = [&](std::string why) {
    r.error = std::move(why);
    return r;
  };
  auto not_allowed = [&](Move m) {
    return fail(format_move(m) + " is not allowed: " + die_rule_text(pos, die) +
                ". Legal: " + legal_moves_text(pos, die));
  };
  if (legal.size == 0) return fail("the game is over: there is nothing to move");

  std::vector<std::string> t = tokens_of(text);
  if (t.empty()) return fail(std::string("no move given: ") + kHowTo);

  // Resolve the piece: from a square or a piece number; then the target.
  std::optional<Square> from, to;
  std::optional<Direction> dir;
  std::string dir_word;
  auto piece_square = [&](const std::string& token, std::string& why) -> std::optional<Square> {
    char letter;
    int number;
    // "b3" names a square and blue piece 3: a square holding a piece of the mover comes
    // first, then Blue's piece, then the square (and what is wrong with it).
    bool own_square = is_square(token) && pos.board[to_square(token)] != kEmpty &&
                      code_side(pos.board[to_square(token)]) == me;
    bool own_piece = read_piece(token, letter, number) && me == Blue && letter == 'b' &&
                     pos.square_of(me, number) != kNoSquare;
    if (is_square(token) && (own_square || !own_piece)) {
      Square s = to_square(token);
      uint8_t code = pos.board[s];
      if (code == kEmpty) {
        why = "there is no piece on " + token;
        return std::nullopt;
      }
      if (code_side(code) != me) {
        why = "the piece on " + token + " is " + side_name(code_side(code)) + "'s (" +
              piece_name(code) + "); " + side_name(me) + " is to move";
        return std::nullopt;
      }
      return s;
    }
    if (read_piece(token, letter, number)) {
      if (letter && (letter == 'r' ? Red : Blue) != me) {
        why =
            token + " is " + side_name(opposite(me)) + "'s piece; " + side_name(me) + " is to move";
        return std::nullopt;
      }
      Square s = pos.square_of(me, number);
      if (s == kNoSquare) {
        why = std::string(side_name(me)) + "'s piece " + std::to_string(number) +
              " is no longer on the board";
        return std::nullopt;
      }
      return s;
    }
    why = "could not read '" + token + "' as a square or a piece";
    return std::nullopt;
  };
  auto read_dir = [&](const std::string& word, std::string& why) -> bool {
    dir = parse_direction(me, word);
    if (dir) return true;
    if (other_side_word(me, word))
      why = std::string(side_name(me)) + " moves " + direction_list(me) + ", not " + word;
    else
      why = "could not read '" + word + "' as a direction (" + side_name(me) + " moves " +
            direction_list(me) + ")";
    return false;
  };

  if (t.size() > 1)
    for (const std::string& x : t)
      if (x.size() == 4 && is_square(x.substr(0, 2)) && is_square(x.substr(2)))
        return fail("type just the move, e.g. " + x + " (the die " + std::to_string(die) +
                    " is already given; 'undo' to change it)");

  std::string why;
  if (t.size() == 1) {
    const std::string& a = t[0];
    char letter;
    int number;
    if (is_square(a)) {
      // A to-square; or the square of a piece that has a single legal move.
      Square s = to_square(a);
      std::vector<Move> hits;
      for (Move m : legal)
        if (m.to == s) hits.push_back(m);
      if (hits.size() == 1) {
        r.move = hits[0];
        return r;
      }
      std::vector<Move> of_piece;
      for (Move m : legal)
        if (m.from == s) of_piece.push_back(m);
      if (of_piece.size() == 1) {
        r.move = of_piece[0];
        return r;
      }
      if (hits.size() > 1)
        return fail("more than one legal move goes to " + a + ": say which, e.g. " +
                    format_move(hits[0]));
      if (of_piece.size() > 1)
        return fail("say where the piece on " + a + " goes: " + legal_moves_text(pos, die));
      return fail("no legal move goes to " + a + ". Legal: " + legal_moves_text(pos, die));
    }
    if (read_piece(a, letter, number)) {
      auto s = piece_square(a, why);
      if (!s) return fail(why);
      std::vector<Move> of_piece;
      for (Move m : legal)
        if (m.from == *s) of_piece.push_back(m);
      if (of_piece.size() == 1) {
        r.move = of_piece[0];
        return r;
      }
      if (of_piece.empty())
        return fail(piece_name(pos.board[*s]) + " may not move: " + die_rule_text(pos, die) +
                    ". Legal: " + legal_moves_text(pos, die));
      return fail("say which way " + piece_name(pos.board[*s]) + " goes (" + direction_list(me) +
                  "): " + legal_moves_text(pos, die));
    }
    if (parse_direction(me, a) || other_side_word(me, a)) {
      if (!read_dir(a, why)) return fail(why);
      const Movable& mv = movable_pieces(pos.mask(me), die);
      if (pos.count(me) > 1 && mv.count != 1)
        return fail("which piece? " + die_rule_text(pos, die) + "; e.g. " +
                    std::to_string(mv.number[0]) + " " + a);
      int n = pos.count(me) == 1 ? std::countr_zero(pos.mask(me)) + 1 : mv.number[0];
      from = pos.square_of(me, n);
    } else {
      return fail("could not read '" + std::string(text) + "': " + kHowTo);
    }
  } else if (t.size() == 2) {
    from = piece_square(t[0], why);
    if (!from) {
      if (why.rfind("could not read", 0) == 0)
        return fail("could not read '" + std::string(text) + "': " + kHowTo);
      return fail(why);
    }
    if (is_square(t[1])) {
      to = to_square(t[1]);
    } else if (!read_dir(t[1], why)) {
      return fail(why);
    }
  } else {
    return fail("could not read '" + std::string(text) + "': " + kHowTo);
  }

  if (dir) {
    to = step(*from, *dir);
    if (!to)
      return fail(piece_name(pos.board[*from]) + " on " + square_name(*from) + " cannot move " +
                  direction_name(*dir) + ": that leaves the board");
  }
  Move m{*from, *to};
  auto d = direction_of(m);
  if (!d || direction_side(*d) != me)
    return fail(format_move(m) + " is not a move of " + side_name(me) + ": pieces move one step " +
                direction_list(me));
  if (!legal.contains(m)) return not_allowed(m);
  r.move = m;
  return r;
}

}  // namespace ewn
