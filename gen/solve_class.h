// Solving one group of material classes: a class and its colour-flipped twin, which are each
// other's non-capture children. Capture children lie in smaller classes, solved earlier, whose
// exact values the caller supplies.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <vector>

#include "index.h"
#include "material.h"

namespace ewn {

// Exact values of already-solved classes, by class (entries in PositionIndex order).
using SolvedValues = std::map<MaterialClass, const double*>;

struct SolvedClass {
  MaterialClass material;
  std::vector<double> values;  // NaN at waste entries
};

// Called after each progress level with the number of positions solved so far in this group.
using LevelCallback = std::function<void(uint64_t positions_done)>;

// Solves `mc` and, if different, mc.flipped(). `children` must hold every class reachable by one
// capture. Results are identical for any number of OpenMP threads.
std::vector<SolvedClass> solve_group(MaterialClass mc, const SolvedValues& children,
                                     const LevelCallback& on_level = {});

// The classes a capture from a position of `mc` can lead to (the mover's and the opponent's
// losses, seen from the new side to move). Excludes the end of the game (no opponent pieces).
std::vector<MaterialClass> capture_children(MaterialClass mc);

}  // namespace ewn
