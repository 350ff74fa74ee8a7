// How many positions of a material class lie on each level of total progress.
//
// The generator solves a group level by level, highest first (docs/GENERATOR.md). Knowing the
// size of every level before solving lets it plan the parts of a group that does not fit in
// memory, and name the smallest memory budget that works, without a pass over the entries.
#pragma once

#include <cstdint>
#include <vector>

#include "material.h"

namespace ewn {

// Entry counts by total progress 0..8n of the class's valid entries (those PositionIndex
// unranks as valid: one per position up to the a5-e1 mirror). Counted in closed form over the
// squares, not by enumeration: the sum equals PositionIndex(mc).canonical_count().
std::vector<uint64_t> level_census(MaterialClass mc);

}  // namespace ewn
