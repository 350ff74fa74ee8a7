// The table file format (docs/FORMAT.md): its constants, its header, the encoding of its values
// and its block layout, the one definition the writer (table_writer.h), the reader
// (table_file.h) and the verifier (verify.h) share.
//
// A file holds the values of one material class in an entry order of its own (entry_order.h):
//   header (128 bytes) | dictionary | compressed blocks | block offsets | block checksums
// The values are cut into blocks of `block_entries` entries, each compressed on its own as one
// zstd frame (with the table's dictionary when it has one), so a probe decompresses a single
// small block. Every block has a checksum, the header has one, and the body (everything after
// the header) has one.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "error_kind.h"

#include "index.h"
#include "material.h"

namespace ewn {

// A missing, unreadable, corrupt or unwritable table file. what() is "<file>: <problem>".
class TableError : public std::runtime_error {
 public:
  TableError(const std::filesystem::path& file, const std::string& problem,
             ErrorKind kind = ErrorKind::Damaged)
      : std::runtime_error(file.string() + ": " + problem),
        file_(file),
        problem_(problem),
        kind_(kind) {}
  const std::filesystem::path& file() const { return file_; }
  const std::string& problem() const { return problem_; }
  // Missing, WrongType or Unreadable (the file), or Damaged (what it holds).
  ErrorKind kind() const { return kind_; }

