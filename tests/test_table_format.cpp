// The table file format: values survive writer -> file -> reader, damage is always detected.
#include <catch2/catch.hpp>

#include <fstream>

#include "index.h"
#include "probe_fixtures.h"
#include "table_file.h"
#include "table_format.h"

using namespace ewn;
using namespace ewn::test;

namespace {

std::vector<uint8_t> read_bytes(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}
void write_bytes(const std::filesystem::path& p, const std::vector<uint8_t>& bytes) {
  // A fresh file: rewriting a truncated one makes ext4 flush it to disk on close (slow).
  std::filesystem::remove(p);
  std::ofstream out(p, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

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

// Re-signs a header after editing it, so that only the edited field is wrong.
void patch_u32_and_resign(std::vector<uint8_t>& bytes, size_t at, uint32_t value) {
  TableHeader h = parse_header("patch", bytes.data(), bytes.size());
  if (at == 8) h.format_version = value;
  if (at == 20) h.index_scheme = value;
  serialize_header(h, bytes.data());
}

bool mentions(const std::optional<std::string>& message, const std::string& what) {
  return message && message->find(what) != std::string::npos;
}

}  // namespace

TEST_CASE("table files: every entry of every class with <= 4 pieces survives a round trip") {
  ScratchDir dir("roundtrip4");
  WriteOptions fast;
  fast.zstd_level = 1;  // the level does not change what is stored; keep the test quick
  uint64_t seed = 1;
  for (int n = 2; n <= 4; ++n)
    for (MaterialClass mc : material_classes(n)) {
      auto values = synthetic_values(mc, seed++);
      auto path = dir.path() / table_file_name(mc);
      write_table(path, mc, values, fast);
      INFO(mc.name());
      REQUIRE_FALSE(check_table(path));
      REQUIRE(read_table(path, mc) == values);
    }
}

TEST_CASE("table files: reference values of <= 3 pieces round trip with the default options") {
  auto& ref = ReferenceTables::get();
  for (auto& [mc, values] : ref.values) {
    auto path = ref.dir.path() / table_file_name(mc);
    INFO(mc.name());
    REQUIRE_FALSE(check_table(path));
    TableFile file(path, mc);
    CHECK(file.header().block_entries == kDefaultBlockEntries);
    CHECK(file.header().index_scheme == kIndexScheme);
    REQUIRE(read_table(path) == values);
  }
}

TEST_CASE("table files: any block size round trips, including a short last block") {
  ScratchDir dir("blocks");
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
    REQUIRE(read_table(path) == values);
  }
}

TEST_CASE("table files: a flipped bit anywhere is detected and never gives a wrong value") {
  ScratchDir dir("flip");
  MaterialClass mc = *parse_material_class("12v1");
  auto values = ReferenceTables::get().values.at(mc);
  WriteOptions opt;
  opt.block_entries = 1024;  // several blocks
  auto path = dir.path() / table_file_name(mc);
  write_table(path, mc, values, opt);
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
        auto first = values.begin() + long(b * file.block_entries());
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
  ScratchDir dir("damage");
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
    patch_u32_and_resign(bad, 8, kTableFormatVersion + 1);
    write_bytes(path, bad);
    CHECK(mentions(check_table(path),
                   "table format version " + std::to_string(kTableFormatVersion + 1)));
  }
  SECTION("other index scheme") {
    auto bad = good;
    patch_u32_and_resign(bad, 20, kIndexScheme + 1);
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
  ScratchDir dir("write");
  auto nowhere = dir.path() / "no-such-dir" / "1v1.ewt";
  CHECK_THROWS_WITH(write_table(nowhere, mc, values), Catch::StartsWith(nowhere.string() + ": "));
  auto path = dir.path() / "1v1.ewt";
  CHECK_THROWS_WITH(write_table(path, mc, std::span(values).first(5)),
                    Catch::Contains("has " + std::to_string(values.size()) + " entries"));
  if (std::filesystem::exists("/dev/full"))
    CHECK_THROWS_WITH(write_table("/dev/full", mc, values), Catch::Contains("disk is full"));
}
