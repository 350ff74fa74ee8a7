// One block of a table file: its values compressed as one zstd frame without magic number
// (docs/FORMAT.md), with the table's dictionary when it has one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "table_format.h"

struct ZSTD_CDict_s;
struct ZSTD_DDict_s;

namespace ewn {

// A table's zstd dictionary: at most this many bytes, trained on at most
// kDictionaryTrainingBytes of its blocks (evenly spaced), and only for a table of at least
// kDictionaryMinBlocks blocks (a smaller one would pay more for the dictionary than it saves).
// Measured in docs/BENCHMARKS.md ("Table format").
inline constexpr size_t kDictionaryBytes = 16384;
inline constexpr size_t kDictionaryTrainingBytes = size_t(1) << 21;
inline constexpr size_t kDictionaryMinBlocks = 16;

// A dictionary trained on `blocks` (block values in file order; the writer's sample of a table):
// empty when there are fewer than kDictionaryMinBlocks or training fails (the blocks are then
// compressed without one). Deterministic: the same blocks, the same bytes.
std::vector<uint8_t> train_dictionary(const std::vector<std::vector<uint16_t>>& blocks);

// Compresses blocks at one zstd level with one dictionary (none when empty). Safe to use from
// several threads at once.
class BlockEncoder {
 public:
  BlockEncoder(std::span<const uint8_t> dictionary, int zstd_level);
  ~BlockEncoder();
  BlockEncoder(const BlockEncoder&) = delete;
  BlockEncoder& operator=(const BlockEncoder&) = delete;

  std::vector<uint8_t> encode(std::span<const uint16_t> values) const;

 private:
  ZSTD_CDict_s* cdict_ = nullptr;
  int level_;
};

// Decompresses blocks made by a BlockEncoder with the same dictionary. Safe to use from several
// threads at once. `dictionary` must outlive the decoder (it is used in place, not copied).
class BlockDecoder {
 public:
  // Throws std::runtime_error when the dictionary is not one.
  explicit BlockDecoder(std::span<const uint8_t> dictionary);
  ~BlockDecoder();
  BlockDecoder(const BlockDecoder&) = delete;
  BlockDecoder& operator=(const BlockDecoder&) = delete;

  // Decompresses one block into out[0, count). Returns the problem when the data does not
  // decompress to exactly `count` values; never writes past out + count.
  std::optional<std::string> decode(std::span<const uint8_t> data, uint16_t* out,
                                    size_t count) const;

 private:
  ZSTD_DDict_s* ddict_ = nullptr;
};

}  // namespace ewn
