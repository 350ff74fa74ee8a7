#include "typed_line.h"

namespace ewn {

std::string trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() &&
         (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
    s.remove_suffix(1);
  return std::string(s);
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

std::pair<std::string, std::string> first_word(const std::string& s) {
  size_t space = s.find(' ');
  if (space == std::string::npos) return {s, ""};
  return {s.substr(0, space), trim(s.substr(space + 1))};
}

}  // namespace ewn
