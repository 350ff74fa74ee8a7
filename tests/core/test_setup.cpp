// Initial setups of SPEC section 2: free setups and the referee's random procedure.
#include <catch2/catch.hpp>

#include <array>
#include <map>
#include <set>
#include <stdexcept>
#include <string>

#include "notation.h"
#include "setup.h"

using namespace ewn;

namespace {
using Order = std::array<int, 6>;
const Order kIdentity = {1, 2, 3, 4, 5, 6};

// Red's start squares in filling order and the squares Blue mirrors them to, by name.
const std::array<const char*, 6> kRedSquares = {"a5", "b5", "c5", "a4", "b4", "a3"};
const std::map<std::string, std::string> kBlueMirror = {{"a5", "e1"}, {"b5", "e2"}, {"c5", "e3"},
                                                        {"a4", "d1"}, {"b4", "d2"}, {"a3", "c1"}};
}  // namespace

TEST_CASE("setup: the SPEC's start position is the free setup in order") {
  CHECK(format_position(free_setup(kIdentity, kIdentity)) == "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r");
  CHECK(format_position(free_setup(kIdentity, kIdentity, Blue)) ==
        "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 b");
}

TEST_CASE("setup: free setups place each side on its own triangle") {
  Order red = {6, 5, 4, 3, 2, 1}, blue = {2, 4, 6, 1, 3, 5};
  Position p = free_setup(red, blue);
  for (int i = 0; i < 6; ++i) {
    CHECK(square_name(p.square_of(Red, red[i])) == kRedSquares[i]);
    CHECK(square_name(p.square_of(Blue, blue[i])) == kBlueMirror.at(kRedSquares[i]));
  }
  CHECK(format_position(p) == "r6r5r42/r3r23/r13b6/3b3b4/2b5b1b2 r");
}

TEST_CASE("setup: invalid permutations are rejected") {
  for (Order bad : {Order{1, 2, 3, 4, 5, 5}, Order{0, 1, 2, 3, 4, 5}, Order{1, 2, 3, 4, 5, 7},
                    Order{6, 6, 6, 6, 6, 6}, Order{-1, 2, 3, 4, 5, 6}}) {
    CHECK_THROWS_AS(free_setup(bad, kIdentity), std::invalid_argument);
    CHECK_THROWS_AS(free_setup(kIdentity, bad), std::invalid_argument);
  }
  CHECK_THROWS_WITH(free_setup(Order{1, 1, 2, 3, 4, 5}, kIdentity), Catch::Contains("Red"));
  CHECK_THROWS_WITH(free_setup(kIdentity, Order{1, 1, 2, 3, 4, 5}), Catch::Contains("Blue"));
  CHECK_THROWS_AS(referee_order(Order{1, 2, 3, 4, 5, 7}), std::invalid_argument);
  CHECK_THROWS_AS(referee_order(Order{0, 2, 3, 4, 5, 6}), std::invalid_argument);
}

TEST_CASE("setup: the referee procedure, worked by hand") {
  // Rolls 3 5 2 6 1 4. Unplaced [1 2 3 4 5 6]: 3 mod 6 = 3 -> piece 4 on a5.
  // [1 2 3 5 6]: 5 mod 5 = 0 -> 1 on b5. [2 3 5 6]: 2 mod 4 = 2 -> 5 on c5.
  // [2 3 6]: 6 mod 3 = 0 -> 2 on a4. [3 6]: 1 mod 2 = 1 -> 6 on b4. [3]: -> 3 on a3.
  CHECK(referee_order(Order{3, 5, 2, 6, 1, 4}) == Order{4, 1, 5, 2, 6, 3});
  // Blue mirrored: b4 on e1, b1 on e2, b5 on e3, b2 on d1, b6 on d2, b3 on c1.
  CHECK(format_position(referee_setup(Order{3, 5, 2, 6, 1, 4})) ==
        "r4r1r52/r2r63/r33b5/3b6b1/2b3b2b4 r");
  // All sixes: 6 mod 6 = 0 -> 1; [2..6]: 6 mod 5 = 1 -> 3; [2 4 5 6]: 6 mod 4 = 2 -> 5;
  // [2 4 6]: 0 -> 2; [4 6]: 0 -> 4; then 6.
  CHECK(referee_order(Order{6, 6, 6, 6, 6, 6}) == Order{1, 3, 5, 2, 4, 6});
  // All ones: always position 1 of the list, except the last piece.
  CHECK(referee_order(Order{1, 1, 1, 1, 1, 1}) == Order{2, 3, 4, 5, 6, 1});
}

TEST_CASE("setup: every roll sequence gives a mirrored setup, and every order occurs") {
  std::set<Order> orders;
  Order rolls{};
  for (int code = 0; code < 6 * 6 * 6 * 6 * 6 * 6; ++code) {
    for (int i = 0, c = code; i < 6; ++i, c /= 6) rolls[i] = c % 6 + 1;
    Order order = referee_order(rolls);
    orders.insert(order);
    Position p = referee_setup(rolls, code % 2 ? Blue : Red);
    if (p.to_move != (code % 2 ? Blue : Red)) FAIL("wrong side to move");
    for (int i = 0; i < 6; ++i) {
      std::string red_square = square_name(p.square_of(Red, order[i]));
      std::string blue_square = square_name(p.square_of(Blue, order[i]));
      if (red_square != kRedSquares[i] || blue_square != kBlueMirror.at(red_square))
        FAIL("piece " << order[i] << " misplaced in " << format_position(p));
    }
  }
  CHECK(orders.size() == 720);  // 6 * 5 * 4 * 3 * 2 * 1 remainders: each permutation once
}

TEST_CASE("setup: random setups are referee setups, reproducible by seed") {
  std::set<std::string> seen;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    Position p = random_setup(seed);
    CHECK(p == random_setup(seed));
    CHECK(p.count(Red) == 6);
    CHECK(p.count(Blue) == 6);
    for (int n = 1; n <= 6; ++n)
      CHECK(kBlueMirror.at(square_name(p.square_of(Red, n))) == square_name(p.square_of(Blue, n)));
    CHECK(random_setup(seed, Blue).to_move == Blue);
    seen.insert(format_position(p));
  }
  CHECK(seen.size() > 100);  // 200 seeds over 720 setups: repeats are rare
}
