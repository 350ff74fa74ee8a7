// One block of a table file: its values compressed as one zstd frame without magic number
// (docs/FORMAT.md), with the table's dictionary when it has one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "table_format.h"

struct ZSTD_CDict_s;
struct ZSTD_DDict_s;

namespace ewn {

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
// threads at once.
class BlockDecoder {
 public:
  // The decoder of this dictionary (a copy of it is kept), shared by every caller that asks for
  // the same bytes while one is alive: the tables of a piece count share the writer's standard
  // dictionary, so a probe finds its entropy tables already in the processor's caches. Throws
  // std::runtime_error when the bytes are not a zstd dictionary.
  // `magic`: the frames begin with zstd's magic number (table format version 1).
  static std::shared_ptr<const BlockDecoder> shared(std::span<const uint8_t> dictionary,
                                                    bool magic = false);

  // Throws std::runtime_error when the dictionary is not one.
  explicit BlockDecoder(std::span<const uint8_t> dictionary, bool magic = false);
  ~BlockDecoder();
  BlockDecoder(const BlockDecoder&) = delete;
  BlockDecoder& operator=(const BlockDecoder&) = delete;

  // Decompresses one block into out[0, count). Returns the problem when the data does not
  // decompress to exactly `count` values; never writes past out + count.
  std::optional<std::string> decode(std::span<const uint8_t> data, uint16_t* out,
                                    size_t count) const;

 private:
  std::vector<uint8_t> dictionary_;
  bool magic_;
  ZSTD_DDict_s* ddict_ = nullptr;
};

}  // namespace ewn
