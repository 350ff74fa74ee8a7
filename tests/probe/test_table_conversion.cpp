// `ewn convert`'s library: a format-2 set rewritten in format 3 is the set `ewn gen` writes in
// format 3, byte for byte, whether into another directory or in place; a rerun, or a run after
// an interrupted one, finishes the work; a damaged source file stops it by name, losing nothing.
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "file_bytes.h"
#include "generated_set.h"
#include "table_conversion.h"
#include "table_file.h"
#include "table_format.h"
#include "temp_dir.h"

using namespace ewn;
namespace fs = std::filesystem;

namespace {

// Every table file of a directory (by name) and its bytes.
std::map<std::string, std::vector<uint8_t>> tables_of(const fs::path& dir) {
  std::map<std::string, std::vector<uint8_t>> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == kTableExtension)
      out[e.path().filename().string()] = test::read_bytes(e.path());
  return out;
}

test::TempDir copy_of_tables(const fs::path& from, const std::string& tag) {
  test::TempDir dir(tag);
  for (const auto& e : fs::directory_iterator(from))
    if (e.path().extension() == kTableExtension)
      fs::copy_file(e.path(), dir.path() / e.path().filename());
  return dir;
}

ConversionReport convert(const fs::path& from, const fs::path& to = {}) {
  ConversionOptions opt;
  opt.from = from;
  opt.to = to;
  opt.threads = 2;
  return convert_tables(opt);
}

}  // namespace

TEST_CASE("a converted format-2 set is the set gen writes in format 3", "[convert]") {
  const fs::path& v2 = test::generated_set(4, 2);
  const auto expected = tables_of(test::generated_set(4, 3));
  const auto source = tables_of(v2);
  REQUIRE(expected.size() < source.size());

  SECTION("into another directory, the source untouched") {
    test::TempDir out("convert-out");
    // A file there of a class the converted set derives would be read instead: it goes.
    fs::copy_file(v2 / "1v12.ewt", out.path() / "1v12.ewt");
    fs::copy_file(v2 / "12v1.ewt", out.path() / "12v1.ewt");
    ConversionReport r = convert(v2, out.path());
    CHECK_FALSE(r.in_place);
    CHECK(tables_of(out.path()) == expected);
    CHECK(tables_of(v2) == source);
    CHECK(r.tables_read == int(source.size()));
    CHECK(r.tables_written == int(expected.size()));
    CHECK(r.removed == int(source.size() - expected.size()));
    CHECK(r.derived == r.removed);
    CHECK(r.tables_kept == 0);
    CHECK(r.bytes_after < r.bytes_before);
  }
  SECTION("in place, and a second run keeps every file") {
    test::TempDir dir = copy_of_tables(v2, "convert-in-place");
    convert(dir.path());
    CHECK(tables_of(dir.path()) == expected);
    // The same directory by another name is still in place.
    ConversionReport again = convert(dir.path(), dir.path() / ".");
    CHECK(again.in_place);
    CHECK(again.tables_written == 0);
    CHECK(again.tables_kept == int(expected.size()));
    CHECK(tables_of(dir.path()) == expected);
  }
}

TEST_CASE("convert finishes what an interrupted conversion left", "[convert]") {
  const fs::path& v3 = test::generated_set(4, 3);
  test::TempDir dir = copy_of_tables(test::generated_set(4, 2), "convert-resume");
  // Killed between a pair's new file taking its place and the twin's old file going: both files
  // are there, the new one deriving the old one's class; and a temporary file of the next pair.
  std::string stored;
  for (const auto& [name, bytes] : tables_of(v3))
    if (TableFile(v3 / name).header().derives_twin && stored.empty()) stored = name;
  REQUIRE(!stored.empty());
  fs::copy_file(v3 / stored, dir.path() / stored, fs::copy_options::overwrite_existing);
  const MaterialClass twin = parse_material_class(fs::path(stored).stem().string())->flipped();
  REQUIRE(fs::exists(dir.path() / table_file_name(twin)));
  test::write_bytes(dir.path() / ".1v1.ewt.tmp.99999", {1, 2, 3});

  convert(dir.path());
  CHECK(tables_of(dir.path()) == tables_of(v3));
  CHECK_FALSE(fs::exists(dir.path() / ".1v1.ewt.tmp.99999"));
}

TEST_CASE("a damaged source file stops convert by name and loses nothing", "[convert]") {
  test::TempDir dir = copy_of_tables(test::generated_set(4, 2), "convert-damaged");
  const fs::path damaged = dir.path() / "12v34.ewt";
  std::vector<uint8_t> bytes = test::read_bytes(damaged);
  TableFile file(damaged);
  const size_t in_a_block = size_t(kHeaderBytes + file.header().dictionary_bytes + 20);
  bytes[in_a_block] ^= 0x40;
  test::write_bytes(damaged, bytes);
  const auto before = tables_of(dir.path());

  test::TempDir out("convert-damaged-out");
  try {
    convert(dir.path(), out.path());
    FAIL("a damaged source was converted");
  } catch (const TableError& e) {
    CHECK(e.file() == damaged);
    CHECK(e.kind() == ErrorKind::Damaged);
  }
  CHECK(tables_of(dir.path()) == before);  // the source as it was
  // What was written before the damaged pair is whole, and nothing half-written is left.
  for (const auto& e : fs::directory_iterator(out.path())) {
    CHECK(e.path().extension() == kTableExtension);
    CHECK_FALSE(check_table(e.path()));
  }
  // In place, the damaged pair keeps its old files.
  CHECK_THROWS_AS(convert(dir.path()), TableError);
  CHECK(fs::exists(damaged));
  CHECK(fs::exists(dir.path() / "34v12.ewt"));
}
