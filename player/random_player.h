// Baseline: a uniformly random legal move.
#pragma once

#include "player.h"
#include "rng.h"

namespace ewn {

class RandomPlayer : public Player {
 public:
  RandomPlayer(TimeLimits limits, uint64_t seed) : Player(limits), rng_(seed) {}
  Move choose(const Position& pos, int die, const MoveRequest& request) override;

 private:
  Rng rng_;
};

}  // namespace ewn
