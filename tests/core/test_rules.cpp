// The rules of SPEC section 1: which piece a die lets move, where pieces go, captures, wins.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "movegen.h"
#include "notation.h"
#include "position.h"
#include "test_util.h"

using namespace ewn;

namespace {

Position at(std::string_view text) {
  return parse_position(text).position;
}

std::set<std::string> move_names(const MoveList& moves) {
  std::set<std::string> out;
  for (Move m : moves) out.insert(format_move(m));
  return out;
}

std::set<std::string> names(std::initializer_list<const char*> list) {
  return std::set<std::string>(list.begin(), list.end());
}

// The squares a piece may step to, worked out from files and ranks (not from square numbers).
std::set<std::string> steps_by_hand(Side side, int file, int rank) {
  const int df = side == Red ? 1 : -1, dr = side == Red ? -1 : 1;
  std::set<std::string> out;
  const std::array<std::pair<int, int>, 3> targets = {
      {{file + df, rank}, {file, rank + dr}, {file + df, rank + dr}}};
  for (auto [f, r] : targets)
    if (f >= 0 && f <= 4 && r >= 1 && r <= 5)
      out.insert(std::string{char('a' + file), char('0' + rank), char('a' + f), char('0' + r)});
  return out;
}

}  // namespace

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

TEST_CASE("missing rolled piece: every die with pieces 4 and 5 gone") {
  auto p = at("r1r2r32/5/r63b3/3b5b2/2b6b4b1 r");
  CHECK(move_names(legal_moves(p, 4)) == names({"c5d5", "c5c4", "c5d4", "a3b3", "a3a2", "a3b2"}));
  CHECK(move_names(legal_moves(p, 5)) == move_names(legal_moves(p, 4)));
  // Pieces that are present move alone.
  CHECK(move_names(legal_moves(p, 3)) == names({"c5d5", "c5c4", "c5d4"}));
  CHECK(move_names(legal_moves(p, 6)) == names({"a3b3", "a3a2", "a3b2"}));
  // Self-capture of r2 on b5 is among piece 1's moves.
  CHECK(move_names(legal_moves(p, 1)) == names({"a5b5", "a5a4", "a5b4"}));
}

TEST_CASE("missing rolled piece with only a lower neighbour") {
  auto p = at("r1r2r32/5/5/5/4b1 r");  // Red has 1, 2, 3
  for (int die : {4, 5, 6}) {
    auto m = movable_pieces(p.mask(Red), die);
    REQUIRE(m.count == 1);
    CHECK(m.number[0] == 3);
    CHECK(move_names(legal_moves(p, die)) == names({"c5d5", "c5c4", "c5d4"}));
  }
  CHECK(move_names(legal_moves(p, 2)) == names({"b5c5", "b5b4", "b5c4"}));
}

TEST_CASE("missing rolled piece with only a higher neighbour") {
  auto p = at("5/5/1r23/5/2b4b5b6 b");  // Blue has 4, 5, 6 on c1, d1, e1
  for (int die : {1, 2, 3}) {
    auto m = movable_pieces(p.mask(Blue), die);
    REQUIRE(m.count == 1);
    CHECK(m.number[0] == 4);
  }
  for (int die : {1, 2, 3})
    CHECK(move_names(legal_moves(p, die)) == names({"c1b1", "c1c2", "c1b2"}));
  CHECK(move_names(legal_moves(p, 5)) == names({"d1c1", "d1d2", "d1c2"}));
}

TEST_CASE("self-capture is legal and removes your own piece") {
  auto p = at("r1r23/5/5/5/4b1 r");
  Move m = parse_move("a5b5");
  REQUIRE(legal_moves(p, 1).contains(m));
  p.play(m);
  CHECK(p.count(Red) == 1);
  CHECK(p.square_of(Red, 1) == square_at(1, 5));
  CHECK(p.square_of(Red, 2) == kNoSquare);
  CHECK(p.count(Blue) == 1);
  CHECK(p.to_move == Blue);
  CHECK_FALSE(p.winner());

  auto q = at("5/5/5/5/2r1b5b6 b");  // Blue 6 on e1 takes Blue 5 on d1
  Move bm = parse_move("e1d1");
  REQUIRE(legal_moves(q, 6).contains(bm));
  q.play(bm);
  CHECK(q.count(Blue) == 1);
  CHECK(q.square_of(Blue, 5) == kNoSquare);
  CHECK(q.square_of(Blue, 6) == square_at(3, 1));
  CHECK_FALSE(q.winner());
}

TEST_CASE("capturing the last enemy piece wins") {
  auto p = at("5/5/2r1b11/5/5 r");
  Move m = parse_move("c3d3");
  REQUIRE(legal_moves(p, 5).contains(m));
  p.play(m);
  CHECK(p.count(Blue) == 0);
  REQUIRE(p.winner());
  CHECK(*p.winner() == Red);
  for (int die = 1; die <= 6; ++die) CHECK(legal_moves(p, die).size == 0);

  auto q = at("5/5/2r1b11/5/5 b");
  q.play(parse_move("d3c3"));
  REQUIRE(q.winner());
  CHECK(*q.winner() == Blue);
}

