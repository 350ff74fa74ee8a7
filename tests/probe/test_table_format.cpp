// The table file format: values survive writer -> file -> reader, damage is always detected.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <xxhash.h>
// zstd's frame header of magicless frames (ZSTD_getFrameHeader_advanced).
#define ZSTD_STATIC_LINKING_ONLY
#include <zstd.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <span>

#include "block_codec.h"
#include "entry_order.h"
#include "exact_file.h"
#include "file_bytes.h"
#include "generated_set.h"
#include "index.h"
#include "probe_fixtures.h"
#include "read_entries.h"
#include "standard_dictionary.h"
#include "table_file.h"
#include "table_format.h"
#include "table_writer.h"

using namespace ewn;
using namespace ewn::test;

namespace {

// Values shaped like real tables: runs of repeated values, steps, and noise.
std::vector<uint16_t> synthetic_values(MaterialClass mc, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<uint16_t> v(PositionIndex(mc).size());
  uint16_t x = 0;
  for (size_t i = 0; i < v.size(); ++i) {
    switch (rng() % 4) {
      case 0:
        x = uint16_t(rng());
        break;
      case 1:
        x = uint16_t(x + rng() % 16);
        break;
      default:
        break;
    }
    v[i] = x;
  }
  return v;
}

// The entries a probe reads agree (the others hold filler, see read_entries.h); also counts
// them.
size_t read_entries_equal(MaterialClass mc, const std::vector<uint16_t>& a,
                          const std::vector<uint16_t>& b) {
  REQUIRE(a.size() == b.size());
  PositionIndex index(mc);
  size_t read = 0;
  for (uint64_t i = 0; i < index.size(); ++i)
    if (entry_is_read(index, i)) {
      if (a[i] != b[i]) return 0;
      ++read;
    }
  return read;
}

// Every order of `digits` digits, built by appending unused digits (no swapping).
std::vector<std::vector<uint8_t>> all_orders(int digits) {
  std::vector<std::vector<uint8_t>> out = {{}};
  for (int length = 0; length < digits; ++length) {
    std::vector<std::vector<uint8_t>> longer;
    for (const auto& prefix : out)
      for (int d = 0; d < digits; ++d)
        if (std::find(prefix.begin(), prefix.end(), uint8_t(d)) == prefix.end()) {
          longer.push_back(prefix);
          longer.back().push_back(uint8_t(d));
        }
    out = std::move(longer);
  }
  return out;
}

// Re-signs a header after editing it, so that only the edited field is wrong.
void patch_u32_and_resign(std::vector<uint8_t>& bytes, size_t at, uint32_t value) {
  TableHeader h = parse_header("patch", bytes.data(), bytes.size());
  if (at == table_header::kAtVersion) h.format_version = value;
  if (at == table_header::kAtIndexScheme) h.index_scheme = value;
  serialize_header(h, bytes.data());
}

uint64_t load_u64_le(const uint8_t* p) {
  uint64_t x = 0;
  for (int i = 7; i >= 0; --i) x = (x << 8) | p[i];
  return x;
}

// The same table in format version 1, as ewn wrote it before version 2: each block a zstd frame
// with its magic number, XXH64 block checksums, no dictionary (the file must have none).
std::vector<uint8_t> as_version_1(const std::vector<uint8_t>& v2) {
  TableHeader h = parse_header("v2", v2.data(), v2.size());
  REQUIRE(h.format_version == 2);
  REQUIRE(h.dictionary_bytes == 0);
  auto put_u64 = [](std::vector<uint8_t>& out, uint64_t x) {
    for (int i = 0; i < 8; ++i) out.push_back(uint8_t(x >> (8 * i)));
  };
  const uint8_t magic[4] = {0x28, 0xB5, 0x2F, 0xFD};  // ZSTD_MAGICNUMBER, little-endian
  std::vector<uint8_t> out(v2.begin(), v2.begin() + kHeaderBytes), offsets, checksums;
  for (uint64_t b = 0; b < h.block_count; ++b) {
    uint64_t begin = load_u64_le(v2.data() + h.offsets_offset + 8 * b);
    uint64_t end = load_u64_le(v2.data() + h.offsets_offset + 8 * b + 8);
    put_u64(offsets, out.size());
    size_t start = out.size();
    out.insert(out.end(), magic, magic + 4);
    out.insert(out.end(), v2.begin() + long(begin), v2.begin() + long(end));
    put_u64(checksums, block_checksum_of(1, out.data() + start, out.size() - start));
  }
  put_u64(offsets, out.size());
  h.format_version = 1;
  h.dictionary_checksum = 0;
  h.offsets_offset = out.size();
  h.checksums_offset = out.size() + offsets.size();
  out.insert(out.end(), offsets.begin(), offsets.end());
  out.insert(out.end(), checksums.begin(), checksums.end());
  h.file_bytes = out.size();
  h.metadata_checksum = XXH64(out.data() + h.offsets_offset, out.size() - h.offsets_offset, 0);
  h.body_checksum = XXH64(out.data() + kHeaderBytes, out.size() - kHeaderBytes, 0);
  serialize_header(h, out.data());
  return out;
}

bool mentions(const std::optional<std::string>& message, const std::string& what) {
  return message && message->find(what) != std::string::npos;
}

}  // namespace

