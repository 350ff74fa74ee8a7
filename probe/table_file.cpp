#include "table_file.h"

#include <omp.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <span>
#include <vector>

#include "block_codec.h"
#include "index.h"

namespace ewn {

namespace {

uint64_t load_u64(const uint8_t* p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= uint64_t(p[i]) << (8 * i);
  return v;
}
uint32_t load_u32(const uint8_t* p) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= uint32_t(p[i]) << (8 * i);
  return v;
}

std::string class_or_code(MaterialClass mc) {
  if (mc.mover == 0 || mc.opponent == 0 || mc.mover >= 64 || mc.opponent >= 64)
    return "masks " + std::to_string(mc.mover) + "/" + std::to_string(mc.opponent);
  return mc.name();
}

// The file mapped, or TableError in the words of table errors.
MappedFile map_table(const std::filesystem::path& path) {
  try {
    return MappedFile(path, /*keep_open=*/true);
  } catch (const MapError& e) {
    // Missing, and not as the target of a dangling link (whose words say so).
    std::error_code ec;
    bool missing = e.kind() == ErrorKind::Missing && !std::filesystem::is_symlink(path, ec);
    throw TableError(path, missing ? "missing table file" : e.problem(), e.kind());
  }
}

}  // namespace

TableFile::TableFile(const std::filesystem::path& path, std::optional<MaterialClass> expected)
    : path_(path), map_(map_table(path)) {
  map_.advise_random();
  header_ = parse_header(path, map_.data(), map_.size());
  if (expected && header_.material != *expected)
    throw TableError(path, "holds class " + class_or_code(header_.material) + ", expected " +
                               expected->name() + " (a renamed file?)");
  validate_layout();
  load_block_index();
  PositionIndex index(header_.material);
  if (header_.digit_count == 0)
    order_.emplace(index);
  else
    order_.emplace(index,
                   std::span<const uint8_t>(header_.digit_order.data(), header_.digit_count));
  try {
    decoder_ = BlockDecoder::shared(
        std::span<const uint8_t>(map_.data() + kHeaderBytes, header_.dictionary_bytes),
        frames_have_magic(header_.format_version));
  } catch (const std::exception& e) {
    throw TableError(path, std::string("corrupt dictionary (") + e.what() + ")");
  }
  size_t words = size_t((header_.block_count + 63) / 64);
  verified_ = std::make_unique<std::atomic<uint64_t>[]>(words);
  for (size_t w = 0; w < words; ++w) verified_[w].store(0, std::memory_order_relaxed);
}

void TableFile::validate_layout() const {
  const TableHeader& h = header_;
  auto fail = [&](const std::string& what) { throw TableError(path_, what); };
  const uint64_t size = map_.size();
  if (h.file_bytes != size) {
    if (size < h.file_bytes)
      fail("truncated: " + std::to_string(size) + " bytes, the header says " +
           std::to_string(h.file_bytes));
    fail(std::to_string(size - h.file_bytes) + " unexpected bytes after the end of the table");
  }
  MaterialClass mc = h.material;
  auto parsed = parse_material_class(class_or_code(mc));
  if (!parsed || *parsed != mc) fail("corrupt header (" + class_or_code(mc) + " is not a class)");
  if (h.derives_twin && mc.flipped() == mc)
    fail("corrupt header (derives its colour twin, but " + mc.name() + " is its own twin)");
  if (h.index_scheme != kIndexScheme)
    fail("index scheme " + std::to_string(h.index_scheme) + ", this program uses " +
         std::to_string(kIndexScheme) + " (regenerate the table)");
  if (h.encoding != ValueEncoding::Fixed16)
    fail("value encoding " + std::to_string(int(h.encoding)) + " is not supported");
  if (h.filter != BlockFilter::None)
    fail("block filter " + std::to_string(int(h.filter)) + " is not supported");
  if (h.compressor != Compressor::Zstd)
    fail("compressor " + std::to_string(int(h.compressor)) + " is not supported");
  PositionIndex index(mc);
  if (h.entry_count != index.size())
    fail("holds " + std::to_string(h.entry_count) + " entries, class " + mc.name() + " has " +
         std::to_string(index.size()));
  if (h.digit_count > h.digit_order.size()) fail("corrupt header (digit count)");
  // No digits listed: PositionIndex order.
  if (h.digit_count > 0)
    if (auto problem = EntryOrder::check(index, {h.digit_order.data(), h.digit_count}))
      fail("corrupt header (" + *problem + ")");
  if (h.block_entries == 0) fail("corrupt header (block size 0)");
  if (h.block_count != block_count_for(h.entry_count, h.block_entries))
    fail("corrupt header (block count does not match the entry count)");
  // Offsets and checksums sit at the end of the file, in that order.
  const uint64_t checksum_bytes = block_checksum_bytes(h.format_version);
  if (h.checksums_offset > h.file_bytes ||
      h.file_bytes - h.checksums_offset != checksum_bytes * h.block_count ||
      h.offsets_offset > h.checksums_offset ||
      h.checksums_offset - h.offsets_offset != 8 * (h.block_count + 1) ||
      h.offsets_offset < kHeaderBytes)
    fail("corrupt header (block index out of place)");
  if (XXH64(map_.data() + h.offsets_offset, h.file_bytes - h.offsets_offset, 0) !=
      h.metadata_checksum)
    fail("corrupt block index (checksum mismatch)");
  // The dictionary sits between the header and the first block (version 1 has none).
  if (h.dictionary_bytes > h.offsets_offset - kHeaderBytes ||
      (h.format_version == 1 && (h.dictionary_bytes != 0 || h.dictionary_checksum != 0)))
    fail("corrupt header (dictionary out of place)");
  // Every block depends on the dictionary: it is checked once, here (version 1 leaves the
  // fields 0).
  if (h.format_version > 1 &&
      XXH64(map_.data() + kHeaderBytes, h.dictionary_bytes, 0) != h.dictionary_checksum)
    fail("corrupt dictionary (checksum mismatch)");
}

