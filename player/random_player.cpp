#include "random_player.h"

#include <stdexcept>

#include "movegen.h"

namespace ewn {

Move RandomPlayer::choose(const Position& pos, int die, const MoveRequest&) {
  MoveList moves = legal_moves(pos, die);
  if (moves.size == 0) throw std::invalid_argument("random player: no legal move");
  info_ = MoveInfo{};
  return moves.moves[rng_.below(uint32_t(moves.size))];
}

}  // namespace ewn
