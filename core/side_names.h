// What the sides are called in text, in one place: "Red"/"Blue" in sentences, "red"/"blue" as
// words (options, logs, the colour question), "r"/"b" in notation and JSON.
#pragma once

#include <optional>
#include <string_view>

#include "types.h"

namespace ewn {

constexpr const char* side_name(Side s) {  // "Red" / "Blue", as in "Red to move"
  return s == Red ? "Red" : "Blue";
}

constexpr const char* side_word(Side s) {  // "red" / "blue", as typed and logged
  return s == Red ? "red" : "blue";
}

constexpr const char* side_letter(Side s) {  // "r" / "b", as in notation and JSON
  return s == Red ? "r" : "b";
}

// The side a word names: "red" or "r", "blue" or "b" (lower case, as the user is asked to type).
constexpr std::optional<Side> parse_side(std::string_view word) {
  if (word == "red" || word == "r") return Red;
  if (word == "blue" || word == "b") return Blue;
  return std::nullopt;
}

}  // namespace ewn
