// Basic vocabulary of the game: sides, squares, moves.
//
// Squares are numbered row by row from the top-left corner: square = row * 5 + col, where row 0
// is rank 5 and col 0 is file a. So a5 = 0, e5 = 4, a1 = 20, e1 = 24. With this layout Red's
// three moves are +1, +5, +6, Blue's are -1, -5, -6, the colour flip (180 degree rotation) is
// s -> 24 - s and the a5-e1 diagonal mirror is the transpose (row, col) -> (col, row).
#pragma once

#include <cstdint>

namespace ewn {

enum Side : uint8_t { Red = 0, Blue = 1 };
constexpr Side opposite(Side s) {
  return Side(s ^ 1);
}

using Square = uint8_t;
constexpr int kBoardSize = 5;
constexpr int kSquares = 25;
constexpr int kPiecesPerSide = 6;
constexpr Square kNoSquare = 255;

constexpr Square kRedGoal = 24;  // e1: Red wins by reaching it (Blue's start corner)
constexpr Square kBlueGoal = 0;  // a5: Blue wins by reaching it (Red's start corner)
constexpr Square goal_of(Side s) {
  return s == Red ? kRedGoal : kBlueGoal;
}

constexpr int row_of(Square s) {
  return s / kBoardSize;
}
constexpr int col_of(Square s) {
  return s % kBoardSize;
}
constexpr Square make_square(int row, int col) {
  return Square(row * kBoardSize + col);
}

// File 0..4 = a..e and rank 1..5 as written in the notation.
constexpr int file_of(Square s) {
  return col_of(s);
}
constexpr int rank_of(Square s) {
  return kBoardSize - row_of(s);
}
constexpr Square square_at(int file, int rank) {
  return make_square(kBoardSize - rank, file);
}

constexpr Square flip_square(Square s) {
  return Square(kSquares - 1 - s);
}
constexpr Square mirror_square(Square s) {
  return make_square(col_of(s), row_of(s));
}

// Progress of a piece towards its goal: 0 on its own start corner, 8 on the goal.
// Every non-capturing move raises the sum over all pieces by 1 or 2.
constexpr int progress(Side side, Square s) {
  return side == Red ? row_of(s) + col_of(s) : 8 - row_of(s) - col_of(s);
}

// Piece codes on the board: 0 empty, 1..6 red piece n, 7..12 blue piece n (n + 6), the same
// numbering the contest referee uses.
constexpr uint8_t kEmpty = 0;
constexpr uint8_t piece_code(Side side, int number) {
  return uint8_t(number + 6 * side);
}
constexpr Side code_side(uint8_t code) {
  return code > 6 ? Blue : Red;
}
constexpr int code_number(uint8_t code) {
  return code > 6 ? code - 6 : code;
}

struct Move {
  Square from = kNoSquare;
  Square to = kNoSquare;
  constexpr bool operator==(const Move&) const = default;
};

}  // namespace ewn
