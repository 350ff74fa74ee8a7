// Regression tests for table files that are valid by their checksums but odd: found by review
// and by fuzzing (fuzz/fuzz_table.cpp).
#include <sys/resource.h>
#include <xxhash.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "block_codec.h"
#include "file_bytes.h"
#include "index.h"
#include "table_file.h"
#include "table_format.h"
#include "table_writer.h"
#include "temp_dir.h"

using namespace ewn;

namespace {

long peak_rss_kb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

// A block of class 1v1 (283 entries) from a fuzzer's damaged file: one zstd frame without magic
// number whose compressed block leaves bits of its sequences unread. zstd refuses it ("Data
// corruption detected"), except (up to zstd 1.5.5) its prefetching decoder, which the reader once
// used or not depending on what the thread had decoded before.
constexpr uint8_t kUnreadSequenceBits[] = {
    0x60, 0x36, 0x01, 0x05, 0x03, 0x00, 0x64, 0x05, 0x00, 0x00, 0x65, 0x02, 0xca, 0x04, 0x2f,
    0x07, 0x94, 0x09, 0xf9, 0x0b, 0x5e, 0x0e, 0xc3, 0x10, 0x28, 0x13, 0x8d, 0x15, 0xf2, 0x17,
    0x57, 0x1a, 0xbc, 0x1c, 0x21, 0x1f, 0x86, 0x21, 0xeb, 0x23, 0x50, 0x26, 0xb5, 0x28, 0x1a,
    0x2b, 0x7f, 0x2d, 0xe4, 0x2f, 0x49, 0x32, 0xae, 0x34, 0x13, 0x37, 0x78, 0x39, 0xdd, 0x3b,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xd6, 0x47, 0x3b, 0x4a, 0xa0, 0x4c, 0x05,
    0x4f, 0x6a, 0x51, 0xcf, 0x53, 0x34, 0x56, 0x99, 0x58, 0xfe, 0x5a, 0x63, 0x5d, 0xc8, 0x5f,
    0xc8, 0x5f, 0xc8, 0x5f, 0x28, 0x64, 0x02, 0xe0, 0x2b, 0x09, 0x74, 0x2b,
};

// `values` as zstd stores incompressible data: one frame without magic number holding one raw
// block. It decodes without reaching zstd's decoder of sequences.
std::vector<uint8_t> raw_frame(const std::vector<uint16_t>& values) {
  size_t bytes = 2 * values.size();
  REQUIRE(bytes >= 256);
  REQUIRE(bytes < 65536 + 256);
  // Single segment, a 2-byte content size (stored minus 256); the last block, raw, of `bytes`.
  std::vector<uint8_t> f = {0x60, uint8_t(bytes - 256), uint8_t((bytes - 256) >> 8)};
  uint32_t block = uint32_t(bytes) << 3 | 1;
  for (int i = 0; i < 3; ++i) f.push_back(uint8_t(block >> (8 * i)));
  for (uint16_t v : values) {
    f.push_back(uint8_t(v));
    f.push_back(uint8_t(v >> 8));
  }
  return f;
}

// A table of one block with that block replaced by `frame` and every checksum made right again,
// as a writer bug or a forged file could make it: only decoding the block can tell.
std::vector<uint8_t> with_block(const std::vector<uint8_t>& file, std::span<const uint8_t> frame) {
  TableHeader h = parse_header("with_block", file.data(), file.size());
  REQUIRE(h.block_count == 1);
  uint64_t begin = kHeaderBytes + h.dictionary_bytes, end = begin + frame.size();
  std::vector<uint8_t> out(file.begin(), file.begin() + long(begin));
  out.insert(out.end(), frame.begin(), frame.end());
  auto put = [&](uint64_t x, unsigned bytes) {
    for (unsigned i = 0; i < bytes; ++i) out.push_back(uint8_t(x >> (8 * i)));
  };
  h.offsets_offset = out.size();
  put(begin, 8);
  put(end, 8);
  h.checksums_offset = out.size();
  put(block_checksum_of(h.format_version, frame.data(), frame.size()),
      block_checksum_bytes(h.format_version));
  h.file_bytes = out.size();
  h.metadata_checksum = XXH64(out.data() + h.offsets_offset, out.size() - h.offsets_offset, 0);
  h.body_checksum = XXH64(out.data() + kHeaderBytes, out.size() - kHeaderBytes, 0);
  serialize_header(h, out.data());
  return out;
}

// f() on a thread of its own: the zstd contexts are per thread, and a new thread's are new.
template <class F>
auto on_new_thread(F f) {
  decltype(f()) result;
  std::thread([&] { result = f(); }).join();
  return result;
}

}  // namespace

