// Writing a table file (docs/FORMAT.md): the generator's one way to make tables, and the tests'.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <vector>

#include "material.h"

namespace ewn {

// Entries per block, by piece count (docs/BENCHMARKS.md, "Fast random probes"): 1024 (2 KiB of
// values) from 5 pieces on, where random probes miss the block cache and a first touch must
// decode little; 8192 below, where the whole set is a few MB that stays cached and larger blocks
// are smaller.
constexpr uint32_t default_block_entries(int pieces) {
  return pieces >= 5 ? 1024 : 8192;
}
// zstd level of the blocks: level 19 makes files about 3-4% smaller but takes longer than the
// generator's solving; `ewn gen --zstd-level` changes it (docs/BENCHMARKS.md, "Table format").
inline constexpr int kDefaultZstdLevel = 9;

struct WriteOptions {
  uint32_t block_entries = 0;  // 0: default_block_entries(the class's piece count)
  int zstd_level = kDefaultZstdLevel;
  // The zstd dictionary of the blocks, stored in the file. Unset: the standard dictionary of the
  // class's piece count (standard_dictionary.h), kept only when the bytes it saves pay for it;
  // empty: none. Given, it is used as it is (and must outlive the call).
  std::optional<std::span<const uint8_t>> dictionary;
  // The entry order (entry_order.h); empty: the writer tries candidates and keeps the best.
  std::vector<uint8_t> entry_order;
  int threads = 0;  // 0: OpenMP's default
  // read_entry_flags() of the class when the caller knows them already (the generator); empty:
  // the writer computes them.
  std::span<const uint8_t> read_entries;
};

// Writes a complete table file for class mc (values encoded by encode_value(), in PositionIndex
// order, one per entry, including waste entries). Entries no probe reads (see read_entries.h)
// are stored as filler, not as the given value. Throws TableError for values that do not fit
// the class, FileError (file_error.h) when writing fails (disk full included).
void write_table(const std::filesystem::path& path, MaterialClass mc,
                 std::span<const uint16_t> values, const WriteOptions& options = {});

}  // namespace ewn
