// Position and move notation of SPEC section 3: round trips and every kind of malformed input.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "notation.h"
#include "test_util.h"

using namespace ewn;

namespace {

const char* const kStart = "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r";

// The message of the ParseError thrown for `text` ("" when none is thrown).
std::string parse_error(std::string_view text) {
  try {
    parse_position(text);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "";
}

std::string move_error(std::string_view text) {
  try {
    parse_move(text);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "";
}

struct Malformed {
  const char* text;
  const char* problem;  // a part of the message that names the problem
  int column;           // where (1-based), 0 when the problem is the whole board
};

}  // namespace

TEST_CASE("notation: the SPEC's start position") {
  auto parsed = parse_position(kStart);
  const Position& p = parsed.position;
  CHECK_FALSE(parsed.die);
  CHECK(p.to_move == Red);
  CHECK(p.count(Red) == 6);
  CHECK(p.count(Blue) == 6);
  CHECK(p.square_of(Red, 1) == square_at(0, 5));   // a5
  CHECK(p.square_of(Red, 6) == square_at(0, 3));   // a3
  CHECK(p.square_of(Blue, 3) == square_at(4, 3));  // e3
  CHECK(p.square_of(Blue, 1) == square_at(4, 1));  // e1
  CHECK(format_position(p) == kStart);
  CHECK(format_position(p, 4) == std::string(kStart) + " 4");
}

TEST_CASE("notation: squares by name") {
  CHECK(parse_square("a5") == 0);
  CHECK(parse_square("e5") == 4);
  CHECK(parse_square("a1") == 20);
  CHECK(parse_square("e1") == 24);
  for (int s = 0; s < kSquares; ++s) CHECK(parse_square(square_name(Square(s))) == s);
}

TEST_CASE("notation: round trip on random positions") {
  test::Rng rng(7);
  for (int trial = 0; trial < 20000; ++trial) {
    int pieces = test::uniform(rng, 2, 12);
    Position p = random_position_any(rng, pieces);
    std::optional<int> die;
    if (test::uniform(rng, 0, 1)) die = test::uniform(rng, 1, 6);
    std::string text = format_position(p, die);
    ParsedPosition back;
    try {
      back = parse_position(text);
    } catch (const ParseError& e) {
      FAIL("format_position wrote unparsable \"" << text << "\": " << e.what());
    }
    if (!(back.position == p) || back.die != die) FAIL("parse(format(p)) != p for " << text);
    if (back.position.where != p.where) FAIL("piece lists differ after parsing " << text);
    if (format_position(back.position, back.die) != text)
      FAIL("format(parse(x)) != x for " << text);
  }
}

TEST_CASE("notation: liberal input is read, canonical output is written") {
  // Split runs of empty squares and extra spaces are accepted.
  auto p = parse_position("  r1r2r311/r4r512/r63b3/3b5b2/2b6b4b1   r   5  ");
  CHECK(format_position(p.position, p.die) == std::string(kStart) + " 5");
}

TEST_CASE("notation: malformed positions are rejected with what and where") {
  const std::vector<Malformed> cases = {
      // bad characters
      {"r1r2r32/r4r53/r63x3/3b5b2/2b6b4b1 r", "unexpected character 'x'", 18},
      {"r1r2r32/r4r503/r63b3/3b5b2/2b6b4b1 r", "unexpected character '0'", 13},
      {"R1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r", "unexpected character 'R'", 1},
      {"r1r2r72/r4r53/r63b3/3b5b2/2b6b4b1 r", "must be followed by its number 1-6", 5},
      {"r1r2r32/r4r53/r63b3/3b5b2/2b6b4b", "must be followed by its number 1-6", 32},
      // ranks that do not cover five squares
      {"r1r2r3/r4r53/r63b3/3b5b2/2b6b4b1 r", "rank 5 covers 3 squares, not five", 1},
      {"r1r2r32/r4r53/r62b3/3b5b2/2b6b4b1 r", "rank 3 covers 4 squares, not five", 15},
      {"r1r2r32//r4r53/r63b3/3b5b2 r", "rank 4 covers 0 squares, not five", 9},
      {"r1r2r33/r4r53/r63b3/3b5b2/2b6b4b1 r", "rank 5 has more than five squares", 7},
      {"r1r2r32r4/r53/r63b3/3b5b2/2b6b4b1 r", "rank 5 has more than five squares", 8},
      // a piece twice
      {"r1r2r32/r1r53/r63b3/3b5b2/2b6b4b1 r", "piece r1 appears twice", 9},
      {"r1r2r32/r4r53/r63b3/3b5b2/2b6b4b3 r", "piece b3 appears twice", 32},
      // a side with no pieces
      {"5/5/5/3b5b2/2b6b4b1 r", "Red has no pieces", 0},
      {"r1r2r32/r4r53/r64/5/5 b", "Blue has no pieces", 0},
      // a missing or wrong side
      {"r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1", "missing side to move", 34},
      {"r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 ", "missing side to move", 35},
      {"r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 x", "side to move must be 'r' or 'b', not 'x'", 35},
      {"r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 red", "side to move must be a single letter", 35},
      // a die outside 1-6
      {"r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r 7", "the die must be a single digit 1-6", 37},
      {"r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r 0", "the die must be a single digit 1-6", 37},
      {"r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r 12", "the die must be a single digit 1-6", 37},
      {"r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 b -3", "the die must be a single digit 1-6", 37},
      // trailing junk
      {"r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r 3 x", "unexpected text after the die", 39},
      {"r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r 3 3", "unexpected text after the die", 39},
      // too few or too many ranks
      {"r1r2r32/r4r53/r63b3/3b5b2 r", "expected '/' after rank 2 (five ranks are needed)", 26},
      {"r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1/5 r", "more than five ranks", 34},
      // both sides on their goal corners: nobody can have won that way
      {"b14/5/5/5/4r1 r", "both sides stand on their goal corners", 0},
  };
  for (const Malformed& c : cases) {
    INFO("input: \"" << c.text << "\"");
    std::string message = parse_error(c.text);
    REQUIRE_FALSE(message.empty());
    CHECK_THAT(message, Catch::Contains(c.problem));
    if (c.column)
      CHECK_THAT(message, Catch::StartsWith("column " + std::to_string(c.column) + ":"));
    CHECK_THAT(message, Catch::Contains(std::string("\"") + c.text + "\""));
  }
  CHECK_THAT(parse_error(""), Catch::Contains("empty position"));
  CHECK_THAT(parse_error("   "), Catch::Contains("empty position"));
}

TEST_CASE("notation: a decided position is legal input and winner() reports it") {
  auto red_won = parse_position("5/5/2b12/5/4r1 b").position;
  REQUIRE(red_won.winner());
  CHECK(*red_won.winner() == Red);
  auto blue_won = parse_position("b14/5/2r12/5/5 r 6");
  REQUIRE(blue_won.position.winner());
  CHECK(*blue_won.position.winner() == Blue);
  CHECK(blue_won.die == 6);
  CHECK_FALSE(parse_position(kStart).position.winner());
}

TEST_CASE("notation: moves round trip and bad moves are rejected") {
  for (int from = 0; from < kSquares; ++from)
    for (int to = 0; to < kSquares; ++to) {
      Move m{Square(from), Square(to)};
      std::string text = format_move(m);
      REQUIRE(text.size() == 4);
      CHECK(parse_move(text) == m);
      CHECK(format_move(parse_move(text)) == text);
    }
  CHECK(parse_move("a5b4") == Move{0, 6});
  CHECK(parse_move("d2e1") == Move{18, 24});
  for (const char* bad :
       {"", "a5", "a5b", "a5b4c", "a6b4", "f5b4", "a5b0", "A5B4", "a5-b", "5ab4"}) {
    INFO("move: \"" << bad << "\"");
    std::string message = move_error(bad);
    REQUIRE_FALSE(message.empty());
    CHECK_THAT(message, Catch::Contains("not a"));
  }
  CHECK_THAT(move_error("a6b4"), Catch::Contains("\"a6\" is not a square"));
  CHECK_THAT(move_error("a5b"), Catch::Contains("\"a5b\" is not a move"));
}
