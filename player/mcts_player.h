// Baseline: Monte Carlo tree search (UCT) with uniformly random playouts.
//
// The tree alternates decision nodes (a side to move with a rolled die; children are its
// moves, chosen by UCB1) and chance nodes (a position before its roll; the die is sampled, and
// faces giving the same choice share a decision node, see dice_groups.h). Each iteration adds
// one chance node and plays the game out at random from it; the winner is backed up along the
// path. The root's move is the one visited most.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "player.h"
#include "rng.h"

namespace ewn {

struct MctsOptions {
  double exploration = 0.7;          // UCB1 constant c in w/n + c * sqrt(ln N / n)
  std::optional<uint64_t> playouts;  // stop after this many iterations
  size_t max_nodes = 4'000'000;      // tree size cap (edges); beyond it only playouts
};

class MctsPlayer : public Player {
 public:
  MctsPlayer(TimeLimits limits, MctsOptions options, uint64_t seed);
  Move choose(const Position& pos, int die, const MoveRequest& request) override;

 private:
  struct Edge {
    Move move;
    bool wins = false;   // ends the game at once
    uint32_t child = 0;  // chance node after the move; 0: not expanded
    uint32_t visits = 0;
    float score = 0;  // wins of the side that made the move
  };
  struct Decision {
    uint32_t first_edge = 0;
    uint8_t edge_count = 0;
    uint32_t visits = 0;
  };
  struct Chance {
    std::array<uint32_t, 6> decision{};  // per die group; 0: not yet created
  };

  uint32_t new_decision(const Position& pos, int die);
  uint32_t select(uint32_t decision);
  Side playout(Position pos);
  void iterate(const Position& root, uint32_t root_decision);

  MctsOptions options_;
  Rng rng_;
  std::vector<Edge> edges_;
  std::vector<Decision> decisions_;
  std::vector<Chance> chances_;
};

}  // namespace ewn
