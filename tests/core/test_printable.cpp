// Text from outside made safe to print: invalid UTF-8 and control characters escaped.
#include <catch2/catch.hpp>

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
