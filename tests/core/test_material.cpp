// Material classes and how many positions they hold (SPEC section 5).
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <map>
#include <set>
#include <vector>

#include "index.h"
#include "material.h"
#include "placements.h"

using namespace ewn;

namespace {

// Placements counted by enumeration: all of them, and one per mirror orbit (the placement that
// is not larger than its mirror image).
struct PlacementCount {
  uint64_t all = 0, canonical = 0;
};

PlacementCount count_by_hand(int a, int b) {
  PlacementCount out;
  int n = a + b;
  test::for_each_placement(a, n, [&](const SquareList& sq) {
    ++out.all;
    if (test::not_after(sq, test::reflected_list(sq, n), n)) ++out.canonical;
  });
  return out;
}

uint64_t canonical_total(int pieces) {
  uint64_t total = 0;
  for (MaterialClass mc : material_classes(pieces)) total += PositionIndex(mc).canonical_count();
  return total;
}

}  // namespace

TEST_CASE("material: 1, 9, 10, 9, 3, 1 side classes, 33 in all") {
  // Classes by hand: a lone piece is one class; otherwise a mask and its renumbering.
  std::map<int, std::set<unsigned>> by_hand;
  for (unsigned m = 1; m < 64; ++m) {
    int k = std::popcount(m);
    unsigned r = 0;
    for (int n = 1; n <= 6; ++n)
      if (m & (1u << (n - 1))) r |= 1u << (7 - n - 1);
    by_hand[k].insert(k == 1 ? 1u : std::min(m, r));
  }
  const int expected[] = {0, 1, 9, 10, 9, 3, 1};
  for (int k = 1; k <= 6; ++k) {
    auto classes = side_classes(k);
    CHECK(int(classes.size()) == expected[k]);
    CHECK(std::set<unsigned>(classes.begin(), classes.end()) == by_hand[k]);
  }
  CHECK(all_side_classes().size() == 33);
  for (unsigned m = 1; m < 64; ++m) {
    unsigned c = canonical_side_mask(m);
    CHECK(std::popcount(c) == std::popcount(m));
    CHECK(canonical_side_mask(c) == c);
    CHECK(canonical_side_mask(renumber_mask(m)) == c);
  }
  CHECK(renumber_symmetric(0b100001));        // {1,6}
  CHECK(renumber_symmetric(0b011110));        // {2,3,4,5}
  CHECK_FALSE(renumber_symmetric(0b000100));  // a lone piece
  CHECK_FALSE(renumber_symmetric(0b000011));  // {1,2}
}

TEST_CASE("material: class counts per number of pieces") {
  const std::map<int, size_t> expected = {{2, 1}, {3, 18}, {4, 101}, {5, 198}, {6, 268}, {7, 236}};
  for (auto [pieces, count] : expected) {
    auto classes = material_classes(pieces);
    CHECK(classes.size() == count);
    std::set<MaterialClass> distinct(classes.begin(), classes.end());
    CHECK(distinct.size() == count);
    for (MaterialClass mc : classes) CHECK(mc.piece_count() == pieces);
  }
  CHECK(material_classes(2)[0].name() == "1v1");
}

TEST_CASE("material: names round trip, bad names are refused") {
  for (int pieces = 2; pieces <= 12; ++pieces)
    for (MaterialClass mc : material_classes(pieces)) {
      auto back = parse_material_class(mc.name());
      REQUIRE(back);
      CHECK(*back == mc);
      CHECK(mc.flipped().flipped() == mc);
    }
  REQUIRE(parse_material_class("124v14"));
  CHECK(parse_material_class("124v14")->mover == 0b1011);
  CHECK(parse_material_class("124v14")->opponent == 0b1001);
  CHECK_FALSE(parse_material_class("124v36"));  // {3,6} is written as its renumbering {1,4}
  for (const char* bad :
       {"", "v", "1v", "v1", "2v1", "56v1", "11v1", "21v1", "17v1", "1x1", "1v1v1"})
    CHECK_FALSE(parse_material_class(bad));
}

TEST_CASE("material: canonical counts match an enumeration for up to 5 pieces") {
  for (int pieces = 2; pieces <= 5; ++pieces) {
    std::map<int, PlacementCount> by_split;  // keyed by the mover's piece count
    for (MaterialClass mc : material_classes(pieces)) {
      int a = mc.mover_count();
      if (!by_split.count(a)) by_split[a] = count_by_hand(a, pieces - a);
      INFO(mc.name());
      CHECK(PositionIndex(mc).canonical_count() == by_split[a].canonical);
    }
  }
  // SPEC section 5: 553 two-piece positions before the mirror, (553 + 13) / 2 after it.
  PlacementCount two = count_by_hand(1, 1);
  CHECK(two.all == 553);
  CHECK(two.canonical == 283);
  CHECK(canonical_total(2) == 283);
}

TEST_CASE("material: totals agree with the SPEC's approximate figures") {
  // SPEC figures are before the mirror, which halves them; they have two significant digits.
  const std::map<int, double> spec = {{3, 2.2e5}, {4, 2.6e7}, {5, 1.0e9}, {6, 2.6e10}, {7, 4.2e11}};
  double all_up_to_6 = double(canonical_total(2));
  for (auto [pieces, figure] : spec) {
    double total = double(canonical_total(pieces));
    INFO(pieces << " pieces: " << total << " canonical positions");
    CHECK(2 * total == Approx(figure).epsilon(0.05));
    if (pieces <= 6) all_up_to_6 += total;
  }
  CHECK(all_up_to_6 == Approx(1.4e10).epsilon(0.05));
}

TEST_CASE("a class with its colour twin: one group, named by the smaller, each class once") {
  MaterialClass a = *parse_material_class("123v1"), b = *parse_material_class("1v123");
  MaterialClass own = *parse_material_class("12v12");
  CHECK(with_twin(a) == std::vector<MaterialClass>{a, b});
  CHECK(with_twin(own) == std::vector<MaterialClass>{own});
  CHECK(group_of(a).first == b);
  CHECK(group_of(b).first == b);
  CHECK(group_of(a).members() == std::vector<MaterialClass>{b, a});
  CHECK(group_of(own).pieces() == 4);

  std::map<MaterialClass, int> seen;
  int pieces = 2;
  for (const ClassGroup& g : class_groups(5)) {
    CHECK(g.pieces() >= pieces);  // fewest pieces first
    pieces = g.pieces();
    CHECK(group_of(g.first).first == g.first);
    for (MaterialClass mc : g.members()) ++seen[mc];
  }
  size_t classes = 0;
  for (int n = 2; n <= 5; ++n) classes += material_classes(n).size();
  CHECK(seen.size() == classes);
  for (const auto& [mc, count] : seen) CHECK(count == 1);
}