TEST_CASE("table files: a huge declared block size costs no memory beyond the entries",
          "[robustness]") {
  // One block of up to 2^31 - 1 entries is a legal layout for any class; the full check once
  // sized its buffer by the declared block size (4 GiB here) instead of the entries present.
  test::TempDir dir("huge-block");
  MaterialClass mc{1, 1};
  std::vector<uint16_t> values(PositionIndex(mc).size());
  for (size_t i = 0; i < values.size(); ++i) values[i] = uint16_t(i * 31);
  WriteOptions options;
  options.block_entries = 0x7fffffff;
  auto path = dir.path() / table_file_name(mc);
  write_table(path, mc, values, options);

  long before = peak_rss_kb();
  CHECK_FALSE(check_table(path));
  CHECK(read_table(path, mc) == values);
  CHECK(peak_rss_kb() - before < 256 * 1024);
}

TEST_CASE("table files: a table truncated while mapped is an error naming it, not SIGBUS",
          "[robustness]") {
  test::TempDir dir("truncated-in-use");
  MaterialClass mc{3, 1};  // 12v1: several blocks
  std::vector<uint16_t> values(PositionIndex(mc).size());
  for (size_t i = 0; i < values.size(); ++i) values[i] = uint16_t(i * 7919);
  WriteOptions options;
  options.block_entries = 256;
  auto path = dir.path() / table_file_name(mc);
  write_table(path, mc, values, options);
  TableFile file(path, mc);
  REQUIRE(file.block_count() > 2);
  std::vector<uint16_t> block(file.block_entries());
  file.read_block(0, block.data());

  // Cut in place (the same file, as `truncate` or a copy over it does): its later pages are gone.
  std::filesystem::resize_file(path, 100);
  CHECK_THROWS_WITH(file.read_block(file.block_count() - 1, block.data()),
                    path.string() + ": truncated to 100 bytes while in use (" +
                        std::to_string(file.file_bytes()) + " when opened)");
  CHECK_THROWS_AS(file.verify_body(), TableError);
  CHECK(check_table(path).has_value());

  // Replaced by rename (as ewn gen writes): the mapped file stays whole and reads on.
  auto fresh = dir.path() / "fresh.ewt", other = dir.path() / "other.ewt";
  write_table(fresh, mc, values, options);
  TableFile mapped(fresh, mc);
  MaterialClass small{1, 1};
  write_table(other, small, std::vector<uint16_t>(PositionIndex(small).size()));
  std::filesystem::rename(other, fresh);
  CHECK_NOTHROW(mapped.read_block(mapped.block_count() - 1, block.data()));
  CHECK_FALSE(mapped.verify_body());
}

