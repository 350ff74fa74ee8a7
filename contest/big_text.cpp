#include "big_text.h"

#include <array>
#include <cctype>

namespace ewn {

namespace {

struct Glyph {
  char c;
  std::array<const char*, 5> rows;
};

// Every glyph is 5 wide and 5 high.
constexpr std::array<Glyph, 15> kGlyphs = {{
    {'a', {" ### ", "#   #", "#####", "#   #", "#   #"}},
    {'b', {"#### ", "#   #", "#### ", "#   #", "#### "}},
    {'c', {" ####", "#    ", "#    ", "#    ", " ####"}},
    {'d', {"#### ", "#   #", "#   #", "#   #", "#### "}},
    {'e', {"#####", "#    ", "#### ", "#    ", "#####"}},
    {'1', {"  #  ", " ##  ", "  #  ", "  #  ", " ### "}},
    {'2', {" ### ", "#   #", "  ## ", " #   ", "#####"}},
    {'3', {"#### ", "    #", " ### ", "    #", "#### "}},
    {'4', {"#  # ", "#  # ", "#####", "   # ", "   # "}},
    {'5', {"#####", "#    ", "#### ", "    #", "#### "}},
    {'6', {" ### ", "#    ", "#### ", "#   #", " ### "}},
    {'-', {"     ", "     ", "#####", "     ", "     "}},
    {'>', {"#    ", "  #  ", "    #", "  #  ", "#    "}},
    {' ', {"     ", "     ", "     ", "     ", "     "}},
    {'?', {" ### ", "#   #", "  ## ", "     ", "  #  "}},
}};

const Glyph& glyph(char c) {
  c = char(std::tolower(static_cast<unsigned char>(c)));
  for (const Glyph& g : kGlyphs)
    if (g.c == c) return g;
  return kGlyphs[13];
}

}  // namespace

std::string big_text(std::string_view text, std::string_view indent) {
  std::string out;
  for (int row = 0; row < 5; ++row) {
    std::string line(indent);
    for (size_t i = 0; i < text.size(); ++i) {
      if (i) line += "  ";
      line += glyph(text[i]).rows[size_t(row)];
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

}  // namespace ewn
