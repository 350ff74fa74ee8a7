// Format 3: one class of each colour pair stored, the other derived by one expectimax ply. The
// same values as format 2 (every entry of <= 4 pieces), the files a set holds, what verify
// checks, and damaged format-3 files failing by name.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <vector>

#include <xxhash.h>

#include "generated_set.h"
#include "index.h"
#include "notation.h"
#include "set_comparison.h"
#include "table_file.h"
#include "table_format.h"
#include "table_inspection.h"
#include "table_writer.h"
#include "tablebase.h"
#include "temp_dir.h"
#include "verify.h"

using namespace ewn;
namespace fs = std::filesystem;

namespace {

const fs::path& set_v3(int pieces) {
  return test::generated_set(pieces, 3);
}
const fs::path& set_v2(int pieces) {
  return test::generated_set(pieces, 2);
}

test::TempDir copy_of(const fs::path& from, const std::string& tag) {
  test::TempDir dir(tag);
  for (const auto& e : fs::directory_iterator(from))
    if (e.path().extension() == kTableExtension)
      fs::copy_file(e.path(), dir.path() / e.path().filename());
  return dir;
}

// The stored class of a pair (the one with a file) in a format-3 set.
MaterialClass stored_of(const fs::path& dir, MaterialClass mc) {
  return fs::exists(dir / table_file_name(mc)) ? mc : mc.flipped();
}

// A position of class `mc` (Red to move): the first valid entry at or after `from`.
Position position_of(MaterialClass mc, uint64_t from = 0) {
  PositionIndex index(mc);
  SquareList sq{};
  for (uint64_t i = from; i < index.size(); ++i)
    if (index.unrank(i, sq)) return position_from_squares(mc, sq);
  FAIL("no position in " << mc.name());
  throw;
}

// A table written as estimated (write_as_estimated: neither entry order nor dictionary chosen
// again) is the table encode_table() writes choosing both.
void same_as_estimated(const TableEstimate& estimate, const std::vector<uint16_t>& values,
                       const EncodedTable& chosen_again, WriteOptions w = {}) {
  write_as_estimated(estimate, w);
  const EncodedTable as_estimated = encode_table("x", estimate.material, values, w);
  CHECK(as_estimated.dictionary == chosen_again.dictionary);
  CHECK(as_estimated.blocks == chosen_again.blocks);
  CHECK(as_estimated.metadata == chosen_again.metadata);
  CHECK(as_estimated.header.body_checksum == chosen_again.header.body_checksum);
}

}  // namespace

