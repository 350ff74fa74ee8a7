#include <catch2/catch.hpp>

#include <set>

#include "match.h"
#include "match_placement.h"
#include "setup.h"
#include "setup_matrix.h"

using namespace ewn;

namespace {

// A matrix of the first three classes; the first mover's win probability. Its equilibrium
// plays rows 0 and 1 (5/12, 7/12) and columns 0 and 1 (1/2 each); row 2 and column 2 never.
std::shared_ptr<SetupAdvisor> small_advisor() {
  SetupMatrix m;
  m.rows = m.columns = 3;
  m.depth = 1;
  for (double v : {0.9, 0.2, 0.5, 0.3, 0.8, 0.6, 0.4, 0.4, 0.4})
    m.codes.push_back(encode_setup_value(v));
  return std::make_shared<SetupAdvisor>(m);
}

int class_of(const Position& setup, Side side) {
  return arrangement_class(arrangement_of(setup, side));
}

}  // namespace

TEST_CASE("match placement: A placed by the matrix plays its mix, B keeps the dealt setup",
          "[contest]") {
  auto advisor = small_advisor();
  PlayerFactory random_player(parse_player_spec("random"));
  MatchConfig dealt;
  dealt.count = 40;
  dealt.seed = 5;
  MatchConfig placed = dealt;
  placed.place = match_placement({advisor, true, false, false});
  placed.threads = 2;
  std::vector<MatchGame> plain = run_match(random_player, random_player, dealt);
  std::vector<MatchGame> games = run_match(random_player, random_player, placed);
  REQUIRE(games.size() == 40);
  std::set<int> first_classes, second_classes;
  for (size_t i = 0; i < games.size(); ++i) {
    const MatchGame& g = games[i];
    Side a = g.a_side, b = opposite(a);
    bool a_first = g.setup.to_move == a;
    // A's arrangement is a member of a class of its mix for its turn order.
    int c = class_of(g.setup, a);
    (a_first ? first_classes : second_classes).insert(c);
    CHECK(c <= 1);
    // B's is the one the pair's dealt setup gives its seat, and the dice are the pair's.
    CHECK(arrangement_of(g.setup, b) == arrangement_of(plain[i].setup, b));
    CHECK(g.setup.to_move == plain[i].setup.to_move);
    size_t n = std::min(g.dice.size(), plain[i].dice.size());
    CHECK(std::equal(g.dice.begin(), g.dice.begin() + long(n), plain[i].dice.begin()));
  }
  // Both classes of each mix are drawn over 20 games of each turn order.
  CHECK(first_classes == std::set<int>{0, 1});
  CHECK(second_classes == std::set<int>{0, 1});
  // The same seed gives the same placements, whatever the threads.
  placed.threads = 1;
  std::vector<MatchGame> again = run_match(random_player, random_player, placed);
  for (size_t i = 0; i < games.size(); ++i) CHECK(again[i].setup.board == games[i].setup.board);
}

TEST_CASE("match placement: the best reply to a dealt arrangement inside the matrix", "[contest]") {
  auto advisor = small_advisor();
  MatchPlacement place = match_placement({advisor, false, true, true});
  // B (Blue, moving second) against A's dealt 123456 (class 0): column 1 holds it to 0.2.
  Position dealt = free_setup(Arrangement{1, 2, 3, 4, 5, 6}, Arrangement{6, 5, 4, 3, 2, 1}, Red);
  Position p = place(dealt, Red, 9);
  CHECK(arrangement_of(p, Red) == Arrangement{1, 2, 3, 4, 5, 6});
  CHECK(class_of(p, Blue) == 1);
  // A dealt arrangement outside the small matrix: a draw from the mix instead.
  Position outside = free_setup(Arrangement{3, 6, 5, 4, 2, 1}, Arrangement{6, 5, 4, 3, 2, 1}, Red);
  CHECK(class_of(place(outside, Red, 9), Blue) <= 1);
}
