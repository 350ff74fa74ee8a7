#include "movegen.h"

#include "position.h"

namespace ewn {

namespace {
void add_piece_moves(const Position& pos, int number, MoveList& out) {
  Square from = pos.square_of(pos.to_move, number);
  const auto& t = piece_targets(pos.to_move, from);
  for (int i = 0; i < t.count; ++i) out.push(Move{from, t.to[i]});
}
}  // namespace

MoveList legal_moves(const Position& pos, int die) {
  MoveList out;
  if (pos.winner()) return out;
  const Movable& m = movable_pieces(pos.mask(pos.to_move), die);
  for (int i = 0; i < m.count; ++i) add_piece_moves(pos, m.number[i], out);
  return out;
}

MoveList all_moves(const Position& pos) {
  MoveList out;
  if (pos.winner()) return out;
  unsigned mask = pos.mask(pos.to_move);
  for (int n = 1; n <= kPiecesPerSide; ++n)
    if (mask & (1u << (n - 1))) add_piece_moves(pos, n, out);
  return out;
}

unsigned dice_allowing(const Position& pos, Move m) {
  unsigned dice = 0;
  for (int d = 1; d <= 6; ++d)
    if (legal_moves(pos, d).contains(m)) dice |= 1u << (d - 1);
  return dice;
}

}  // namespace ewn
