// Which entries of a table a probe can ever read.
//
// A probe looks a position up through canonical_key(), which returns, among a position's twins
// under renumbering (a side whose class is renumber-symmetric, e.g. {1,6}, has two numberings),
// the smallest index. So only valid entries that are their own canonical key are ever read. The
// others are waste (decided or mirror-duplicate indices, see core/index.h) or the larger twin
// of a pair: about a quarter of the entries with 4 pieces. The writer stores a filler there
// that compresses well instead of the value (docs/FORMAT.md).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "index.h"

namespace ewn {

// True when a probe can read entry `i` of `index`.
bool entry_is_read(const PositionIndex& index, uint64_t i);

// entry_is_read for every entry (1 = read), computed on all cores.
std::vector<uint8_t> read_entry_flags(const PositionIndex& index);

// Whether a side of the class is renumber-symmetric, so that some valid entries are not read.
// Without such a side the read entries are exactly the valid ones, which a caller that has
// solved the class already knows without unranking every entry.
bool has_renumber_twins(MaterialClass mc);

// Replaces every value whose flag is 0 by the next value whose flag is 1 (after the last one:
// the previous one; in a span without any: 0), so that runs of filler cost almost nothing to
// compress.
void fill_unread(std::span<uint16_t> values, std::span<const uint8_t> read);

}  // namespace ewn
