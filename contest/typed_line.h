// A line as typed at the console: trimmed, its first word and the rest, in lower case.
#pragma once

#include <string>
#include <string_view>
#include <utility>

namespace ewn {

// Without the spaces and tabs around it (and the line end).
std::string trim(std::string_view s);
// ASCII letters in lower case; other bytes as they are.
std::string lower(std::string_view s);
// The first word (as typed) and the rest, trimmed.
std::pair<std::string, std::string> first_word(const std::string& s);

}  // namespace ewn