TEST_CASE("reaching the goal corner wins: Red on e1, Blue on a5") {
  auto p = at("5/5/2b12/3r11/b24 r");
  CHECK(move_names(legal_moves(p, 1)) == names({"d2e2", "d2d1", "d2e1"}));
  auto step = p;
  step.play(parse_move("d2e2"));
  CHECK_FALSE(step.winner());
  p.play(parse_move("d2e1"));
  REQUIRE(p.winner());
  CHECK(*p.winner() == Red);
  CHECK(p.count(Blue) == 2);

  auto q = at("5/1b13/5/5/r1r23 b");
  CHECK(move_names(legal_moves(q, 3)) == names({"b4a4", "b4b5", "b4a5"}));
  q.play(parse_move("b4a5"));
  REQUIRE(q.winner());
  CHECK(*q.winner() == Blue);
  CHECK(q.count(Red) == 2);

  auto r = at("1b23/5/5/5/r14 b");
  r.play(parse_move("b5a5"));
  REQUIRE(r.winner());
  CHECK(*r.winner() == Blue);
}

TEST_CASE("a single piece moves on every die") {
  auto p = at("5/5/2r42/5/3b1b2 r");
  for (int die = 1; die <= 6; ++die) {
    INFO("die " << die);
    auto m = movable_pieces(p.mask(Red), die);
    REQUIRE(m.count == 1);
    CHECK(m.number[0] == 4);
    CHECK(move_names(legal_moves(p, die)) == names({"c3d3", "c3c2", "c3d2"}));
  }
  auto q = at("r1r23/5/5/5/b54 b");
  for (int die = 1; die <= 6; ++die) CHECK(move_names(legal_moves(q, die)) == names({"a1a2"}));
}

TEST_CASE("moves never leave the board, for every square and both sides") {
  for (int file = 0; file < 5; ++file)
    for (int rank = 1; rank <= 5; ++rank) {
      Square s = square_at(file, rank);
      INFO("square " << square_name(s));
      if (s != kRedGoal) {  // a red piece on e1 has already won
        Position p;
        p.put(Red, 1, s);
        p.put(Blue, 1, s == square_at(3, 1) ? square_at(2, 1) : square_at(3, 1));
        p.to_move = Red;
        CHECK(move_names(legal_moves(p, 1)) == steps_by_hand(Red, file, rank));
      }
      if (s != kBlueGoal) {
        Position p;
        p.put(Blue, 1, s);
        p.put(Red, 1, s == square_at(1, 5) ? square_at(2, 5) : square_at(1, 5));
        p.to_move = Blue;
        CHECK(move_names(legal_moves(p, 1)) == steps_by_hand(Blue, file, rank));
      }
    }
  // The edges by name.
  CHECK(move_names(legal_moves(at("4r1/5/5/5/b14 r"), 1)) == names({"e5e4"}));
  CHECK(move_names(legal_moves(at("5/5/5/5/r13b1 r"), 1)) == names({"a1b1"}));
  CHECK(move_names(legal_moves(at("5/5/5/4r1/b14 r"), 1)) == names({"e2e1"}));
  CHECK(move_names(legal_moves(at("4b1/5/5/5/r14 b"), 1)) == names({"e5d5"}));
  CHECK(move_names(legal_moves(at("1r13/5/5/5/b14 b"), 1)) == names({"a1a2"}));
}

TEST_CASE("Blue moves left, up and diagonally left-up") {
  auto p = at("5/5/2b12/5/r14 b");
  CHECK(move_names(legal_moves(p, 1)) == names({"c3b3", "c3c4", "c3b4"}));
  auto r = at("5/5/2r12/5/4b1 r");
  CHECK(move_names(legal_moves(r, 1)) == names({"c3d3", "c3c2", "c3d2"}));
}

TEST_CASE("dice_allowing: the dice with which a move is legal") {
  auto p = at("r11r32/5/5/r64/3b11 r");                      // Red has 1 (a5), 3 (c5), 6 (a2)
  CHECK(dice_allowing(p, parse_move("a5b5")) == 0b000011u);  // piece 1: dice 1, 2
  CHECK(dice_allowing(p, parse_move("c5d4")) == 0b011110u);  // piece 3: dice 2..5
  CHECK(dice_allowing(p, parse_move("a2b2")) == 0b111000u);  // piece 6: dice 4..6
  CHECK(dice_allowing(p, parse_move("a5a3")) == 0u);         // not a step
  CHECK(dice_allowing(p, parse_move("d1c1")) == 0u);         // Blue's piece
  CHECK(dice_allowing(p, parse_move("b4c3")) == 0u);         // empty square
  auto single = at("5/5/2r42/5/3b1b2 r");
  CHECK(dice_allowing(single, parse_move("c3d2")) == 0b111111u);
  auto decided = at("5/5/2b12/5/4r1 b");  // Red already on e1
  CHECK(dice_allowing(decided, parse_move("c3b3")) == 0u);
}

TEST_CASE("all_moves is the union over the dice, and a side never has to pass") {
  test::Rng rng(20240601);
  for (int trial = 0; trial < 5000; ++trial) {
    auto p = random_position(rng, test::uniform(rng, 2, 12));
    std::set<std::string> by_dice;
    for (int die = 1; die <= 6; ++die) {
      auto moves = legal_moves(p, die);
      if (moves.size == 0) FAIL("no legal move in " << format_position(p) << " with die " << die);
      for (Move m : moves) {
        by_dice.insert(format_move(m));
        if (!(dice_allowing(p, m) & (1u << (die - 1))))
          FAIL(format_move(m) << " not allowed by die " << die << " in " << format_position(p));
      }
    }
    if (move_names(all_moves(p)) != by_dice) FAIL("all_moves differs in " << format_position(p));
  }
}
