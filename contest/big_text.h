// Large letters for the engine's move, so an operator reads it at a glance across a table.
#pragma once

#include <string>
#include <string_view>

namespace ewn {

// Five lines of '#' glyphs for the characters a-e, 1-6, '-', '>' and ' ' (others as blanks),
// each line starting with `indent`.
std::string big_text(std::string_view text, std::string_view indent = "  ");

}  // namespace ewn
