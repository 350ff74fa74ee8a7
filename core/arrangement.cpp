#include "arrangement.h"

#include <algorithm>

#include "printable.h"
#include "setup.h"

namespace ewn {

void place_side(Position& pos, Side side, const Arrangement& order) {
  for (int i = 0; i < 6; ++i) {
    Square red_square = kRedStartSquares[size_t(i)];
    Square s = side == Red ? red_square : blue_setup_square(red_square);
    pos.put(side, order[size_t(i)], s);
  }
}

Arrangement arrangement_of(const Position& pos, Side side) {
  Arrangement out{};
  for (int i = 0; i < 6; ++i) {
    Square red_square = kRedStartSquares[size_t(i)];
    uint8_t code = pos.board[side == Red ? red_square : blue_setup_square(red_square)];
    out[size_t(i)] = code != kEmpty && code_side(code) == side ? code_number(code) : 0;
  }
  return out;
}

std::string format_arrangement(const Arrangement& order) {
  std::string s;
  for (int n : order) s += char('0' + n);
  return s;
}

std::optional<Arrangement> parse_arrangement(std::string_view text, std::string* error) {
  auto fail = [&](std::string why) -> std::optional<Arrangement> {
    if (error) *error = quoted_excerpt(text) + " is not an arrangement: " + why;
    return std::nullopt;
  };
  if (text.size() != 6) return fail("it must be six digits, each of 1-6 once (e.g. 162534)");
  Arrangement a{};
  unsigned seen = 0;
  for (size_t i = 0; i < 6; ++i) {
    char c = text[i];
    if (c < '1' || c > '6')
      return fail("character " + std::to_string(i + 1) + " is not a digit 1-6");
    int n = c - '0';
    if (seen & (1u << n)) return fail("the piece " + std::to_string(n) + " appears twice");
    seen |= 1u << n;
    a[i] = n;
  }
  return a;
}

Arrangement renumbered(const Arrangement& order) {
  Arrangement out = order;
  for (int& n : out) n = 7 - n;
  return out;
}

Arrangement mirrored(const Arrangement& order) {
  // Fill order a5 b5 c5 a4 b4 a3: b5 (1) <-> a4 (3), c5 (2) <-> a3 (5).
  return {order[0], order[3], order[5], order[1], order[4], order[2]};
}

Arrangement class_member(const Arrangement& order) {
  return order[0] <= 3 ? order : renumbered(order);
}

int arrangement_class(const Arrangement& order) {
  // The lexicographic rank of the permutation; the class's member ranks below 360.
  Arrangement a = class_member(order);
  int rank = 0;
  for (size_t i = 0; i < 6; ++i) {
    int smaller_later = 0;
    for (size_t j = i + 1; j < 6; ++j) smaller_later += a[j] < a[i];
    int factorial = 1;
    for (int k = 2; k <= int(5 - i); ++k) factorial *= k;
    rank += smaller_later * factorial;
  }
  return rank;
}

Arrangement class_arrangement(int class_index) {
  std::array<int, 6> pool = {1, 2, 3, 4, 5, 6};
  Arrangement a{};
  int rest = class_index;
  size_t left = 6;
  for (size_t i = 0; i < 6; ++i) {
    int factorial = 1;
    for (int k = 2; k <= int(5 - i); ++k) factorial *= k;
    size_t pick = size_t(rest / factorial);
    rest %= factorial;
    a[i] = pool[pick];
    std::copy(pool.begin() + long(pick) + 1, pool.begin() + long(left), pool.begin() + long(pick));
    --left;
  }
  return a;
}

int mirror_class(int class_index) {
  return arrangement_class(mirrored(class_arrangement(class_index)));
}

}  // namespace ewn
