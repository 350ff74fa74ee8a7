// One block of a table file: its values, filtered and compressed as one zstd frame.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "table_format.h"

namespace ewn {

// Compresses `values` (one block) with the given filter and zstd level.
std::vector<uint8_t> compress_block(std::span<const uint16_t> values, BlockFilter filter,
                                    int zstd_level);

// Decompresses one block into out[0, count). Returns the problem when the data does not
// decompress to exactly `count` values; never writes past out + count.
std::optional<std::string> decompress_block(std::span<const uint8_t> data, BlockFilter filter,
                                            uint16_t* out, size_t count);

}  // namespace ewn
