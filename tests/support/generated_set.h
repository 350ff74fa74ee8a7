// The tables the generator makes for <= `pieces` pieces, generated once per test run into a
// temporary directory and shared by every test that needs them.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <utility>

#include "generator.h"
#include "temp_dir.h"

namespace ewn::test {

// `format_version`: what `ewn gen --format` writes (3, the default: one class of each colour
// pair stored; 2: every class its own file).
inline const std::filesystem::path& generated_set(int pieces,
                                                  uint32_t format_version = kTableFormatVersion) {
  static std::map<std::pair<int, uint32_t>, TempDir> dirs;
  auto it = dirs.find({pieces, format_version});
  if (it == dirs.end()) {
    it =
        dirs.emplace(std::pair(pieces, format_version),
                     TempDir("gen" + std::to_string(pieces) + "v" + std::to_string(format_version)))
            .first;
    GenOptions opt;
    opt.pieces = pieces;
    opt.out = it->second.path();
    opt.keep_exact_up_to = pieces;  // tests read the exact values of every class
    opt.format_version = format_version;
    generate(opt);
  }
  return it->second.path();
}

}  // namespace ewn::test
