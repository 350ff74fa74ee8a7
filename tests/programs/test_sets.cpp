// test_sets DIR: the generated sets the unit tests read (support/generated_set.h), made once for
// a whole ctest run in DIR (the fixture test_sets) instead of once in every test program that
// reads them. Each set is written under a temporary name and renamed when complete, so a test
// never finds half a set; DIR is emptied first, so a run never finds the sets of an older build.
#include <cstdio>
#include <exception>
#include <filesystem>

#include "generated_set.h"

namespace fs = std::filesystem;

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: test_sets DIR\n");
    return 2;
  }
  const fs::path root = argv[1];
  // Every set a test file asks generated_set() for.
  const std::pair<int, uint32_t> sets[] = {{2, 3}, {3, 3}, {4, 3}, {3, 2}, {4, 2}};
  try {
    fs::remove_all(root);
    for (auto [pieces, format_version] : sets) {
      const fs::path dir = ewn::test::set_directory(root, pieces, format_version);
      const fs::path partial = dir.string() + ".partial";
      fs::create_directories(partial);
      ewn::test::generate_set(partial, pieces, format_version);
      fs::rename(partial, dir);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "test_sets: %s\n", e.what());
    return 1;
  }
  return 0;
}
