// Regression tests for table files that are valid by their checksums but odd: found by review
// and by fuzzing (fuzz/fuzz_table.cpp).
#include <sys/resource.h>

#include <catch2/catch.hpp>
#include <filesystem>

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