void TableFile::load_block_index() {
  const TableHeader& h = header_;
  auto fail = [&](const std::string& what) { throw TableError(path_, what); };
  const uint8_t* offsets = map_.data() + h.offsets_offset;
  group_offsets_.resize(size_t(h.block_count / 64 + 1));
  offsets_in_group_.resize(size_t(h.block_count + 1));  // the end of the last block too
  uint64_t previous = kHeaderBytes + h.dictionary_bytes;
  if (load_u64(offsets) != previous) fail("corrupt block index (first block misplaced)");
  for (uint64_t b = 0; b <= h.block_count; ++b) {
    const uint64_t at = load_u64(offsets + 8 * b);
    if (b > 0 && (at <= previous || at > h.offsets_offset))
      fail("corrupt block index (block " + std::to_string(b) + " misplaced)");
    if (b % 64 == 0) group_offsets_[b / 64] = at;
    const uint64_t in_group = at - group_offsets_[b / 64];
    if (in_group > UINT32_MAX)
      fail("corrupt block index (blocks " + std::to_string(b / 64 * 64) + ".." + std::to_string(b) +
           " span more than 4 GiB)");
    offsets_in_group_[b] = uint32_t(in_group);
    previous = at;
  }
  if (previous != h.offsets_offset) fail("corrupt block index (data size)");
  const uint8_t* checksums = map_.data() + h.checksums_offset;
  checksum_words_.resize(size_t(h.block_count * block_checksum_bytes(h.format_version) / 4));
  for (size_t w = 0; w < checksum_words_.size(); ++w)
    checksum_words_[w] = load_u32(checksums + 4 * w);
}

uint64_t TableFile::block_offset(uint64_t block) const {
  return group_offsets_[block / 64] + offsets_in_group_[block];
}
uint64_t TableFile::block_checksum(uint64_t block) const {
  // Little-endian in the file: an 8-byte checksum is its low word, then its high word.
  if (block_checksum_bytes(header_.format_version) == 8)
    return uint64_t(checksum_words_[2 * block + 1]) << 32 | checksum_words_[2 * block];
  return checksum_words_[block];
}
bool TableFile::checksum_matches(uint64_t block, std::span<const uint8_t> data) const {
  return block_checksum_of(header_.format_version, data.data(), data.size()) ==
         block_checksum(block);
}

size_t TableFile::block_size(uint64_t block) const {
  return entries_in_block(header_.entry_count, header_.block_entries, block);
}

void TableFile::check_not_truncated() const {
  // The open file is the mapped one, whatever its name now is: a file replaced by rename (as ewn
  // gen does) leaves it intact; only the same file made shorter takes pages away from the
  // mapping. fstat of the open file costs a third of a stat by name.
  struct stat st {};
  if (::fstat(map_.fd(), &st) != 0 || uint64_t(st.st_size) >= map_.size()) return;
  throw TableError(path_, "truncated to " + std::to_string(st.st_size) + " bytes while in use (" +
                              std::to_string(map_.size()) + " when opened)");
}

std::span<const uint8_t> TableFile::block_data(uint64_t block) const {
  uint64_t begin = block_offset(block), end = block_offset(block + 1);
  return {map_.data() + begin, end - begin};
}

std::string TableFile::block_name(uint64_t block) const {
  uint64_t first = block * header_.block_entries;
  return "block " + std::to_string(block) + " (entries " + std::to_string(first) + ".." +
         std::to_string(first + block_size(block) - 1) + ")";
}

void TableFile::decode_block(uint64_t block, std::span<const uint8_t> data, uint16_t* out) const {
  if (auto problem = decoder_->decode(data, out, block_size(block)))
    throw TableError(path_, "corrupt " + block_name(block) + ": " + *problem);
}

