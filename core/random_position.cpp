#include "random_position.h"

#include <algorithm>
#include <array>

namespace ewn {

namespace {

Position place(Rng& rng, int red, int blue, Side to_move) {
  Position pos;
  std::array<int, kSquares> squares{};
  for (int i = 0; i < kSquares; ++i) squares[i] = i;
  for (int i = kSquares - 1; i > 0; --i) std::swap(squares[i], squares[rng.below(i + 1)]);
  int used = 0;
  for (int side = 0; side < 2; ++side) {
    std::array<int, 6> numbers = {1, 2, 3, 4, 5, 6};
    for (int i = 5; i > 0; --i) std::swap(numbers[i], numbers[rng.below(i + 1)]);
    int k = side == Red ? red : blue;
    for (int j = 0; j < k; ++j) pos.put(Side(side), numbers[j], Square(squares[used++]));
  }
  pos.to_move = to_move;
  return pos;
}

int red_count(Rng& rng, int pieces) {
  int lo = std::max(1, pieces - 6), hi = std::min(6, pieces - 1);
  return lo + int(rng.below(uint32_t(hi - lo + 1)));
}

bool both_home(const Position& pos) {
  return pos.board[kRedGoal] != kEmpty && code_side(pos.board[kRedGoal]) == Red &&
         pos.board[kBlueGoal] != kEmpty && code_side(pos.board[kBlueGoal]) == Blue;
}

}  // namespace

Position random_position(Rng& rng, int red, int blue, Side to_move) {
  while (true) {
    Position pos = place(rng, red, blue, to_move);
    if (!pos.winner()) return pos;
  }
}

Position random_position(Rng& rng, int pieces) {
  int red = red_count(rng, pieces);
  return random_position(rng, red, pieces - red, rng.below(2) ? Red : Blue);
}

Position random_position_any(Rng& rng, int pieces) {
  while (true) {
    int red = red_count(rng, pieces);
    Position pos = place(rng, red, pieces - red, rng.below(2) ? Red : Blue);
    if (!both_home(pos)) return pos;
  }
}

}  // namespace ewn
