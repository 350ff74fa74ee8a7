#include <catch2/catch.hpp>
#include <set>

#include "arrangement.h"

using namespace ewn;

TEST_CASE("arrangement classes: 360 of two, numbered in order, named by the member below 4") {
  std::set<int> seen;
  Arrangement a = {1, 2, 3, 4, 5, 6};
  int count = 0;
  do {
    int c = arrangement_class(a);
    REQUIRE(c >= 0);
    REQUIRE(c < kArrangementClasses);
    CHECK(arrangement_class(renumbered(a)) == c);
    Arrangement member = class_arrangement(c);
    CHECK(member[0] <= 3);
    CHECK((member == a || member == renumbered(a)));
    seen.insert(c);
    // The first 360 permutations in lexicographic order are the members, in order.
    if (count < kArrangementClasses) CHECK(c == count);
    ++count;
  } while (std::next_permutation(a.begin(), a.end()));
  CHECK(count == 720);
  CHECK(seen.size() == size_t(kArrangementClasses));
  CHECK(class_arrangement(0) == Arrangement{1, 2, 3, 4, 5, 6});
  CHECK(class_arrangement(359) == Arrangement{3, 6, 5, 4, 2, 1});
}

TEST_CASE("arrangements are parsed with a message that says what is wrong") {
  std::string error;
  CHECK(parse_arrangement("162534") == Arrangement{1, 6, 2, 5, 3, 4});
  CHECK_FALSE(parse_arrangement("16253", &error));
  CHECK(error.find("six digits") != std::string::npos);
  CHECK_FALSE(parse_arrangement("162537", &error));
  CHECK(error.find("character 6 is not a digit 1-6") != std::string::npos);
  CHECK_FALSE(parse_arrangement("162532", &error));
  CHECK(error.find("the piece 2 appears twice") != std::string::npos);
  CHECK(format_arrangement(renumbered({1, 6, 2, 5, 3, 4})) == "615243");
}
