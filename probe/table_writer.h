// Writing a table file (docs/FORMAT.md): the generator's one way to make tables, and the tests'.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <vector>

#include "material.h"

namespace ewn {

// Entries per block: measured in docs/BENCHMARKS.md ("Table format").
inline constexpr uint32_t kDefaultBlockEntries = 1024;
// zstd level of the blocks: level 19 makes files about 3-4% smaller but takes longer than the
// generator's solving; `ewn gen --zstd-level` changes it (docs/BENCHMARKS.md, "Table format").
inline constexpr int kDefaultZstdLevel = 9;

struct WriteOptions {
  uint32_t block_entries = kDefaultBlockEntries;
  int zstd_level = kDefaultZstdLevel;
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
