// Writing a table file (docs/FORMAT.md): the generator's one way to make tables, and the tests'.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <vector>

#include "material.h"
#include "table_format.h"

namespace ewn {

// Entries per block, by piece count: where random probes miss the block cache, a first touch
// must decode little: 512 (1 KiB of values) from 5 pieces on, whose sets are hundreds of MB and
// more (the median first touch a third cheaper than with 1024, for about 6% more bytes:
// docs/BENCHMARKS.md, "512-entry blocks"); 8192 below, where the whole set is a few MB that
// stays cached and larger blocks are smaller.
constexpr uint32_t default_block_entries(int pieces) {
  return pieces >= 5 ? 512 : 8192;
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
  // The format written: kTableFormatVersion (3), or 2 for readers that know no later version
  // (then derives_twin must be false).
  uint32_t format_version = kTableFormatVersion;
  // Version 3: the file answers for the class's colour twin too, which gets no file.
  bool derives_twin = false;
};

// A table compressed in memory, not yet written.
struct EncodedTable {
  TableHeader header;  // complete but for derives_twin and the header checksum
  std::vector<uint8_t> dictionary;
  std::vector<std::vector<uint8_t>> blocks;
  std::vector<uint8_t> metadata;  // block offsets and checksums
  uint64_t file_bytes() const { return header.file_bytes; }
};
EncodedTable encode_table(const std::filesystem::path& path, MaterialClass mc,
                          std::span<const uint16_t> values, const WriteOptions& options = {});
// Writes `table` to `path`, its header saying whether it derives its twin (version 3 only).
void write_encoded_table(const std::filesystem::path& path, const EncodedTable& table,
                         bool derives_twin);

// A table's size before its blocks are compressed: what a format-3 writer needs to choose which
// class of a colour pair to store without compressing both. The writer decides the entry order
// and the dictionary as encode_table() does, compresses the same 64 evenly spaced blocks it
// judges the dictionary on, and scales them to the whole table (exact with at most 64 blocks).
struct TableEstimate {
  MaterialClass material;
  uint64_t file_bytes = 0;
  std::vector<uint8_t> entry_order;  // the order chosen: encode_table() need not choose again
  // The dictionary chosen (the standard one, none, or WriteOptions::dictionary as given):
  // encode_table() need not judge it again.
  std::span<const uint8_t> dictionary;
};
TableEstimate estimate_table(const std::filesystem::path& path, MaterialClass mc,
                             std::span<const uint16_t> values, const WriteOptions& options = {});
// Sets `options` to write the table as it was estimated: the same entry order and dictionary,
// neither chosen again (the file is the one encode_table() would write with neither given).
void write_as_estimated(const TableEstimate& estimate, WriteOptions& options);

// Which class of a colour pair a format-3 set stores. Of two classes whose movers have different
// numbers of pieces, the one whose mover has more: the twin's derived probe is then a ply of the
// side with fewer pieces, with fewer moves and so fewer blocks to decode (at <= 6, 3.0 first
// touches instead of 6.4, for 7% more bytes: docs/FORMAT.md, "Which class is stored"). Of two
// classes whose movers have as many pieces, the one whose table is estimated smaller (ties: the
// class with the smaller slot, so the choice never depends on the order of the calls).
MaterialClass class_to_store(const TableEstimate& a, const TableEstimate& b);

// Writes a complete table file for class mc (values encoded by encode_value(), in PositionIndex
// order, one per entry, including waste entries). Entries no probe reads (see read_entries.h)
// are stored as filler, not as the given value. Throws TableError for values that do not fit
// the class, FileError (file_error.h) when writing fails (disk full included).
void write_table(const std::filesystem::path& path, MaterialClass mc,
                 std::span<const uint16_t> values, const WriteOptions& options = {});

}  // namespace ewn
