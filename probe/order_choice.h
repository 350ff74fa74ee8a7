// How the writer lays out a table: the entry order it picks and the blocks it builds.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "entry_order.h"

namespace ewn {

// The values of the block of `count` entries starting at file position `begin`, in file order,
// with the entries no probe reads (read[i] == 0) replaced by filler (read_entries.h).
std::vector<uint16_t> block_in_file_order(const EntryOrder& order, std::span<const uint16_t> values,
                                          std::span<const uint8_t> read, uint64_t begin,
                                          size_t count);

// The candidate entry order whose blocks compress best, judged on evenly spaced blocks (up to
// 64 x 8192 entries) at a fast zstd level without dictionary (the ranking mostly carries over to
// the final level); with more than four candidates, the best four on a quarter of them go on to
// all. Candidates: every order for up to 5 pieces; for more, PositionIndex order, the pair then the
// other digits reversed, and all digits reversed.
std::vector<uint8_t> choose_entry_order(const PositionIndex& index,
                                        std::span<const uint16_t> values,
                                        std::span<const uint8_t> read, uint32_t block_entries,
                                        int threads);

}  // namespace ewn
