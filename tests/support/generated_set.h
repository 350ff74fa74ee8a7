// The tables the generator makes for <= `pieces` pieces, generated once per test run into a
// temporary directory and shared by every test that needs them.
#pragma once

#include <filesystem>
#include <map>
#include <string>

#include "generator.h"
#include "temp_dir.h"

namespace ewn::test {

inline const std::filesystem::path& generated_set(int pieces) {
  static std::map<int, TempDir> dirs;
  auto it = dirs.find(pieces);
  if (it == dirs.end()) {
    it = dirs.emplace(pieces, TempDir("gen" + std::to_string(pieces))).first;
    GenOptions opt;
    opt.pieces = pieces;
    opt.out = it->second.path();
    opt.keep_exact_up_to = pieces;  // tests read the exact values of every class
    generate(opt);
  }
  return it->second.path();
}

}  // namespace ewn::test