TEST_CASE("table files: every value the generator makes for <= 4 pieces survives a round trip") {
  // The generator keeps its unrounded values (.ewx) beside the tables: round them as the
  // tables store them, and compare every entry with what the reader returns. Format 2, where
  // every class has its file (format 3's stored classes hold the same bytes: test_format3).
  const auto& dir = generated_set(4, 2);
  uint64_t checked = 0;
  for (int n = 2; n <= 4; ++n)
    for (MaterialClass mc : material_classes(n)) {
      INFO(mc.name());
      auto path = dir / table_file_name(mc);
      REQUIRE_FALSE(check_table(path));
      ExactFile exact(dir / exact_file_name(mc), mc, true);
      auto stored = read_table(path, mc);
      REQUIRE(stored.size() == exact.size());
      PositionIndex index(mc);
      SquareList sq{};
      size_t wrong = 0, twins_differ = 0;
      for (uint64_t i = 0; i < index.size(); ++i) {
        if (!index.unrank(i, sq)) continue;
        ++checked;
        uint64_t read = canonical_key(position_from_squares(mc, sq)).index;
        if (read == i)
          wrong += stored[i] != encode_value(exact.values()[i]);
        else
          twins_differ += std::abs(exact.values()[i] - exact.values()[read]) > 1e-12;
      }
      REQUIRE(wrong == 0);
      REQUIRE(twins_differ == 0);
    }
  // Every canonical position with 2, 3 or 4 pieces was checked, directly or through its twin.
  CHECK(checked == 283 + 109980 + 12978228);
}

TEST_CASE("table files: reference values of <= 3 pieces round trip with the default options") {
  auto& ref = ReferenceTables::get();
  for (auto& [mc, values] : ref.values) {
    auto path = ref.dir.path() / table_file_name(mc);
    INFO(mc.name());
    REQUIRE_FALSE(check_table(path));
    TableFile file(path, mc);
    CHECK(file.header().block_entries == default_block_entries(mc.piece_count()));
    CHECK(file.header().dictionary_bytes == 0);
    CHECK(file.header().index_scheme == kIndexScheme);
    REQUIRE(read_entries_equal(mc, read_table(path), values) > 0);
  }
}

TEST_CASE("table files: any block size round trips, including a short last block") {
  TempDir dir("probe-blocks");
  MaterialClass mc = *parse_material_class("1v12");
  auto values = synthetic_values(mc, 7);
  for (uint32_t block : {1u, 7u, 1000u, uint32_t(values.size()), uint32_t(values.size() + 5)}) {
    WriteOptions opt;
    opt.block_entries = block;
    opt.zstd_level = 3;
    auto path = dir.path() / table_file_name(mc);
    write_table(path, mc, values, opt);
    INFO(block);
    REQUIRE_FALSE(check_table(path));
    TableFile file(path, mc);
    CHECK(file.block_count() == (values.size() + block - 1) / block);
    REQUIRE(read_entries_equal(mc, read_table(path), values) > 0);
  }
}

