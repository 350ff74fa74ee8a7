// Regression tests for table files that are valid by their checksums but odd: found by review
// and by fuzzing (fuzz/fuzz_table.cpp).
#include <sys/resource.h>

#include <catch2/catch.hpp>
#include <filesystem>

#include "index.h"
#include "table_file.h"
#include "table_format.h"
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
