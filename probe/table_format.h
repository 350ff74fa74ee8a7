// The table file format (docs/FORMAT.md): the one definition shared by the writer (used by the
// generator) and the reader (used by probing).
//
// A file holds the values of one material class in PositionIndex order:
//   header (128 bytes) | compressed blocks | block offsets | block checksums
// The values are cut into blocks of `block_entries` entries, each compressed on its own as one
// zstd frame, so a probe decompresses a single block. Every block has an XXH64 checksum, the
// header has one, and the body (everything after the header) has one.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "index.h"
#include "material.h"

namespace ewn {

// A missing, unreadable, corrupt or unwritable table file. what() is "<file>: <problem>".
class TableError : public std::runtime_error {
 public:
  TableError(const std::filesystem::path& file, const std::string& problem)
      : std::runtime_error(file.string() + ": " + problem), file_(file), problem_(problem) {}
  const std::filesystem::path& file() const { return file_; }
  const std::string& problem() const { return problem_; }

 private:
  std::filesystem::path file_;
  std::string problem_;
};

inline constexpr char kTableMagic[8] = {'E', 'W', 'N', 'T', 'B', 'L', '\r', '\n'};
inline constexpr uint32_t kTableFormatVersion = 1;
// The entry order of core/index.h. Bump it whenever PositionIndex changes its order or size, so
// that old files are rejected instead of being read with the wrong meaning.
inline constexpr uint32_t kIndexScheme = 1;
inline constexpr uint32_t kHeaderBytes = 128;
inline constexpr const char* kTableExtension = ".ewt";

// How a value is stored before filtering (the value is the side to move's win probability).
enum class ValueEncoding : uint8_t {
  Fixed16 = 1,  // u16 k, value k / 65535
  Fixed32 = 2,  // u32 k, value k / (2^32 - 1); reserved, not written or read yet
};
// The reversible transform applied to a block's values before compression.
enum class BlockFilter : uint8_t {
  None = 0,  // values little-endian, one after the other
};
enum class Compressor : uint8_t { Zstd = 1 };

// Entries per block: measured in docs/BENCHMARKS.md ("Table format").
inline constexpr uint32_t kDefaultBlockEntries = 8192;
inline constexpr int kDefaultZstdLevel = 19;

// The decoded header. Offsets are from the start of the file; all integers little-endian.
struct TableHeader {
  uint32_t format_version = kTableFormatVersion;
  MaterialClass material;
  uint32_t index_scheme = kIndexScheme;
  ValueEncoding encoding = ValueEncoding::Fixed16;
  BlockFilter filter = BlockFilter::None;
  Compressor compressor = Compressor::Zstd;
  uint32_t block_entries = kDefaultBlockEntries;
  uint64_t entry_count = 0;
  uint64_t block_count = 0;
  uint64_t offsets_offset = 0;    // block_count + 1 u64: start of each block, then end of data
  uint64_t checksums_offset = 0;  // block_count u64: XXH64 of each compressed block
  uint64_t file_bytes = 0;
  uint64_t metadata_checksum = 0;  // XXH64 of the offsets and checksums arrays together
  uint64_t body_checksum = 0;      // XXH64 of bytes [kHeaderBytes, file_bytes)
  // The order of significance of the index digits in the file (entry_order.h); `digit_count`
  // is the class's piece count - 1.
  uint8_t digit_count = 0;
  std::array<uint8_t, kMaxPieces - 1> digit_order{};
};

// Header <-> bytes. parse_header checks the magic, the version and the header checksum and
// throws TableError(file, ...) when they are wrong.
void serialize_header(const TableHeader& h, uint8_t out[kHeaderBytes]);
TableHeader parse_header(const std::filesystem::path& file, const uint8_t* bytes, size_t size);

// "124v14.ewt"
std::string table_file_name(MaterialClass mc);

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

// Writes a complete table file for class mc (values in PositionIndex order, one per entry,
// including waste entries). Entries no probe reads (see read_entries.h) are stored as filler,
// not as the given value. Throws TableError for values that do not fit the class, FileError
// (file_error.h) when writing fails (disk full included).
void write_table(const std::filesystem::path& path, MaterialClass mc,
                 std::span<const uint16_t> values);
void write_table(const std::filesystem::path& path, MaterialClass mc,
                 std::span<const uint16_t> values, const WriteOptions& options);

// All values of a table file, in PositionIndex order (checksums verified). When `expected` is
// given the file must hold that class. Throws TableError.
std::vector<uint16_t> read_table(const std::filesystem::path& path,
                                 std::optional<MaterialClass> expected = std::nullopt);

// Full check of one file: header, every block checksum, the body checksum, that each block
// decompresses to its size, that the class and entry count agree with PositionIndex and, when
// the file name is a class name, that it is this class. std::nullopt if good, else the problem
// ("<file>: <problem>").
std::optional<std::string> check_table(const std::filesystem::path& path);

}  // namespace ewn
