// Zobrist hashing of positions (board and side to move) for the transposition table.
#pragma once

#include <array>
#include <cstdint>

#include "position.h"
#include "rng.h"

namespace ewn {

namespace detail {
struct ZobristKeys {
  std::array<std::array<uint64_t, 13>, kSquares> piece{};  // [square][piece code], code 0 unused
  uint64_t blue_to_move = 0;
};

constexpr ZobristKeys make_zobrist_keys() {
  ZobristKeys k;
  uint64_t state = 0x45574E2D5A4F4252ull;  // any fixed seed: keys must be the same every run
  for (auto& square : k.piece)
    for (int code = 1; code < 13; ++code) square[code] = splitmix64(state);
  k.blue_to_move = splitmix64(state);
  return k;
}
}  // namespace detail

inline constexpr detail::ZobristKeys kZobrist = detail::make_zobrist_keys();

inline uint64_t zobrist_key(const Position& pos) {
  uint64_t key = pos.to_move == Blue ? kZobrist.blue_to_move : 0;
  for (int s = 0; s < kSquares; ++s)
    if (pos.board[s] != kEmpty) key ^= kZobrist.piece[s][pos.board[s]];
  return key;
}

// The key after `m` is played in `pos` (whose key is `key`), without playing it.
inline uint64_t zobrist_after(const Position& pos, uint64_t key, Move m) {
  uint8_t mover = pos.board[m.from], victim = pos.board[m.to];
  key ^= kZobrist.piece[m.from][mover] ^ kZobrist.piece[m.to][mover] ^ kZobrist.blue_to_move;
  if (victim != kEmpty) key ^= kZobrist.piece[m.to][victim];
  return key;
}

}  // namespace ewn
