#include "greedy_player.h"

#include <stdexcept>

#include "eval.h"
#include "movegen.h"
#include "search.h"

namespace ewn {

Move GreedyPlayer::choose(const Position& pos, int die, const MoveRequest&) {
  MoveList moves = legal_moves(pos, die);
  if (moves.size == 0) throw std::invalid_argument("greedy player: no legal move");
  Move best = moves.moves[0];
  double best_value = -1;
  for (Move m : moves) {
    double v;
    if (wins_at_once(pos, m)) {
      v = 1;
    } else {
      Position child = pos;
      child.play(m);
      v = 1 - evaluate(child);
    }
    if (v > best_value) {
      best_value = v;
      best = m;
    }
  }
  info_ = MoveInfo{best_value, 1, uint64_t(moves.size)};
  return best;
}

}  // namespace ewn
