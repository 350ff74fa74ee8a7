// One entry of the setup matrix: the engine's value of a free-setup start at a fixed depth.
//
// By the 180-degree rotation with the colours swapped (SPEC 5a) followed by the diagonal mirror
// (SPEC 5b), the start with Red arranged `a`, Blue arranged `b` and Red to move has the value of
// the start with Red arranged `b`, Blue arranged `a` and Blue to move: the mirror maps each of
// Red's start squares onto Blue's square of the same place in the fill order. So a start's value
// depends only on the first mover's arrangement and the second mover's, not on their colours,
// and one matrix, first mover by second mover, answers both colours.
#pragma once

#include <cstdint>
#include <vector>

#include "arrangement.h"
#include "search.h"

namespace ewn {

// The start position of a free setup: the first mover plays `colour` (the matrix: Red) and
// moves first.
Position setup_start(const Arrangement& first_mover, const Arrangement& second_mover,
                     Side colour = Red);

struct SetupEntry {
  double value = 0;    // the first mover's win probability before its first roll
  uint64_t nodes = 0;  // nodes of every iteration
  double seconds = 0;  // the thread's CPU time for them
};

// The first mover's value by the expectimax search of the start to exactly `depth` plies
// (deepened one ply at a time for move ordering, no node budget, no clock; a value found exact
// at a shallower depth is kept, as deeper searches return it too). The search's table is
// cleared first, so an entry never depends on what was searched before: the same depth gives
// the same value on every run. `colour`: the first mover's (the symmetry tests and benchmarks).
SetupEntry setup_entry(Search& search, const Arrangement& first_mover,
                       const Arrangement& second_mover, int depth, Side colour = Red);

// The same deepening with each iteration's result: element i is setup_entry(..., i + 1, ...),
// its nodes and time counted from the start (one search gives every depth's entry; the depth
// study uses it).
std::vector<SetupEntry> setup_entry_deepening(Search& search, const Arrangement& first_mover,
                                              const Arrangement& second_mover, int depth,
                                              Side colour = Red);

// The search the matrix is made with: the tuned evaluation, no tables, no network, a table of
// a size that suits searches of up to a few hundred thousand nodes.
SearchOptions setup_search_options();

}  // namespace ewn
