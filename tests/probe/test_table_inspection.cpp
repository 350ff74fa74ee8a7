// What `ewn info` reports of a table directory (probe/table_inspection.h).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "file_bytes.h"
#include "generated_set.h"
#include "table_format.h"
#include "table_inspection.h"

using namespace ewn;
namespace fs = std::filesystem;

TEST_CASE("table inspection: a complete set, checked on one thread and on several alike") {
  const fs::path& set3 = test::generated_set(3);
  DirectoryInspection one = inspect_tables(set3, false, 1);
  DirectoryInspection two = inspect_tables(set3, false, 2);
  CHECK(one.coverage.complete_up_to == 3);
  CHECK(one.failing == 0);
  CHECK(one.problems.empty());
  REQUIRE(one.piece_counts.size() == 2);  // 2 and 3 pieces
  CHECK(one.piece_counts[1].pieces == 3);
  // Format 3: a class has its file, or is derived from its colour twin's.
  CHECK(one.piece_counts[1].present + one.piece_counts[1].derived == one.piece_counts[1].classes);
  CHECK(one.piece_counts[1].derived == 9);
  uint64_t bytes = 0;
  for (const TableInspection& t : one.tables) {
    CHECK(t.present != t.derived);
    CHECK(t.entries > 0);
    bytes += t.bytes;
  }
  CHECK(one.bytes == bytes);
  REQUIRE(two.tables.size() == one.tables.size());
  for (size_t i = 0; i < one.tables.size(); ++i) CHECK(two.tables[i].bytes == one.tables[i].bytes);
}

TEST_CASE("table inspection: a missing and a damaged table are problems, counted once each") {
  test::TempDir dir("inspection");
  for (const auto& e : fs::directory_iterator(test::generated_set(3)))
    if (e.path().extension() == kTableExtension) fs::copy(e.path(), dir.path());
  fs::remove(dir.path() / "1v1.ewt");  // fewer pieces than the largest: expected
  {
    test::overwrite_bytes(dir.path() / "12v1.ewt", 200, "\x7f");  // in block 0, past the header
  }
  DirectoryInspection full = inspect_tables(dir.path(), false);
  CHECK(full.coverage.complete_up_to == 0);
  CHECK(full.failing == 2);
  REQUIRE(full.problems.size() == 2);
  CHECK_THAT(full.problems[0] + full.problems[1], Catch::Contains("1v1.ewt: missing table file"));
  // Headers only: the damage past the header goes unseen, the missing file does not.
  DirectoryInspection quick = inspect_tables(dir.path(), true);
  CHECK(quick.failing == 1);
}

TEST_CASE("table inspection: no directory is an error, an empty one a problem") {
  test::TempDir dir("inspection-empty");
  CHECK_THROWS_AS(inspect_tables(dir.path() / "absent", false), std::runtime_error);
  DirectoryInspection empty = inspect_tables(dir.path(), false);
  CHECK(empty.piece_counts.empty());
  REQUIRE(empty.problems.size() == 1);
  CHECK_THAT(empty.problems[0], Catch::Contains("no table files"));
}