TEST_CASE("table files: a flipped bit anywhere is detected and never gives a wrong value") {
  TempDir dir("probe-flip");
  MaterialClass mc = *parse_material_class("12v1");
  auto values = ReferenceTables::get().values.at(mc);
  WriteOptions opt;
  opt.block_entries = 1024;  // several blocks
  auto path = dir.path() / table_file_name(mc);
  write_table(path, mc, values, opt);
  REQUIRE(read_entries_equal(mc, read_table(path), values) > 0);
  // The intact file's blocks, in file order and with filler: what every readable block must hold.
  std::vector<uint16_t> stored(values.size());
  {
    TableFile file(path, mc);
    for (uint64_t b = 0; b < file.block_count(); ++b)
      file.read_block(b, stored.data() + b * file.block_entries());
  }
  const auto good = read_bytes(path);
  REQUIRE(good.size() > kHeaderBytes + 100);
  int open_errors = 0, block_errors = 0;
  for (size_t at = 0; at < good.size(); ++at) {
    auto bad = good;
    bad[at] ^= uint8_t(1u << (at % 8));
    write_bytes(path, bad);
    INFO("byte " << at);
    auto problem = check_table(path);
    REQUIRE(problem);
    CHECK(problem->rfind(path.string() + ": ", 0) == 0);
    // The reader either refuses or returns exactly the written values.
    try {
      TableFile file(path, mc);
      std::vector<uint16_t> block(file.block_entries());
      for (uint64_t b = 0; b < file.block_count(); ++b) {
        try {
          file.read_block(b, block.data());
        } catch (const TableError& e) {
          ++block_errors;
          CHECK(e.file() == path);
          continue;
        }
        auto first = stored.begin() + long(b * file.block_entries());
        REQUIRE(std::equal(first, first + long(file.block_size(b)), block.begin()));
      }
    } catch (const TableError& e) {
      ++open_errors;
      CHECK(e.file() == path);
    }
  }
  CHECK(open_errors > 0);
  CHECK(block_errors > 0);
}

TEST_CASE("table files: truncated, wrong magic, wrong version, wrong scheme, renamed, missing") {
  TempDir dir("probe-damage");
  MaterialClass mc = *parse_material_class("1v12");
  auto values = ReferenceTables::get().values.at(mc);
  auto path = dir.path() / table_file_name(mc);
  write_table(path, mc, values);
  const auto good = read_bytes(path);

  SECTION("truncated") {
    for (size_t size : {size_t(0), size_t(1), size_t(kHeaderBytes - 1), size_t(kHeaderBytes),
                        good.size() / 2, good.size() - 1}) {
      write_bytes(path, std::vector<uint8_t>(good.begin(), good.begin() + long(size)));
      INFO(size);
      CHECK(mentions(check_table(path), path.string() + ": truncated"));
      CHECK_THROWS_AS(TableFile(path, mc), TableError);
    }
  }
  SECTION("extra bytes") {
    auto longer = good;
    longer.push_back(0);
    write_bytes(path, longer);
    CHECK(mentions(check_table(path), "unexpected bytes"));
  }
  SECTION("wrong magic") {
    auto bad = good;
    bad[0] = 'X';
    write_bytes(path, bad);
    CHECK(mentions(check_table(path), path.string() + ": not an ewn table file"));
  }
  SECTION("newer format version") {
    auto bad = good;
    patch_u32_and_resign(bad, table_header::kAtVersion, kTableFormatVersion + 1);
    write_bytes(path, bad);
    CHECK(mentions(check_table(path), "table format version " +
                                          std::to_string(kTableFormatVersion + 1) +
                                          ", made by a newer ewn"));
  }
  SECTION("older format version: the message says how to make it again") {
    auto bad = good;
    patch_u32_and_resign(bad, table_header::kAtVersion, kOldestReadableVersion - 1);
    write_bytes(path, bad);
    auto problem = check_table(path);
    CHECK(mentions(problem, path.string() + ": table format version " +
                                std::to_string(kOldestReadableVersion - 1) +
                                ", made by an older ewn"));
    CHECK(mentions(problem, "regenerate the tables with: ewn gen --pieces 3"));
    CHECK_THROWS_WITH(TableFile(path, mc), Catch::Contains("made by an older ewn"));
  }
  SECTION("a damaged dictionary is refused when the file is opened") {
    // Every block depends on the dictionary.
    WriteOptions small;
    small.block_entries = 64;
    small.dictionary = standard_dictionary(5);
    write_table(path, mc, values, small);
    auto bytes = read_bytes(path);
    TableHeader h = parse_header(path, bytes.data(), bytes.size());
    REQUIRE(h.dictionary_bytes > 0);
    bytes[kHeaderBytes + h.dictionary_bytes / 2] ^= 0x10;
    write_bytes(path, bytes);
    CHECK(mentions(check_table(path), "corrupt dictionary"));
    CHECK_THROWS_WITH(TableFile(path, mc), Catch::Contains("corrupt dictionary"));
  }
  SECTION("other index scheme") {
    auto bad = good;
    patch_u32_and_resign(bad, table_header::kAtIndexScheme, kIndexScheme + 1);
    write_bytes(path, bad);
    CHECK(mentions(check_table(path), "index scheme"));
  }
  SECTION("a file renamed to another class") {
    auto other = dir.path() / "12v1.ewt";
    std::filesystem::rename(path, other);
    CHECK(mentions(check_table(other), other.string() + ": holds class 1v12"));
    CHECK_THROWS_AS(TableFile(other, *parse_material_class("12v1")), TableError);
  }
  SECTION("missing") {
    std::filesystem::remove(path);
    CHECK(mentions(check_table(path), path.string() + ": missing table file"));
  }
}