TEST_CASE("format 3: every entry of <= 4 pieces as format 2 gives it") {
  SetComparisonOptions opt;
  opt.max_pieces = 4;
  opt.moves_every = 29;  // the best moves of every die at every 29th entry
  SetComparison r = compare_table_sets(set_v2(4), set_v3(4), opt);
  INFO((r.listed.empty() ? std::string() : r.listed.front()));
  CHECK(r.ok());
  CHECK(r.stored_differing == 0);
  CHECK(r.derived_beyond == 0);
  CHECK(r.best_move_differing == 0);
  // Both sides were there to compare, and the comparison saw the rounding of derived values.
  CHECK(r.stored_entries > 5'000'000);
  CHECK(r.derived_entries > 4'000'000);
  CHECK(r.dice_clear > 100'000);
}

TEST_CASE("format 3: a random sample of entries as format 2 gives it") {
  SetComparisonOptions opt;
  opt.max_pieces = 4;
  opt.sample = 200'000;
  opt.moves_every = 7;
  SetComparison r = compare_table_sets(set_v2(4), set_v3(4), opt);
  INFO((r.listed.empty() ? std::string() : r.listed.front()));
  CHECK(r.ok());
  // Drawn uniformly over all entries, of which a quarter or so no probe reads (waste, twins).
  const uint64_t compared = r.stored_entries + r.derived_entries;
  CHECK(compared > 120'000);
  CHECK(compared <= 200'100);
  CHECK(r.derived_entries > compared / 4);
  CHECK(r.dice_compared > 6 * compared / 8);
  // The same draw every time.
  SetComparison again = compare_table_sets(set_v2(4), set_v3(4), opt);
  CHECK(again.stored_entries == r.stored_entries);
  CHECK(again.derived_one_step == r.derived_one_step);
  // A sample too small to draw an entry of every class compares only what it drew.
  opt.sample = 1'000;
  SetComparison small = compare_table_sets(set_v2(4), set_v3(4), opt);
  CHECK(small.ok());
  CHECK(small.stored_entries + small.derived_entries <= 1'100);
}

TEST_CASE("format 3: the comparison sees a stored value that differs") {
  test::TempDir dir = copy_of(set_v3(3), "f3-altered");
  MaterialClass mc = stored_of(dir.path(), *parse_material_class("12v1"));
  fs::path file = dir.path() / table_file_name(mc);
  std::vector<uint16_t> values = read_table(file, mc);
  PositionIndex index(mc);
  SquareList sq{};
  uint64_t i = 0;
  while (!index.unrank(i, sq) || values[i] > 60000) ++i;
  values[i] += 5;
  WriteOptions w;
  w.derives_twin = true;
  write_table(file, mc, values, w);
  SetComparisonOptions opt;
  opt.max_pieces = 3;
  SetComparison r = compare_table_sets(set_v2(3), dir.path(), opt);
  CHECK_FALSE(r.ok());
  CHECK(r.stored_differing >= 1);
  // Its twin, derived from it, moves too (by less: it is one of the children's values).
  VerifyReport v = verify_tables(dir.path());
  CHECK_FALSE(v.ok());
}

TEST_CASE("format 3: one file per colour pair, the header saying which twin it answers for") {
  const fs::path& dir = set_v3(4);
  int files = 0, pairs = 0, own_twins = 0;
  for (int n = 2; n <= 4; ++n)
    for (MaterialClass mc : material_classes(n)) {
      bool has = fs::exists(dir / table_file_name(mc));
      if (mc.flipped() == mc) {
        ++own_twins;
        REQUIRE(has);
        CHECK_FALSE(TableFile(dir / table_file_name(mc)).header().derives_twin);
      } else if (has) {
        ++pairs;
        INFO(mc.name());
        CHECK_FALSE(fs::exists(dir / table_file_name(mc.flipped())));
        TableFile f(dir / table_file_name(mc));
        CHECK(f.header().derives_twin);
        CHECK(f.header().format_version == 3);
      }
      files += has;
    }
  CHECK(files == pairs + own_twins);
  // 120 classes up to 4 pieces: 1 + 18 + 101.
  CHECK(2 * pairs + own_twins == 120);
  TableCoverage c = table_coverage(dir);
  CHECK(c.complete_up_to == 4);
  CHECK(int(c.derived.size()) == pairs);
  DirectoryInspection found = inspect_tables(dir, /*headers_only=*/false, 1);
  CHECK(found.failing == 0);
  CHECK(found.format_versions == std::vector<uint32_t>{3});
  // Format 2's set of the same build: every class its own file, and more bytes.
  DirectoryInspection v2 = inspect_tables(set_v2(4), true, 1);
  CHECK(v2.format_versions == std::vector<uint32_t>{2});
  CHECK(v2.positions == found.positions);
  CHECK(found.bytes < v2.bytes * 3 / 4);
}

TEST_CASE("format 3: the class stored is the one whose mover has more pieces, else the smaller") {
  // The writer estimates both tables of a pair from a sample of 64 blocks and compresses only
  // the one it stores whole: exact for tables of at most 64 blocks (all of <= 4 pieces), close
  // beyond. Of movers with as many pieces, the smaller table is stored.
  const fs::path& v2 = set_v2(4);
  const fs::path& v3 = set_v3(4);
  int pairs = 0, own_twins = 0, by_movers = 0, by_bytes = 0;
  for (MaterialClass mc : material_classes(4)) {
    if (!fs::exists(v2 / table_file_name(mc)) || !fs::exists(v2 / table_file_name(mc.flipped())))
      continue;  // a side without pieces: decided
    own_twins += mc.flipped() == mc;
    if (mc.flipped() == mc || class_slot(mc) > class_slot(mc.flipped())) continue;
    INFO(mc.name());
    std::vector<TableEstimate> sizes;
    for (MaterialClass m : {mc, mc.flipped()}) {
      const std::vector<uint16_t> values = read_table(v2 / table_file_name(m), m, 1);
      sizes.push_back(estimate_table(v3 / "x", m, values));
      const EncodedTable chosen_again = encode_table(v3 / "x", m, values);
      CHECK(sizes.back().file_bytes == chosen_again.file_bytes());
      same_as_estimated(sizes.back(), values, chosen_again);
    }
    const MaterialClass stored = stored_of(v3, mc);
    CHECK(class_to_store(sizes[0], sizes[1]) == stored);
    CHECK(class_to_store(sizes[1], sizes[0]) == stored);
    const size_t kept = stored == mc ? 0 : 1;
    if (mc.mover_count() != mc.flipped().mover_count()) {
      CHECK(stored.mover_count() > stored.flipped().mover_count());
      ++by_movers;
    } else {
      CHECK(sizes[kept].file_bytes <= sizes[1 - kept].file_bytes);
      ++by_bytes;
    }
    ++pairs;
  }
  CHECK(pairs > 30);
  CHECK(by_movers >= 10);
  CHECK(by_bytes >= 10);
  CHECK(own_twins > 5);
  // Small blocks make a table of more than 64: the estimate is a sample's, within 10%.
  const MaterialClass large = *parse_material_class("12v34");
  const std::vector<uint16_t> values = read_table(v2 / table_file_name(large), large, 1);
  WriteOptions w;
  w.block_entries = 256;
  const TableEstimate estimate = estimate_table(v3 / "x", large, values, w);
  const EncodedTable encoded = encode_table(v3 / "x", large, values, w);
  REQUIRE(encoded.header.block_count > 64);
  CHECK(estimate.file_bytes > encoded.file_bytes() * 9 / 10);
  CHECK(estimate.file_bytes < encoded.file_bytes() * 11 / 10);
  CHECK(std::vector<uint8_t>(encoded.header.digit_order.begin(),
                             encoded.header.digit_order.begin() + encoded.header.digit_count) ==
        estimate.entry_order);
  same_as_estimated(estimate, values, encoded, w);
}

TEST_CASE("format 3: ewn verify recomputes the stored side through the derived one") {
  VerifyReport r = verify_tables(set_v3(3));
  CHECK(r.ok());
  CHECK(r.verified_up_to == 3);
  int derived = 0;
  for (const TableReport& t : r.tables) {
    derived += t.derived;
    if (t.derived) CHECK(t.positions > 0);
  }
  CHECK(derived == int(table_coverage(set_v3(3)).derived.size()));
  CHECK(r.max_difference <= r.tolerance);
}

TEST_CASE("format 3: a damaged stored file fails the probes of both classes, naming it") {
  test::TempDir dir = copy_of(set_v3(3), "f3-damaged");
  MaterialClass stored = stored_of(dir.path(), *parse_material_class("12v1"));
  MaterialClass derived = stored.flipped();
  fs::path file = dir.path() / table_file_name(stored);

  SECTION("a block damaged after the tablebase opened") {
    Tablebase tb(dir.path());
    REQUIRE(tb.is_derived(derived));
    TableFile f(file, stored);
    std::vector<uint8_t> bytes(fs::file_size(file));
    {
      std::ifstream in(file, std::ios::binary);
      in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(bytes.size()));
    }
    // Every block's first byte after the dictionary flipped: any probe of either class fails.
    for (uint64_t b = 0; b < f.block_count(); ++b) {
      uint64_t at = 0;
      for (int k = 7; k >= 0; --k)
        at = (at << 8) | bytes[size_t(f.header().offsets_offset + 8 * b + uint64_t(k))];
      bytes[size_t(at)] ^= 0x5a;
    }
    std::fstream out(file, std::ios::in | std::ios::out | std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    out.close();
    for (MaterialClass mc : {stored, derived}) {
      INFO(mc.name());
      CHECK_THROWS_AS(tb.value(position_of(mc)), TableError);
      CHECK_THROWS_WITH(tb.value(position_of(mc)), Catch::StartsWith(file.string()));
    }
    CHECK(check_class(dir.path(), derived));
  }
  SECTION("a truncated stored file: neither class is answered, the file is named") {
    fs::resize_file(file, fs::file_size(file) - 7);
    Tablebase tb(dir.path());
    CHECK(tb.complete_up_to() == 2);
    CHECK_FALSE(tb.is_derived(derived));
    for (MaterialClass mc : {stored, derived}) {
      INFO(mc.name());
      CHECK_THROWS_WITH(tb.value(position_of(mc)),
                        Catch::StartsWith(file.string()) && Catch::Contains("truncated"));
    }
    DirectoryInspection found = inspect_tables(dir.path(), true, 1);
    CHECK(found.failing >= 2);
    VerifyReport v = verify_tables(dir.path());
    CHECK_FALSE(v.ok());
    CHECK(v.verified_up_to == 2);
  }
  SECTION("the stored file removed: both classes missing") {
    fs::remove(file);
    Tablebase tb(dir.path());
    CHECK(tb.complete_up_to() == 2);
    CHECK(check_class(dir.path(), derived));
    CHECK(check_class(dir.path(), stored));
  }
}

TEST_CASE("format 3: the derives_twin byte is checked") {
  test::TempDir dir("f3-header");
  MaterialClass own = *parse_material_class("1v1");
  std::vector<uint16_t> values(PositionIndex(own).size(), 100);
  fs::path file = dir.path() / table_file_name(own);
  WriteOptions w;
  w.derives_twin = true;
  CHECK_THROWS_AS(write_table(file, own, values, w), TableError);
  MaterialClass pair = *parse_material_class("12v1");
  std::vector<uint16_t> pv(PositionIndex(pair).size(), 100);
  fs::path pfile = dir.path() / table_file_name(pair);
  write_table(pfile, pair, pv, w);
  REQUIRE(TableFile(pfile, pair).header().derives_twin);
  // A value other than 0 or 1, with the header checksum made right again: a corrupt header.
  std::vector<uint8_t> bytes(fs::file_size(pfile));
  {
    std::ifstream in(pfile, std::ios::binary);
    in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(bytes.size()));
  }
  bytes[table_header::kAtDerivesTwin] = 2;
  uint64_t sum = XXH64(bytes.data(), table_header::kAtHeaderChecksum, 0);
  for (int k = 0; k < 8; ++k) bytes[table_header::kAtHeaderChecksum + k] = uint8_t(sum >> (8 * k));
  {
    std::ofstream out(pfile, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  }
  CHECK_THROWS_WITH(TableFile(pfile, pair), Catch::Contains("corrupt header (derives_twin 2)"));
  // Version 2 has no such byte: a format-2 file never derives its twin.
  w.derives_twin = false;
  w.format_version = 2;
  write_table(pfile, pair, pv, w);
  CHECK(TableFile(pfile, pair).header().format_version == 2);
  CHECK_FALSE(TableFile(pfile, pair).header().derives_twin);
  w.derives_twin = true;
  CHECK_THROWS_AS(write_table(pfile, pair, pv, w), TableError);
}
