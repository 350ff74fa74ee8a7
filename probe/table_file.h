// Reading a table file (docs/FORMAT.md): memory-mapped, header, dictionary and block index
// validated on open, a block's checksum verified the first time this process decompresses it;
// the whole table at once; the full check of a file.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "block_codec.h"
#include "entry_order.h"
#include "mapped_file.h"
#include "table_format.h"

namespace ewn {

class TableFile {
 public:
  // Maps `path` and validates everything but the block data. When `expected` is given the file
  // must hold that class. Throws TableError (a missing file says "missing table file").
  explicit TableFile(const std::filesystem::path& path,
                     std::optional<MaterialClass> expected = std::nullopt);
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

  // Decompresses the block into out[0, block_size(block)): the entries at file positions
  // block * block_entries() and on. The block's checksum is verified the first time, not again
  // (a block read once and evicted from a cache decodes again without hashing).
  // Throws TableError naming the file and the block, or naming the file when it was truncated
  // since it was opened. It reads the file, not its mapping, so a truncation cannot raise SIGBUS.
  void read_block(uint64_t block, uint16_t* out) const;

  // The full check: every block's checksum (verified again, whatever read_block has seen) and
  // the body checksum. The problem (without the file name) or std::nullopt.
  std::optional<std::string> verify_all() const;
  // The whole-file checksum alone (for callers that read every block themselves); throws like
  // read_block() when the file was truncated.
  std::optional<std::string> verify_body() const;

 private:
  uint64_t block_offset(uint64_t block) const;
  uint64_t block_checksum(uint64_t block) const;
  // Whether `data` is the block's bytes by its checksum.
  bool checksum_matches(uint64_t block, std::span<const uint8_t> data) const;
  // The block's compressed bytes; `where` names it in errors.
  std::span<const uint8_t> block_data(uint64_t block) const;
  std::string block_name(uint64_t block) const;
  void decode_block(uint64_t block, std::span<const uint8_t> data, uint16_t* out) const;
  void validate_layout() const;
  // Checks the block offsets and keeps them and the checksums (the block index).
  void load_block_index();
  // Throws TableError when the file this maps was truncated below the mapped size.
  void check_not_truncated() const;

  std::filesystem::path path_;
  MappedFile map_;
  TableHeader header_;
  std::optional<EntryOrder> order_;
  std::shared_ptr<const BlockDecoder> decoder_;  // shared by the tables with its dictionary
  // One bit per block: its checksum has been verified.
  std::unique_ptr<std::atomic<uint64_t>[]> verified_;
  // The block index, kept from the file's opening, when it is read whole to be checked: the
  // offset of every 64th block, each block's offset past it (4 bytes, where a whole offset
  // takes 8), and the checksums in 32-bit words. A first touch then reads no mapped page, so it
  // needs no system call to see that the file is still whole (a third of its time).
  std::vector<uint64_t> group_offsets_;
  std::vector<uint32_t> offsets_in_group_;
  std::vector<uint32_t> checksum_words_;
};

// All values of a table file, in PositionIndex order (every checksum verified, the blocks'
// on `threads` threads, 0: OpenMP's default; a damaged file names its lowest bad block). When
// `expected` is given the file must hold that class. Throws TableError.
std::vector<uint16_t> read_table(const std::filesystem::path& path,
                                 std::optional<MaterialClass> expected = std::nullopt,
                                 int threads = 1);

// Full check of one file: header, every block checksum, the body checksum, that each block
// decompresses to its size, that the class and entry count agree with PositionIndex and, when
// the file name is a class name, that it is this class. std::nullopt if good, else the problem
// ("<file>: <problem>").
std::optional<std::string> check_table(const std::filesystem::path& path);

// Full check of a class of a directory: its own file by check_table(), or, when it has no file,
// its colour twin's file, which must derive it (format 3). std::nullopt when the directory
// answers for the class with tables that pass; else the problem ("<file>: <problem>").
std::optional<std::string> check_class(const std::filesystem::path& dir, MaterialClass mc);

}  // namespace ewn