TEST_CASE("table files: write failures are reported with the file name") {
  MaterialClass mc = *parse_material_class("1v1");
  std::vector<uint16_t> values(PositionIndex(mc).size(), 7);
  TempDir dir("probe-write");
  auto nowhere = dir.path() / "no-such-dir" / "1v1.ewt";
  CHECK_THROWS_WITH(write_table(nowhere, mc, values), Catch::StartsWith(nowhere.string() + ": "));
  auto path = dir.path() / "1v1.ewt";
  CHECK_THROWS_WITH(write_table(path, mc, std::span(values).first(5)),
                    Catch::Contains("has " + std::to_string(values.size()) + " entries"));
  if (std::filesystem::exists("/dev/full"))
    CHECK_THROWS_WITH(write_table("/dev/full", mc, values), Catch::Contains("disk is full"));
}

TEST_CASE("entry orders: every order of every class with <= 4 pieces is a bijection") {
  for (int n = 2; n <= 4; ++n)
    for (MaterialClass mc : material_classes(n)) {
      PositionIndex index(mc);
      for (const auto& order : all_orders(n - 1)) {
        INFO(mc.name() << " order " << int(order[0]) << (n > 2 ? int(order[1]) : -1));
        REQUIRE_FALSE(EntryOrder::check(index, order));
        EntryOrder eo(index, order);
        std::vector<bool> hit(index.size());
        size_t bad = 0;
        for (uint64_t p = 0; p < index.size(); ++p) {
          uint64_t i = eo.index_at(p);
          if (i >= index.size() || hit[i] || eo.file_position(i) != p)
            ++bad;
          else
            hit[i] = true;
        }
        REQUIRE(bad == 0);
        // The writer's odometer agrees with index_at from any start, across digit carries.
        std::vector<uint64_t> run(std::min<uint64_t>(index.size(), 3000));
        for (uint64_t begin : {uint64_t(0), index.size() / 3, index.size() - run.size()}) {
          eo.indices_at(begin, run);
          for (size_t k = 0; k < run.size(); ++k) bad += run[k] != eo.index_at(begin + k);
        }
        REQUIRE(bad == 0);
      }
    }
  PositionIndex index(*parse_material_class("12v34"));
  CHECK(EntryOrder::check(index, std::vector<uint8_t>{0, 1}));
  CHECK(EntryOrder::check(index, std::vector<uint8_t>{0, 1, 1}));
  CHECK(EntryOrder::check(index, std::vector<uint8_t>{0, 1, 3}));
}

TEST_CASE("entry orders: a table in any order reads back and probes the same") {
  auto& ref = ReferenceTables::get();
  TempDir dir("probe-orders");
  MaterialClass mc = *parse_material_class("12v1");
  const auto& values = ref.values.at(mc);
  for (auto order : {std::vector<uint8_t>{0, 1}, std::vector<uint8_t>{1, 0}}) {
    WriteOptions opt;
    opt.entry_order = order;
    opt.block_entries = 1000;
    auto path = dir.path() / table_file_name(mc);
    write_table(path, mc, values, opt);
    REQUIRE_FALSE(check_table(path));
    TableFile file(path, mc);
    CHECK(std::equal(order.begin(), order.end(), file.order().order().begin()));
    REQUIRE(read_entries_equal(mc, read_table(path), values) > 0);
  }
  WriteOptions wrong;
  wrong.entry_order = {0, 0};
  CHECK_THROWS_WITH(write_table(dir.path() / "x.ewt", mc, values, wrong),
                    Catch::Contains("not a permutation"));
}