 private:
  std::filesystem::path file_;
  std::string problem_;
  ErrorKind kind_;
};

inline constexpr char kTableMagic[8] = {'E', 'W', 'N', 'T', 'B', 'L', '\r', '\n'};
// The version the writer writes. The reader also reads every version from
// kOldestReadableVersion on; an older one is refused with a message saying how to regenerate
// (docs/FORMAT.md, "Versions").
inline constexpr uint32_t kTableFormatVersion = 3;
inline constexpr uint32_t kOldestReadableVersion = 1;
// The entry order of core/index.h. Bump it whenever PositionIndex changes its order or size, so
// that old files are rejected instead of being read with the wrong meaning.
inline constexpr uint32_t kIndexScheme = 1;
inline constexpr uint32_t kHeaderBytes = 128;
inline constexpr const char* kTableExtension = ".ewt";

// How a value is stored before filtering (the value is the side to move's win probability).
enum class ValueEncoding : uint8_t {
  Fixed16 = 1,  // u16 k, value k / kValueScale: encode_value() and decode_value()
  Fixed32 = 2,  // u32 k, value k / (2^32 - 1); reserved, not written or read yet
};

// Fixed16: a probability v is stored as the nearest k / kValueScale, k = 0..kValueScale.
inline constexpr uint16_t kValueScale = 65535;
// The distance between neighbouring stored values, and the most a stored value is away from the
// value it stores (half of that: it is rounded to the nearest).
inline constexpr double kValueStep = 1.0 / kValueScale;
inline constexpr double kValueRoundingError = kValueStep / 2;

inline uint16_t encode_value(double v) {
  return uint16_t(std::lround(v * kValueScale));
}
constexpr double decode_value(uint16_t k) {
  return k / double(kValueScale);
}

// The reversible transform applied to a block's values before compression.
enum class BlockFilter : uint8_t {
  None = 0,  // values little-endian, one after the other
};
// Zstd: each block is one zstd frame without magic number, dictionary id or checksum
// (ZSTD_f_zstd1_magicless), compressed with the table's dictionary when dictionary_bytes > 0;
// in version 1 a frame with its magic number and no dictionary.
enum class Compressor : uint8_t { Zstd = 1 };

// What differs between the versions the reader reads. Version 1: blocks are zstd frames with
// the magic number, block checksums are XXH64 (8 bytes), there is no dictionary. Version 2:
// frames without magic number, checksums are the low 32 bits of XXH3-64 (4 bytes).
constexpr bool frames_have_magic(uint32_t version) {
  return version == 1;
}
constexpr unsigned block_checksum_bytes(uint32_t version) {
  return version == 1 ? 8 : 4;
}
// Version 3 adds the `derives_twin` byte: a file may answer for its colour twin too, which then
// has no file of its own (one ply of expectimax over this one, docs/FORMAT.md "Derived classes").
constexpr bool has_twin_field(uint32_t version) {
  return version >= 3;
}
// A block's checksum as version `version` stores it, of its compressed bytes.
uint64_t block_checksum_of(uint32_t version, const uint8_t* data, size_t size);

// Byte positions of the header fields (docs/FORMAT.md, "Header"): for serialize_header and
// parse_header, and for the tests and the fuzzer that damage headers on purpose.
namespace table_header {
enum : size_t {
  kAtMagic = 0,
  kAtVersion = 8,
  kAtHeaderBytes = 12,
  kAtMover = 16,
  kAtOpponent = 17,
  kAtPieces = 18,
  kAtEncoding = 19,
  kAtIndexScheme = 20,
  kAtFilter = 24,
  kAtCompressor = 25,
  kAtBlockEntries = 28,
  kAtEntryCount = 32,
  kAtBlockCount = 40,
  kAtOffsets = 48,
  kAtChecksums = 56,
  kAtFileBytes = 64,
  kAtMetadataChecksum = 72,
  kAtBodyChecksum = 80,
  kAtDigitCount = 88,
  kAtDigitOrder = 89,           // 11 bytes
  kAtDictionaryBytes = 100,     // u32
  kAtDictionaryChecksum = 104,  // u64
  kAtDerivesTwin = 112,         // u8, version 3: 1 = the colour twin is derived from this file
  kAtHeaderChecksum = 120,      // XXH64 of bytes [0, 120)
};
}  // namespace table_header

// The block layout: entry_count entries cut into blocks of block_entries, the last block short
// when they do not divide evenly.
constexpr uint64_t block_count_for(uint64_t entry_count, uint32_t block_entries) {
  return (entry_count + block_entries - 1) / block_entries;
}
constexpr size_t entries_in_block(uint64_t entry_count, uint32_t block_entries, uint64_t block) {
  uint64_t begin = block * block_entries;
  return size_t(entry_count - begin < block_entries ? entry_count - begin : block_entries);
}

// The decoded header. Offsets are from the start of the file; all integers little-endian.
struct TableHeader {
  uint32_t format_version = kTableFormatVersion;
  MaterialClass material;
  uint32_t index_scheme = kIndexScheme;
  ValueEncoding encoding = ValueEncoding::Fixed16;
  BlockFilter filter = BlockFilter::None;
  Compressor compressor = Compressor::Zstd;
  uint32_t block_entries = 0;
  uint64_t entry_count = 0;
  uint64_t block_count = 0;
  // The zstd dictionary at [kHeaderBytes, kHeaderBytes + dictionary_bytes); 0: none.
  uint32_t dictionary_bytes = 0;
  uint64_t dictionary_checksum = 0;  // XXH64 of the dictionary, checked when a file is opened
  uint64_t offsets_offset = 0;       // block_count + 1 u64: start of each block, then end of data
  uint64_t checksums_offset = 0;     // block_count checksums: block_checksum_of() each block
  uint64_t file_bytes = 0;
  uint64_t metadata_checksum = 0;  // XXH64 of the offsets and checksums arrays together
  uint64_t body_checksum = 0;      // XXH64 of bytes [kHeaderBytes, file_bytes)
  // The order of significance of the index digits in the file (entry_order.h); `digit_count`
  // is the class's piece count - 1.
  uint8_t digit_count = 0;
  std::array<uint8_t, kMaxPieces - 1> digit_order{};
  // Version 3: this file answers for its colour twin (material.flipped(), never the class
  // itself) too, which has no file: the twin's values are one expectimax ply over this table's.
  bool derives_twin = false;
};

// Header <-> bytes. parse_header checks the magic, the version and the header checksum and
// throws TableError(file, ...) when they are wrong; a file of a version older than
// kOldestReadableVersion is refused with the command that makes it again.
void serialize_header(const TableHeader& h, uint8_t out[kHeaderBytes]);
TableHeader parse_header(const std::filesystem::path& file, const uint8_t* bytes, size_t size);

// "124v14.ewt"
std::string table_file_name(MaterialClass mc);

}  // namespace ewn
