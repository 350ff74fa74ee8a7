// Text from outside made safe to print: invalid UTF-8 and control characters escaped.
#include <catch2/catch.hpp>
#include <string>

#include "notation.h"
#include "printable.h"

using namespace ewn;

TEST_CASE("printable keeps valid UTF-8 and escapes everything else", "[printable]") {
  CHECK(printable("r1r23/5/5/5/3b11 r") == "r1r23/5/5/5/3b11 r");
  CHECK(printable("w\xc3\xbcrfelt \xe2\x82\xac \xf0\x9f\x8e\xb2") ==
        "w\xc3\xbcrfelt \xe2\x82\xac \xf0\x9f\x8e\xb2");
  CHECK(printable("a\xff"
                  "b") == "a\\xffb");
  CHECK(printable(std::string("a\0b", 3)) == "a\\x00b");
  CHECK(printable("tab\there\nline\x1b[31m\x7f") == "tab\\x09here\\x0aline\\x1b[31m\\x7f");
  // Truncated, overlong, surrogate and out-of-range sequences, and C1 controls.
  CHECK(printable("\xc3") == "\\xc3");
  CHECK(printable("\xe2\x82") == "\\xe2\\x82");
  CHECK(printable("\xc0\xaf") == "\\xc0\\xaf");
  CHECK(printable("\xe0\x80\xaf") == "\\xe0\\x80\\xaf");
  CHECK(printable("\xed\xa0\x80") == "\\xed\\xa0\\x80");
  CHECK(printable("\xf4\x90\x80\x80") == "\\xf4\\x90\\x80\\x80");
  CHECK(printable("\xc2\x85") == "\\xc2\\x85");
  CHECK(printable("\xc2\xa0") == "\xc2\xa0");
}

TEST_CASE("position errors quote the text made printable", "[printable]") {
  try {
    parse_position("r1\xff\x01/5/5/5/5 r");
    FAIL("parsed");
  } catch (const ParseError& e) {
    std::string what = e.what();
    CHECK(what.find("unexpected character '\\xff'") != std::string::npos);
    CHECK(what.find("in \"r1\\xff\\x01/5/5/5/5 r\"") != std::string::npos);
    CHECK(printable(what) == what);
  }
}

TEST_CASE("quoted_excerpt: the one quote of outside text in a message", "[printable]") {
  // Short text whole, in single quotes; the limit counts the characters shown.
  CHECK(quoted_excerpt("a5b4") == "'a5b4'");
  CHECK(quoted_excerpt(std::string(kExcerptLength, 'a')) ==
        "'" + std::string(kExcerptLength, 'a') + "'");
  CHECK(quoted_excerpt(std::string(kExcerptLength + 1, 'a')) ==
        "'" + std::string(kExcerptLength, 'a') + "...' (41 bytes)");
  CHECK(quoted_excerpt("1234567890", 7) == "'1234567...' (10 bytes)");
  CHECK(quoted_excerpt("", 7) == "''");
  // A huge text makes a short message: its length in bytes, not the text.
  std::string huge(32u << 20, 'x');
  CHECK(quoted_excerpt(huge).size() < kExcerptLength + 24);
  // Bytes that are not printable are escaped, an escape counts its 4 characters and is never cut.
  CHECK(quoted_excerpt(std::string(1000, '\x01'), 10) == "'\\x01\\x01...' (1000 bytes)");
  CHECK(quoted_excerpt(std::string(3, '\0'), 12) == "'\\x00\\x00\\x00'");
  CHECK(quoted_excerpt("ab\xff", 5) == "'ab...' (3 bytes)");
  CHECK(quoted_excerpt("a\nb") == "'a\\x0ab'");
  // UTF-8 is kept and never cut inside a character: 'é' is two bytes, one character.
  std::string accents;
  for (int i = 0; i < 50; ++i) accents += "\xC3\xA9";
  std::string cut = quoted_excerpt(accents, 7);
  std::string seven;
  for (int i = 0; i < 7; ++i) seven += "\xC3\xA9";
  CHECK(cut == "'" + seven + "...' (100 bytes)");
  CHECK(printable(cut) == cut);
  // A character cut off by the end of the text is a byte to escape, not a character.
  CHECK(quoted_excerpt("ab\xe2\x82") == "'ab\\xe2\\x82'");
}