TEST_CASE("read flags: an entry is read exactly when it is its position's canonical key") {
  for (int n = 2; n <= 4; ++n)
    for (MaterialClass mc : material_classes(n)) {
      if (!has_renumber_twins(mc)) continue;
      PositionIndex index(mc);
      std::vector<uint8_t> read = read_entry_flags(index);
      uint64_t read_count = 0;
      for (uint8_t r : read) read_count += r;
      CHECK(read_count < index.canonical_count());  // the larger twins are not read
      SquareList sq{};
      for (uint64_t i = 0; i < index.size(); ++i) {
        bool expected =
            index.unrank(i, sq) && canonical_key(position_from_squares(mc, sq)).index == i;
        if (bool(read[i]) != expected) {
          INFO(mc.name() << " entry " << i);
          REQUIRE(bool(read[i]) == expected);
        }
      }
    }
}

TEST_CASE("table files: 5 pieces get blocks of 512 and the standard dictionary when it pays") {
  TempDir dir("probe-standard");
  MaterialClass mc = *parse_material_class("1234v1");
  auto values = synthetic_values(mc, 11);
  auto path = dir.path() / table_file_name(mc);
  auto write = [&](std::optional<std::span<const uint8_t>> dictionary) {
    WriteOptions opt;
    opt.dictionary = dictionary;
    write_table(path, mc, values, opt);
    return read_bytes(path);
  };
  auto with = write(standard_dictionary(5));
  auto without = write(std::span<const uint8_t>());
  auto chosen = write(std::nullopt);
  TableFile file(path, mc);
  CHECK(file.block_entries() == 512);
  CHECK(default_block_entries(4) == 8192);
  CHECK(default_block_entries(6) == 512);  // docs/FORMAT.md, "Blocks"
  // The default is one of the two, and the one it picked is the smaller here (the judgement on
  // 64 sample blocks is an estimate, but these values are alike throughout).
  CHECK((chosen == with || chosen == without));
  CHECK(chosen.size() == std::min(with.size(), without.size()));
  if (chosen == with) {
    const TableHeader& h = file.header();
    REQUIRE(h.dictionary_bytes == standard_dictionary(5).size());
    CHECK(std::equal(chosen.begin() + kHeaderBytes,
                     chosen.begin() + kHeaderBytes + h.dictionary_bytes,
                     standard_dictionary(5).begin()));
  }
  REQUIRE_FALSE(check_table(path));
  REQUIRE(read_entries_equal(mc, read_table(path), values) > 0);
  CHECK(standard_dictionary(6).size() > 0);
  CHECK(standard_dictionary(7).data() == standard_dictionary(6).data());
  CHECK(standard_dictionary(4).empty());
}

TEST_CASE("block decoders: one per dictionary, shared while in use") {
  std::vector<uint8_t> copy(standard_dictionary(5).begin(), standard_dictionary(5).end());
  auto a = BlockDecoder::shared(standard_dictionary(5));
  auto b = BlockDecoder::shared(copy);  // the same bytes elsewhere
  auto c = BlockDecoder::shared(standard_dictionary(6));
  auto none = BlockDecoder::shared({});
  CHECK(a == b);
  CHECK(a != c);
  CHECK(none != a);
  CHECK(BlockDecoder::shared({}) == none);
  // A block decodes with the decoder of its dictionary.
  std::vector<uint16_t> values(1024);
  for (size_t i = 0; i < values.size(); ++i) values[i] = uint16_t(i * i % 65536);
  auto block = BlockEncoder(standard_dictionary(6), 9).encode(values);
  std::vector<uint16_t> out(values.size());
  CHECK_FALSE(c->decode(block, out.data(), out.size()));
  CHECK(out == values);
  // Released by all, a decoder is made anew (the registry holds no strong reference to it).
  std::weak_ptr<const BlockDecoder> gone = c;
  c.reset();
  CHECK(gone.expired());
  auto again = BlockDecoder::shared(standard_dictionary(6));
  CHECK(again->decode(block, out.data(), out.size()) == std::nullopt);
}

namespace {

// The literals section's type in a one-block zstd frame: 0 raw, 1 RLE, 2 Huffman with its own
// tree, 3 Huffman with the previous (the dictionary's) tree; -1 when the block has no literals
// section (stored raw or as one repeated byte).
int literals_type(std::span<const uint8_t> frame, ZSTD_format_e format) {
  ZSTD_frameHeader header;
  REQUIRE(ZSTD_getFrameHeader_advanced(&header, frame.data(), frame.size(), format) == 0);
  const uint8_t* block = frame.data() + header.headerSize;
  const int block_type = (block[0] >> 1) & 3;
  if (block_type != 2) return -1;
  return block[3] & 3;
}

}  // namespace

