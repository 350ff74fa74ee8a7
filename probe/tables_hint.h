// The command that makes missing tables, worded once for every message that suggests it: a
// missing table file, a position the tables do not cover, a directory without tables, a table
// of a format too old to read.
#pragma once

#include <filesystem>
#include <string>

namespace ewn {

// The set to suggest where no position says how many pieces are needed, and `ewn gen`'s
// default: seconds to make, and enough for the player to finish games exactly.
inline constexpr int kSuggestedPieces = 4;

// "ewn gen --pieces 4 --tables DIR", with "--class 123v1" before --tables when `only_class` is
// given.
std::string gen_command(int pieces, const std::filesystem::path& dir,
                        const std::string& only_class = "");

// "make the tables with: ewn gen --pieces 4 --tables DIR" (callers put it in parentheses).
std::string make_tables_hint(int pieces, const std::filesystem::path& dir);

}  // namespace ewn
