#include "direction.h"

#include <array>
#include <string>

#include "typed_line.h"

namespace ewn {

namespace {

constexpr std::array<int, 6> kDeltaRow = {0, 1, 1, 0, -1, -1};
constexpr std::array<int, 6> kDeltaCol = {1, 0, 1, -1, 0, -1};

// The words for the side's three directions (index k of side_direction).
const std::array<std::array<std::array<const char*, 8>, 3>, 2> kWords = {{
    {{{"right", "r", "east", "e", nullptr},
      {"down", "d", "south", "s", nullptr},
      {"rightdown", "rd", "dr", "downright", "diagonal", "diag", "x", nullptr}}},
    {{{"left", "l", "west", "w", nullptr},
      {"up", "u", "north", "n", nullptr},
      {"leftup", "lu", "ul", "upleft", "diagonal", "diag", "x", nullptr}}},
}};

std::optional<Direction> find_word(Side side, const std::string& w) {
  for (int k = 0; k < 3; ++k)
    for (const char* word : kWords[side][size_t(k)]) {
      if (!word) break;
      if (w == word) return side_direction(side, k);
    }
  return std::nullopt;
}

}  // namespace

const char* direction_name(Direction d) {
  switch (d) {
    case Direction::Right:
      return "right";
    case Direction::Down:
      return "down";
    case Direction::RightDown:
      return "rightdown";
    case Direction::Left:
      return "left";
    case Direction::Up:
      return "up";
    case Direction::LeftUp:
      return "leftup";
  }
  return "?";
}

std::optional<Direction> direction_of(Move m) {
  if (m.from >= kSquares || m.to >= kSquares) return std::nullopt;
  int dr = row_of(m.to) - row_of(m.from), dc = col_of(m.to) - col_of(m.from);
  for (size_t k = 0; k < 6; ++k)
    if (kDeltaRow[k] == dr && kDeltaCol[k] == dc) return Direction(k);
  return std::nullopt;
}

std::optional<Square> step(Square from, Direction d) {
  if (from >= kSquares) return std::nullopt;
  int r = row_of(from) + kDeltaRow[size_t(d)], c = col_of(from) + kDeltaCol[size_t(d)];
  if (r < 0 || r >= kBoardSize || c < 0 || c >= kBoardSize) return std::nullopt;
  return make_square(r, c);
}

std::optional<Direction> parse_direction(Side side, std::string_view word) {
  return find_word(side, lower(word));
}

bool other_side_word(Side side, std::string_view word) {
  std::string w = lower(word);
  // "diagonal" and its short forms mean the mover's own diagonal, so they are never wrong.
  return !find_word(side, w) && find_word(opposite(side), w);
}

const char* direction_list(Side side) {
  return side == Red ? "right, down or rightdown" : "left, up or leftup";
}

}  // namespace ewn
