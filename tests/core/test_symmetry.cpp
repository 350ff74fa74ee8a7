// The symmetries of SPEC section 5: each maps the game onto itself, so each keeps the value.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "movegen.h"
#include "notation.h"
#include "symmetry.h"
#include "test_util.h"

using namespace ewn;

namespace {

using test::reflected;
using test::turned;

std::set<std::string> mapped_moves(const MoveList& moves, Square (*map)(Square)) {
  std::set<std::string> out;
  for (Move m : moves) out.insert(format_move(Move{map(m.from), map(m.to)}));
  return out;
}
Square same(Square s) {
  return s;
}

}  // namespace

TEST_CASE("symmetry: squares by name") {
  CHECK(square_name(turned(parse_square("a5"))) == "e1");
  CHECK(square_name(turned(parse_square("b4"))) == "d2");
  CHECK(square_name(reflected(parse_square("a4"))) == "b5");
  CHECK(square_name(reflected(parse_square("c3"))) == "c3");
  CHECK(square_name(reflected(parse_square("a1"))) == "e5");
  for (int s = 0; s < kSquares; ++s) {
    CHECK(flip_square(Square(s)) == turned(Square(s)));
    CHECK(mirror_square(Square(s)) == reflected(Square(s)));
  }
}

TEST_CASE("symmetry: a worked example") {
  auto p = parse_position("r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r").position;
  // The start is symmetric under flip-then-mirror, so its flip is its mirror with Blue to move.
  CHECK(format_position(flip_colours(p)) == "r1r4r62/r2r53/r33b6/3b5b4/2b3b2b1 b");
  CHECK(format_position(mirror(p)) == "r1r4r62/r2r53/r33b6/3b5b4/2b3b2b1 r");
  CHECK(format_position(renumber(p, Red)) == "r6r5r42/r3r23/r13b3/3b5b2/2b6b4b1 r");
  CHECK(format_position(renumber(p, Blue)) == "r1r2r32/r4r53/r63b4/3b2b5/2b1b3b6 r");
}

TEST_CASE("symmetry: each map is an involution that maps moves onto moves") {
  test::Rng rng(99);
  for (int trial = 0; trial < 5000; ++trial) {
    Position p = random_position_any(rng, test::uniform(rng, 2, 12));
    INFO(format_position(p));
    Position f = flip_colours(p), m = mirror(p), rr = renumber(p, Red), rb = renumber(p, Blue);
    REQUIRE(flip_colours(f) == p);
    REQUIRE(mirror(m) == p);
    REQUIRE(renumber(rr, Red) == p);
    REQUIRE(renumber(rb, Blue) == p);
    REQUIRE(f.to_move == opposite(p.to_move));
    // Who has won is kept (by colour: the flip swaps it).
    auto w = p.winner();
    REQUIRE(f.winner() == (w ? std::optional<Side>(opposite(*w)) : std::nullopt));
    REQUIRE(m.winner() == w);
    REQUIRE(rr.winner() == w);
    // The same choices for the side to move: die d on p is die d on the flip and the mirror,
    // and die 7-d after renumbering the side to move.
    for (int die = 1; die <= 6; ++die) {
      auto moves = legal_moves(p, die);
      REQUIRE(mapped_moves(moves, turned) == mapped_moves(legal_moves(f, die), same));
      REQUIRE(mapped_moves(moves, reflected) == mapped_moves(legal_moves(m, die), same));
      REQUIRE(mapped_moves(moves, same) ==
              mapped_moves(legal_moves(renumber(p, p.to_move), 7 - die), same));
      REQUIRE(mapped_moves(moves, same) ==
              mapped_moves(legal_moves(renumber(p, opposite(p.to_move)), die), same));
    }
  }
}
