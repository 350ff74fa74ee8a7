#include <catch2/catch.hpp>

#include "movegen.h"
#include "notation.h"
#include "position.h"

using namespace ewn;

TEST_CASE("missing rolled piece: nearest lower or higher may move") {
  // Pieces 4 and 5 gone, die 4: piece 3 or piece 6.
  auto p = parse_position("r1r2r32/5/r63b3/3b5b2/2b6b4b1 r").position;
  auto m = movable_pieces(p.mask(Red), 4);
  REQUIRE(m.count == 2);
  CHECK(m.number[0] == 3);
  CHECK(m.number[1] == 6);
  auto moves = legal_moves(p, 4);
  CHECK(moves.size == 6);
  CHECK(moves.contains(parse_move("c5d5")));
  CHECK(moves.contains(parse_move("a3b2")));
}
