// The tables the generator makes for <= `pieces` pieces, generated once and shared by every test
// that needs them: under ctest once for the whole run (the fixture test_sets, whose program
// programs/test_sets.cpp makes them in $EWN_TEST_SETS before any test program starts), otherwise
// once per test program in a temporary directory.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "generator.h"
#include "temp_dir.h"

namespace ewn::test {

// The set of <= `pieces` pieces in `format_version` under `root`.
inline std::filesystem::path set_directory(const std::filesystem::path& root, int pieces,
                                           uint32_t format_version) {
  return root / ("gen" + std::to_string(pieces) + "v" + std::to_string(format_version));
}

// Generates the set into `dir`, with the exact values of every class (tests read them).
inline void generate_set(const std::filesystem::path& dir, int pieces, uint32_t format_version) {
  GenOptions opt;
  opt.pieces = pieces;
  opt.out = dir;
  opt.keep_exact_up_to = pieces;
  opt.format_version = format_version;
  generate(opt);
}

// `format_version`: what `ewn gen --format` writes (3, the default: one class of each colour
// pair stored; 2: every class its own file).
inline const std::filesystem::path& generated_set(int pieces,
                                                  uint32_t format_version = kTableFormatVersion) {
  static std::map<std::pair<int, uint32_t>, std::filesystem::path> sets;
  static std::vector<TempDir> own;  // the sets this program made, removed at its exit
  const auto key = std::pair(pieces, format_version);
  if (auto it = sets.find(key); it != sets.end()) return it->second;
  const std::filesystem::path name = set_directory({}, pieces, format_version);
  if (const char* root = std::getenv("EWN_TEST_SETS")) {
    std::filesystem::path dir = root / name;
    if (std::filesystem::is_directory(dir)) return sets.emplace(key, dir).first->second;
  }
  own.emplace_back(name.string());
  generate_set(own.back().path(), pieces, format_version);
  return sets.emplace(key, own.back().path()).first->second;
}

}  // namespace ewn::test
