// Several processes solving one group in parts together (a distributed run's second level):
// each solves a slice of every level's positions, and the slices are combined before the next
// level, so that every process holds the whole level as the next levels need it. One process,
// the leader, writes the work files and the tables.
//
// The solver knows only this interface; how the slices travel (MPI in dist/) is not its
// concern. The values do not depend on the slicing: each position is solved by exactly one
// process with the same children's values, and the combination is exact to the bit: every other
// process contributes -0.0 for it, and x + -0.0 is x for every x, either zero included.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <utility>

namespace ewn {

struct PartSharing {
  int slice = 0;   // this process's share, 0..slices-1
  int slices = 1;  // processes sharing the group
  // Makes every process's `values` the whole level: each holds its own positions' values and
  // -0.0 elsewhere, and after the call the sum over processes (exact, since all but one term are
  // -0.0). Called by every process with the same sizes in the same order.
  std::function<void(std::span<double> values)> combine;
  // Returns when every process has called it: files the leader wrote are then there to read.
  std::function<void()> barrier;
  // Returns the leader's `value` on every process: a decision only the leader can take, such as
  // what its files on disk allow. Called by every process, in the same order as the others.
  std::function<int(int value)> leaders;

  bool leader() const { return slice == 0; }

  // The share [begin, end) of `count` items that is this process's.
  std::pair<int64_t, int64_t> share(int64_t count) const {
    return {count * slice / slices, count * (slice + 1) / slices};
  }
};

}  // namespace ewn
