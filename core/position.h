// The position: who stands where, who moves, applying moves, deciding the game.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>

#include "types.h"

namespace ewn {

struct Position {
  std::array<uint8_t, kSquares> board{};                      // piece codes, see types.h
  std::array<std::array<Square, kPiecesPerSide>, 2> where{};  // [side][number - 1]
  Side to_move = Red;

  Position() {
    for (auto& side : where) side.fill(kNoSquare);
  }

  Square square_of(Side side, int number) const { return where[side][number - 1]; }
  // Bit n-1 set when the side still has piece n.
  unsigned mask(Side side) const {
    unsigned m = 0;
    for (int n = 0; n < kPiecesPerSide; ++n)
      if (where[side][n] != kNoSquare) m |= 1u << n;
    return m;
  }
  int count(Side side) const { return std::popcount(mask(side)); }
  int piece_count() const { return count(Red) + count(Blue); }

  // Puts a piece on an empty square (setup and parsing).
  void put(Side side, int number, Square s) {
    board[s] = piece_code(side, number);
    where[side][number - 1] = s;
  }

  // Plays a legal move of the side to move: whatever stands on the target is removed.
  void play(Move m) {
    uint8_t mover = board[m.from];
    uint8_t victim = board[m.to];
    if (victim != kEmpty) where[code_side(victim)][code_number(victim) - 1] = kNoSquare;
    where[code_side(mover)][code_number(mover) - 1] = m.to;
    board[m.to] = mover;
    board[m.from] = kEmpty;
    to_move = opposite(to_move);
  }

  // The winner, if the game is over: a piece on its goal corner or a side without pieces.
  std::optional<Side> winner() const {
    uint8_t on_red_goal = board[kRedGoal], on_blue_goal = board[kBlueGoal];
    if (on_red_goal != kEmpty && code_side(on_red_goal) == Red) return Red;
    if (on_blue_goal != kEmpty && code_side(on_blue_goal) == Blue) return Blue;
    if (mask(Red) == 0) return Blue;
    if (mask(Blue) == 0) return Red;
    return std::nullopt;
  }

  // Total progress of all pieces (see types.h); strictly rises with every non-capturing move.
  int total_progress() const {
    int p = 0;
    for (int s = 0; s < kSquares; ++s)
      if (board[s] != kEmpty) p += progress(code_side(board[s]), Square(s));
    return p;
  }

  bool operator==(const Position& o) const { return board == o.board && to_move == o.to_move; }
};

}  // namespace ewn
