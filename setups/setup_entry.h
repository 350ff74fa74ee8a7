// One entry of the setup matrix: the engine's value of a free-setup start at a fixed budget.
//
// By the 180-degree rotation with the colours swapped (SPEC 5a) followed by the diagonal mirror
// (SPEC 5b), the start with Red arranged `a`, Blue arranged `b` and Red to move has the value of
// the start with Red arranged `b`, Blue arranged `a` and Blue to move: the mirror maps each of
// Red's start squares onto Blue's square of the same place in the fill order. So a start's value
// depends only on the first mover's arrangement and the second mover's, not on their colours,
// and one matrix, first mover by second mover, answers both colours.
#pragma once

#include <cstdint>

#include "arrangement.h"
#include "search.h"

namespace ewn {

// The start position of a free setup: the first mover plays `colour` (the matrix: Red) and
// moves first.
Position setup_start(const Arrangement& first_mover, const Arrangement& second_mover,
                     Side colour = Red);

struct SetupEntry {
  double value = 0;    // the first mover's win probability before its first roll
  int depth = 0;       // the deepest search that finished within the budget
  uint64_t nodes = 0;  // nodes of every iteration, the one cut short included
};

// The first mover's value by iterative deepening one ply at a time until `node_budget` nodes
// are spent, the depth cut short dropped (as /api/estimate does); depth 1 always finishes. The
// search's table is cleared first, so the entry never depends on what it searched before: the
// same budget gives the same value on every run. `max_depth` bounds the deepening (the tests
// use it for a fixed depth). `colour`: the first mover's (the symmetry tests and benchmarks).
SetupEntry setup_entry(Search& search, const Arrangement& first_mover,
                       const Arrangement& second_mover, uint64_t node_budget, int max_depth = 64,
                       Side colour = Red);

// The search the matrix is made with: the tuned evaluation, no tables, no network, a table of
// a size that suits searches of up to a few hundred thousand nodes.
SearchOptions setup_search_options();

}  // namespace ewn
