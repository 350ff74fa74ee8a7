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

#include "index.h"

namespace ewn {

// True when a probe can read entry `i` of `index`.
bool entry_is_read(const PositionIndex& index, uint64_t i);

// Replaces every entry of values[0, n) (entries first .. first+n-1 of `index`) that no probe
// reads by the next entry that is read (after the last one: the previous one; in a range
// without any: 0), so that runs of filler cost almost nothing to compress.
void fill_unread_entries(const PositionIndex& index, uint64_t first, std::span<uint16_t> values);

}  // namespace ewn
