// Baseline: one ply. Wins at once if it can, otherwise the move after which the evaluation
// (eval.h) gives the opponent the lowest chance.
#pragma once

#include "player.h"

namespace ewn {

class GreedyPlayer : public Player {
 public:
  explicit GreedyPlayer(TimeLimits limits = {}) : Player(limits) {}
  Move choose(const Position& pos, int die, const MoveRequest& request) override;
};

}  // namespace ewn