void TableFile::read_block(uint64_t block, uint16_t* out) const {
  // The block index is in memory (load_block_index), the block itself is read with pread: a random
  // probe would otherwise take a page fault for almost every block, which costs twice the read
  // (docs/BENCHMARKS.md, "Fast random probes").
  uint64_t begin = block_offset(block), end = block_offset(block + 1);
  thread_local std::vector<uint8_t> buffer;
  buffer.resize(end - begin);
  for (size_t done = 0; done < buffer.size();) {
    ssize_t n = ::pread(map_.fd(), buffer.data() + done, buffer.size() - done, off_t(begin + done));
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) check_not_truncated();  // says by how much
    if (n <= 0)
      throw TableError(path_, "cannot read " + block_name(block) + ": " +
                                  (n < 0 ? std::strerror(errno) : "the file is shorter"));
    done += size_t(n);
  }
  std::atomic<uint64_t>& word = verified_[block / 64];
  uint64_t bit = uint64_t(1) << (block % 64);
  if (!(word.load(std::memory_order_acquire) & bit)) {
    if (!checksum_matches(block, buffer))
      throw TableError(path_, "corrupt " + block_name(block) + " (checksum mismatch)");
    // Set only once the block also decodes: a block that passes its checksum but does not
    // decompress stays unverified and fails every time.
    decode_block(block, buffer, out);
    word.fetch_or(bit, std::memory_order_release);
    return;
  }
  decode_block(block, buffer, out);
}

std::optional<std::string> TableFile::verify_all() const {
  // Blocks first: a damaged block is named more precisely than by the body checksum. They are
  // checked in parallel (the generator checks every table it writes), and the lowest bad one
  // is named, as a check in file order would.
  uint64_t bad_block = UINT64_MAX;
  std::string bad;
#pragma omp parallel
  {
    // No block holds more than the entry count, whatever block size the header declares.
    std::vector<uint16_t> values(std::min<uint64_t>(header_.block_entries, header_.entry_count));
#pragma omp for schedule(dynamic, 8)
    for (int64_t b = 0; b < int64_t(header_.block_count); ++b) {
      std::string problem;
      try {
        check_not_truncated();
        std::span<const uint8_t> data = block_data(uint64_t(b));
        if (!checksum_matches(uint64_t(b), data))
          problem = "corrupt " + block_name(uint64_t(b)) + " (checksum mismatch)";
        else
          decode_block(uint64_t(b), data, values.data());
      } catch (const TableError& e) {
        problem = e.problem();
      }
      if (!problem.empty()) {
#pragma omp critical(ewn_verify_table)
        if (uint64_t(b) < bad_block) {
          bad_block = uint64_t(b);
          bad = problem;
        }
      }
    }
  }
  if (!bad.empty()) return bad;
  return verify_body();
}

std::optional<std::string> TableFile::verify_body() const {
  check_not_truncated();
  if (XXH64(map_.data() + kHeaderBytes, map_.size() - kHeaderBytes, 0) != header_.body_checksum)
    return "corrupt file (whole-file checksum mismatch)";
  return std::nullopt;
}

std::vector<uint16_t> read_table(const std::filesystem::path& path,
                                 std::optional<MaterialClass> expected, int threads) {
  TableFile file(path, expected);
  std::vector<uint16_t> stored(file.entry_count());
  // Every block's checksum is checked as it is decompressed; the lowest bad block is named.
  int team = threads > 0 ? threads : omp_get_max_threads();
  uint64_t bad_block = UINT64_MAX;
  std::string bad;
#pragma omp parallel for schedule(dynamic, 8) num_threads(team)
  for (int64_t b = 0; b < int64_t(file.block_count()); ++b) {
    try {
      file.read_block(uint64_t(b), stored.data() + uint64_t(b) * file.block_entries());
    } catch (const TableError& e) {
#pragma omp critical(ewn_read_table)
      if (uint64_t(b) < bad_block) {
        bad_block = uint64_t(b);
        bad = e.problem();
      }
    }
  }
  if (!bad.empty()) throw TableError(path, bad);
  if (auto problem = file.verify_body()) throw TableError(path, *problem);
  // Blocks hold the entries in the table's own order.
  if (file.order().is_identity()) return stored;
  std::vector<uint16_t> values(stored.size());
  for (uint64_t p = 0; p < stored.size(); ++p) values[file.order().index_at(p)] = stored[p];
  return values;
}

std::optional<std::string> check_table(const std::filesystem::path& path) {
  try {
    std::optional<MaterialClass> expected;
    if (path.extension() == kTableExtension) expected = parse_material_class(path.stem().string());
    TableFile file(path, expected);
    if (auto problem = file.verify_all()) return path.string() + ": " + *problem;
    return std::nullopt;
  } catch (const TableError& e) {
    return std::string(e.what());
  } catch (const std::exception& e) {
    return path.string() + ": " + e.what();
  }
}

}  // namespace ewn

namespace ewn {

std::optional<std::string> check_class(const std::filesystem::path& dir, MaterialClass mc) {
  const std::filesystem::path own = dir / table_file_name(mc);
  std::error_code ec;
  const MaterialClass twin = mc.flipped();
  if (twin == mc ||
      std::filesystem::symlink_status(own, ec).type() != std::filesystem::file_type::not_found)
    return check_table(own);
  const std::filesystem::path other = dir / table_file_name(twin);
  try {
    if (!TableFile(other, twin).header().derives_twin) return check_table(own);  // "missing"
  } catch (const TableError&) {
    return check_table(own);
  }
  return check_table(other);
}

}  // namespace ewn
