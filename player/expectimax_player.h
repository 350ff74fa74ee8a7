// The main player: expectimax search (search.h) under time control (time_control.h).
#pragma once

#include <memory>

#include "player.h"
#include "search.h"

namespace ewn {

class ExpectimaxPlayer : public Player {
 public:
  // Without time limits the search runs to options.max_depth (or until exact).
  ExpectimaxPlayer(TimeLimits limits, SearchOptions options,
                   std::shared_ptr<const ExactValues> tables);
  Move choose(const Position& pos, int die, const MoveRequest& request) override;
  void new_game() override { search_.clear(); }

 private:
  Search search_;
};

}  // namespace ewn
