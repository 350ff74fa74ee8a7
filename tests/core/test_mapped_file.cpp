// Memory-mapped files (core/mapped_file.h): what is mapped, what is refused and with which words,
// and that the two readers built on it, tables and exact values, leave no mapping behind when
// a check after the mapping rejects the file.
#include <sys/stat.h>  // mkfifo

#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "exact_file.h"
#include "file_bytes.h"
#include "mapped_file.h"
#include "table_file.h"
#include "temp_dir.h"

using namespace ewn;
using namespace ewn::test;
namespace fs = std::filesystem;

namespace {

// Whether the process has `file` mapped (Linux: /proc/self/maps names every mapped file).
bool is_mapped(const fs::path& file) {
  std::ifstream maps("/proc/self/maps");
  std::string text((std::istreambuf_iterator<char>(maps)), {});
  return text.find(file.string()) != std::string::npos;
}

}  // namespace

TEST_CASE("mapped file: a regular file is mapped whole and unmapped with its object", "[file]") {
  TempDir dir("mapped-file");
  fs::path path = dir.path() / "data";
  std::vector<uint8_t> bytes(10000);
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = uint8_t(i * 7);
  write_bytes(path, bytes);
  {
    MappedFile map(path);
    REQUIRE(map.size() == bytes.size());
    CHECK(std::memcmp(map.data(), bytes.data(), bytes.size()) == 0);
    map.advise_random();
    CHECK(is_mapped(path));

    // Moving hands the mapping over; the moved-from object maps nothing.
    MappedFile moved(std::move(map));
    CHECK(map.data() == nullptr);
    CHECK(map.size() == 0);
    CHECK(moved.size() == bytes.size());
    MappedFile assigned;
    assigned = std::move(moved);
    CHECK(assigned.data()[1] == 7);
    CHECK(is_mapped(path));
  }
  CHECK_FALSE(is_mapped(path));
}

TEST_CASE("mapped file: an empty file maps to no bytes", "[file]") {
  TempDir dir("mapped-empty");
  fs::path path = dir.path() / "empty";
  write_bytes(path, {});
  MappedFile map(path);
  CHECK(map.size() == 0);
  CHECK(map.data() == nullptr);
}

TEST_CASE("mapped file: what is no regular file is refused, naming the file", "[file]") {
  TempDir dir("mapped-refused");
  auto refused = [](const fs::path& path, const std::string& problem) {
    INFO(path);
    try {
      MappedFile map(path);
      FAIL("mapped");
    } catch (const MapError& e) {
      CHECK(e.problem() == problem);
      CHECK(std::string(e.what()) == path.string() + ": " + problem);
    }
  };
  refused(dir.path(), "not a regular file");
  fs::path fifo = dir.path() / "fifo";
  REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
  refused(fifo, "not a regular file");  // and does not block waiting for a writer
  refused(dir.path() / "missing", "missing");
  fs::create_symlink(dir.path() / "missing", dir.path() / "dangling");
  refused(dir.path() / "dangling", "a symbolic link to a missing file");
}

TEST_CASE("mapped file: a table or exact-values file rejected after mapping is unmapped",
          "[file]") {
  TempDir dir("mapped-rejected");
  MaterialClass mc = *parse_material_class("1v1");
  SECTION("a table with the wrong magic") {
    fs::path path = dir.path() / table_file_name(mc);
    write_bytes(path, std::vector<uint8_t>(4 * kHeaderBytes, 'x'));
    CHECK_THROWS_AS(TableFile(path, mc), TableError);
    CHECK_FALSE(is_mapped(path));
  }
  SECTION("exact values of another class") {
    fs::path path = dir.path() / exact_file_name(mc);
    MaterialClass other = *parse_material_class("1v2");
    write_exact_file(path, other, std::vector<double>(PositionIndex(other).size(), 0.5));
    CHECK_THROWS_WITH(ExactFile(path, mc, true), Catch::Contains("holds another material class"));
    CHECK_FALSE(is_mapped(path));
  }
}