TEST_CASE("table files: blocks keep their literals raw, so no decode builds a Huffman table") {
  // Values near one another without repeats: zstd's default codes their literals with a
  // Huffman tree of the block's own, which a probe would have to build before decoding.
  std::vector<uint16_t> values(1024);
  std::mt19937 rng(5);
  for (uint16_t& v : values) v = uint16_t(30000 + rng() % 40);
  const std::span<const uint8_t> dictionary = standard_dictionary(6);
  const std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(values.data()), 2048);
  std::vector<uint8_t> plain(ZSTD_compressBound(bytes.size()));
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  size_t n = ZSTD_compress_usingDict(cctx, plain.data(), plain.size(), bytes.data(), bytes.size(),
                                     dictionary.data(), dictionary.size(), kDefaultZstdLevel);
  ZSTD_freeCCtx(cctx);
  REQUIRE_FALSE(ZSTD_isError(n));
  plain.resize(n);
  REQUIRE(literals_type(plain, ZSTD_f_zstd1) == 2);  // the case the writer must avoid

  const std::vector<uint8_t> block = BlockEncoder(dictionary, kDefaultZstdLevel).encode(values);
  CHECK(literals_type(block, ZSTD_f_zstd1_magicless) == 0);
  std::vector<uint16_t> out(values.size());
  CHECK_FALSE(BlockDecoder(dictionary).decode(block, out.data(), out.size()));
  CHECK(out == values);
}

TEST_CASE("table files: too many open files is named as such") {
  TempDir dir("probe-open-limit");
  MaterialClass mc = *parse_material_class("1v12");
  auto path = dir.path() / table_file_name(mc);
  write_table(path, mc, synthetic_values(mc, 3));
  // In a child process: the limit is the process's, and the test runner's threads need theirs.
  pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    int code = 3;
    rlimit none{0, 0};
    getrlimit(RLIMIT_NOFILE, &none);
    rlimit low{0, none.rlim_max};
    if (setrlimit(RLIMIT_NOFILE, &low) == 0) {
      try {
        TableFile file(path, mc);
        code = 2;
      } catch (const TableError& e) {
        // A shortage, not damage: a server answers it "unavailable" (retry), never
        // "damaged_table".
        code = std::string(e.what()).find("too many open files") != std::string::npos &&
                       e.kind() == ErrorKind::Shortage
                   ? 0
                   : 1;
      }
    }
    _exit(code);
  }
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}

TEST_CASE("table files: version 1 files are still read, checked and named when damaged") {
  TempDir dir("probe-version-1");
  MaterialClass mc = *parse_material_class("12v1");
  auto values = ReferenceTables::get().values.at(mc);
  auto path = dir.path() / table_file_name(mc);
  WriteOptions small;
  small.block_entries = 512;  // several blocks
  small.format_version = 2;   // made from version 2's bytes
  write_table(path, mc, values, small);
  auto v1 = as_version_1(read_bytes(path));
  write_bytes(path, v1);
  REQUIRE_FALSE(check_table(path));
  TableFile file(path, mc);
  CHECK(file.header().format_version == 1);
  REQUIRE(file.block_count() > 2);
  REQUIRE(read_entries_equal(mc, read_table(path), values) > 0);

  SECTION("a damaged block is named, by the full check and by a read") {
    uint64_t block = 1;
    uint64_t at = load_u64_le(v1.data() + file.header().offsets_offset + 8 * block) + 6;
    v1[at] ^= 0x20;
    write_bytes(path, v1);
    CHECK(mentions(check_table(path), "block 1 "));
    TableFile damaged(path, mc);
    std::vector<uint16_t> out(damaged.block_entries());
    CHECK_THROWS_WITH(damaged.read_block(block, out.data()), Catch::Contains("block 1 "));
    CHECK_NOTHROW(damaged.read_block(0, out.data()));
  }
  SECTION("a version 1 file that claims a dictionary is refused") {
    TableHeader h = parse_header(path, v1.data(), v1.size());
    h.dictionary_bytes = 16;
    serialize_header(h, v1.data());
    write_bytes(path, v1);
    CHECK(mentions(check_table(path), "dictionary"));
  }
}