TEST_CASE("block decoders: whether a block decodes does not depend on the blocks decoded before",
          "[robustness]") {
  // zstd marks a context "cold" when it begins a frame with a dictionary it did not use last,
  // until a compressed block with sequences clears the mark; a cold context took a laxer decoder.
  std::vector<uint8_t> dictionary(64);
  for (size_t i = 0; i < dictionary.size(); ++i) dictionary[i] = uint8_t(i * 7 + 3);
  std::vector<uint16_t> values(283);
  for (size_t i = 0; i < values.size(); ++i) values[i] = uint16_t(i * 40503);
  std::vector<uint8_t> raw = raw_frame(values);
  const uint8_t reserved_block[] = {0x60, 0x36, 0x01, 0x07, 0x00, 0x00};  // block type 3

  // What decoding says, in words.
  auto outcome = [&](const BlockDecoder& decoder, std::span<const uint8_t> frame) {
    std::vector<uint16_t> out(values.size());
    std::optional<std::string> problem = decoder.decode(frame, out.data(), out.size());
    if (problem) return *problem;
    return out == values ? std::string("decoded") : std::string("decoded to other values");
  };

  // Without a dictionary: refused on a fresh thread, and still after a dictionary's raw block
  // (which decodes without clearing the mark) and after a block with another dictionary that
  // fails before its sequences.
  auto seen = on_new_thread([&] {
    BlockDecoder none({}), with(dictionary), other(std::span(dictionary.data(), 32));
    return std::vector<std::string>{
        outcome(none, kUnreadSequenceBits), outcome(with, raw), outcome(none, kUnreadSequenceBits),
        outcome(other, reserved_block), outcome(none, kUnreadSequenceBits)};
  });
  const std::string refused = "zstd: Data corruption detected";
  CHECK(seen == std::vector<std::string>{refused, "decoded", refused, refused, refused});

  // With a dictionary: the same outcome the first time a thread uses it and the next.
  seen = on_new_thread([&] {
    BlockDecoder with(dictionary);
    std::string first = outcome(with, kUnreadSequenceBits);
    return std::vector<std::string>{first, outcome(with, kUnreadSequenceBits)};
  });
  CHECK(seen == std::vector<std::string>{refused, refused});
}

TEST_CASE("table files: the full check and read_table agree whatever was decoded before",
          "[robustness]") {
  // Found by fuzzing: after a table with a dictionary whose block is stored raw, the full check
  // passed a damaged table (no dictionary) that read_table then refused.
  test::TempDir dir("unread-sequence-bits");
  MaterialClass mc{1, 1};
  std::vector<uint16_t> values(PositionIndex(mc).size());
  for (size_t i = 0; i < values.size(); ++i) values[i] = uint16_t(i * 40503);
  std::filesystem::create_directories(dir.path() / "raw");
  std::filesystem::create_directories(dir.path() / "damaged");
  auto raw = dir.path() / "raw" / table_file_name(mc);
  auto damaged = dir.path() / "damaged" / table_file_name(mc);
  std::vector<uint8_t> dictionary(64);
  for (size_t i = 0; i < dictionary.size(); ++i) dictionary[i] = uint8_t(i * 7 + 3);
  WriteOptions with_dictionary;
  with_dictionary.dictionary = dictionary;
  write_table(raw, mc, values, with_dictionary);
  test::write_bytes(raw, with_block(test::read_bytes(raw), raw_frame(values)));
  WriteOptions without;
  without.dictionary = std::span<const uint8_t>();
  write_table(damaged, mc, values, without);
  test::write_bytes(damaged, with_block(test::read_bytes(damaged), kUnreadSequenceBits));

  // What each says, in words.
  auto checked = [](const std::filesystem::path& path) {
    return check_table(path).value_or("good");
  };
  auto read = [](const std::filesystem::path& path) -> std::string {
    try {
      read_table(path);
      return "read";
    } catch (const TableError& e) {
      return e.what();
    }
  };
  auto seen = on_new_thread([&] {
    return std::vector<std::string>{checked(raw), checked(damaged), read(damaged),
                                    read(raw),    read(damaged),    checked(damaged)};
  });
  const std::string refused =
      damaged.string() + ": corrupt block 0 (entries 0..282): zstd: Data corruption detected";
  CHECK(seen == std::vector<std::string>{"good", refused, refused, "read", refused, refused});
}
