// A table file opened for reading: memory-mapped, header and block index validated on open,
// a block's checksum verified each time it is decompressed.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "entry_order.h"
#include "table_format.h"

namespace ewn {

class TableFile {
 public:
  // Maps `path` and validates everything but the block data. When `expected` is given the file
  // must hold that class. Throws TableError (a missing file says "missing table file").
  explicit TableFile(const std::filesystem::path& path,
                     std::optional<MaterialClass> expected = std::nullopt);
  ~TableFile();
  TableFile(const TableFile&) = delete;
  TableFile& operator=(const TableFile&) = delete;

  const std::filesystem::path& path() const { return path_; }
  const TableHeader& header() const { return header_; }
  MaterialClass material() const { return header_.material; }
  uint64_t entry_count() const { return header_.entry_count; }
  uint32_t block_entries() const { return header_.block_entries; }
  uint64_t block_count() const { return header_.block_count; }
  uint64_t file_bytes() const { return header_.file_bytes; }
  // Where each PositionIndex entry is stored (blocks hold entries in file order).
  const EntryOrder& order() const { return *order_; }
  // Number of entries in `block` (the last one may be short).
  size_t block_size(uint64_t block) const;

  // Verifies the block's checksum and decompresses it into out[0, block_size(block)): the
  // entries at file positions block * block_entries() and on.
  // Throws TableError naming the file and the block, or naming the file when it was truncated
  // since it was opened (reading the mapping past its new end would raise SIGBUS; a truncation
  // at the very moment of the read still does).
  void read_block(uint64_t block, uint16_t* out) const;

  // The full check: body checksum and every block. The problem (without the file name) or
  // std::nullopt.
  std::optional<std::string> verify_all() const;
  // The whole-file checksum alone (for callers that read every block themselves); throws like
  // read_block() when the file was truncated.
  std::optional<std::string> verify_body() const;

 private:
  uint64_t block_offset(uint64_t block) const;
  uint64_t block_checksum(uint64_t block) const;
  void validate_layout() const;
  // Throws TableError when the file this maps was truncated below the mapped size.
  void check_not_truncated() const;

  std::filesystem::path path_;
  TableHeader header_;
  std::optional<EntryOrder> order_;
  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
  uint64_t device_ = 0, inode_ = 0;
};

}  // namespace ewn
