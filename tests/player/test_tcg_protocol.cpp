// The course protocol's squares, positions and moves (tcg_protocol.h).
#include <catch2/catch.hpp>

#include "movegen.h"
#include "notation.h"
#include "rng.h"
#include "setup.h"
#include "tcg_protocol.h"

using namespace ewn;

TEST_CASE("course squares: A1 is a5, E5 is e1, the row is 6 - the rank", "[tcg]") {
  CHECK(tcg::square_text(parse_square("a5")) == "A1");
  CHECK(tcg::square_text(parse_square("e1")) == "E5");
  CHECK(tcg::square_text(parse_square("c2")) == "C4");
  for (Square s = 0; s < kSquares; ++s) CHECK(tcg::parse_square(tcg::square_text(s)) == s);
  CHECK(tcg::parse_square("c4") == parse_square("c2"));
  for (const char* bad : {"", "A", "A0", "A6", "F1", "11", "A11"})
    CHECK_FALSE(tcg::parse_square(bad));
}

TEST_CASE("ini: the squares of pieces 1-6 on each side's start triangle", "[tcg]") {
  Arrangement ordered = {1, 2, 3, 4, 5, 6};
  CHECK(tcg::ini_reply(Red, ordered) == "A1 B1 C1 A2 B2 A3");
  CHECK(tcg::ini_reply(Blue, ordered) == "E5 E4 E3 D5 D4 C5");
  CHECK(tcg::ini_reply(Red, {6, 5, 4, 3, 2, 1}) == "A3 B2 A2 C1 B1 A1");
}

TEST_CASE("get lines carry a position both ways", "[tcg]") {
  Position start = random_setup(7, Blue);
  std::string line = tcg::get_line(start, 4);
  auto w = tcg::words(line);
  REQUIRE(w.size() == 15);
  CHECK(w[0] == "get");
  CHECK(w[1] == "B");
  CHECK(w[2] == "4");
  std::string error;
  auto r = tcg::parse_get({w.begin() + 1, w.end()}, error);
  REQUIRE(r);
  CHECK(r->position == start);
  CHECK(r->die == 4);
  CHECK(r->side == Blue);
  Rng rng(3);
  for (int i = 0; i < 200; ++i) {  // positions along random games, pieces taken too
    Position pos = random_setup(rng.next(), i % 2 ? Red : Blue);
    for (int plies = int(rng.below(30)); plies > 0 && !pos.winner(); --plies) {
      auto moves = legal_moves(pos, rng.die());
      pos.play(moves.moves[rng.below(uint32_t(moves.size))]);
    }
    if (pos.winner()) continue;
    auto words = tcg::words(tcg::get_line(pos, 1));
    auto back = tcg::parse_get({words.begin() + 1, words.end()}, error);
    REQUIRE(back);
    CHECK(back->position == pos);
  }
}

TEST_CASE("a get that cannot be played says what is wrong", "[tcg]") {
  auto refused = [](const std::string& args) {
    std::string error;
    CHECK_FALSE(tcg::parse_get(tcg::words(args), error));
    return error;
  };
  const std::string pieces = " E5 E4 E3 D5 D4 C5 A1 B1 C1 A2 B2 A3";
  CHECK_THAT(refused("R 0" + pieces), Catch::Contains("die"));
  CHECK_THAT(refused("Q 1" + pieces), Catch::Contains("colour"));
  CHECK_THAT(refused("R 1 E5"), Catch::Contains("14 words"));
  CHECK_THAT(refused("R 1 E5 E4 E3 D5 D4 C5 A1 B1 C1 A2 B2 B2"), Catch::Contains("another piece"));
  CHECK_THAT(refused("R 1 E5 E4 E3 D5 D4 C5 A1 B1 C1 A2 B2 Z3"), Catch::Contains("not a square"));
  CHECK_THAT(refused("R 1 0 0 0 0 0 0 A1 B1 C1 A2 B2 A3"), Catch::Contains("Blue has no pieces"));
  CHECK_THAT(refused("B 1 E5 E4 E3 D5 D4 C5 0 B1 C1 A2 B2 E5"), Catch::Contains("another piece"));
  CHECK_THAT(refused("B 1 E5 E4 E3 D5 D4 A1 0 B1 C1 A2 B2 A3"), Catch::Contains("goal"));
}

TEST_CASE("move replies: two squares, nothing else", "[tcg]") {
  Move m{parse_square("c3"), parse_square("d2")};
  CHECK(tcg::move_text(m) == "C3 D4");
  for (const char* ok : {"C3 D4", "c3 d4", "C3D4", "  C3   D4\r"})
    CHECK(tcg::parse_move_reply(ok) == m);
  for (const char* bad : {"", "C3", "C3 D4 E5", "C3-D4", "resign", "C3 D9"})
    CHECK_FALSE(tcg::parse_move_reply(bad));
  CHECK(tcg::seconds_text(1) == "1");
  CHECK(tcg::seconds_text(0.25) == "0.25");
  CHECK(tcg::seconds_text(30) == "30");
}
