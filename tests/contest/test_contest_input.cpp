// What people type at the console (moves, setups, clock readings), the clocks, the engine's
// own arrangement and the big letters.
#include <catch2/catch.hpp>

#include "big_text.h"
#include "direction.h"
#include "game_clock.h"
#include "move_input.h"
#include "movegen.h"
#include "notation.h"
#include "position_sampler.h"
#include "rng.h"
#include "setup.h"
#include "setup_choice.h"
#include "setup_input.h"

using namespace ewn;

namespace {
Position at(const char* text) {
  return parse_position(text).position;
}
std::optional<Move> typed(const Position& pos, int die, const char* text) {
  return parse_move_input(pos, die, text).move;
}
std::string why(const Position& pos, int die, const char* text) {
  return parse_move_input(pos, die, text).error;
}
}  // namespace

TEST_CASE("directions: names, steps and the board edge", "[contest][input]") {
  CHECK(direction_of(parse_move("c5d4")) == Direction::RightDown);
  CHECK(direction_of(parse_move("c5c4")) == Direction::Down);
  CHECK(direction_of(parse_move("d2c3")) == Direction::LeftUp);
  CHECK_FALSE(direction_of(parse_move("a5c5")));
  CHECK(step(square_at(4, 3), Direction::Right) == std::nullopt);  // e3
  CHECK(step(square_at(0, 1), Direction::Left) == std::nullopt);   // a1
  CHECK(step(square_at(2, 3), Direction::Up) == square_at(2, 4));
  CHECK(parse_direction(Red, "RD") == Direction::RightDown);
  CHECK(parse_direction(Blue, "diagonal") == Direction::LeftUp);
  CHECK_FALSE(parse_direction(Red, "up"));
  CHECK(other_side_word(Red, "up"));
  CHECK_FALSE(other_side_word(Red, "sideways"));
}

TEST_CASE("typed moves: every accepted form", "[contest][input]") {
  Position start = at("r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r");
  Move c5d4 = parse_move("c5d4");
  for (const char* form : {"c5d4", "C5D4", "c5-d4", " c5 d4 ", "3 rightdown", "3rd", "r3 rd",
                           "R3 diagonal", "c5 rightdown", "3 downright", "#3 x"})
    CHECK(typed(start, 3, form) == c5d4);
  CHECK(typed(start, 3, "d5") == parse_move("c5d5"));    // the only move to d5
  CHECK(typed(start, 3, "down") == parse_move("c5c4"));  // the die's only piece
  Position blue = at("r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 b");
  CHECK(typed(blue, 5, "5 up") == parse_move("d2d3"));
  CHECK(typed(blue, 5, "b5 leftup") == parse_move("d2c3"));
  CHECK(typed(blue, 3, "b3 up") == parse_move("e3e4"));  // piece b3: no piece on square b3
  CHECK(typed(blue, 5, "c2") == parse_move("d2c2"));
  // A missing piece: the die allows its neighbours, and a lone piece moves whatever the die.
  Position gap = at("r1r2r32/r44/r63b3/3b5b2/2b6b4b1 r");
  CHECK(typed(gap, 5, "4 right") == parse_move("a4b4"));
  CHECK(typed(gap, 5, "6 down") == parse_move("a3a2"));
  Position lone = at("5/5/2r12/3b21/4b1 r");
  CHECK(typed(lone, 6, "c3d2") == parse_move("c3d2"));
  CHECK(typed(lone, 4, "down") == parse_move("c3c2"));
}

TEST_CASE("typed moves: what is wrong is said", "[contest][input]") {
  Position start = at("r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r");
  CHECK_THAT(why(start, 3, ""), Catch::Contains("no move given"));
  CHECK_THAT(why(start, 3, "hello"), Catch::Contains("could not read"));
  CHECK_THAT(why(start, 3, "a5b4 c5d4"), Catch::Contains("type just the move"));
  CHECK_THAT(why(start, 3, "d4e3"), Catch::Contains("no piece on d4"));
  CHECK_THAT(why(start, 3, "e3d3"), Catch::Contains("is Blue's"));
  CHECK_THAT(why(start, 3, "b6 down"), Catch::Contains("b6 is Blue's piece"));
  CHECK_THAT(why(start, 3, "b3 down"), Catch::Contains("no piece on b3"));
  CHECK_THAT(why(start, 3, "3 up"), Catch::Contains("Red moves right, down or rightdown, not up"));
  CHECK_THAT(why(start, 3, "3 sideways"), Catch::Contains("could not read 'sideways'"));
  CHECK_THAT(why(start, 3, "c5e3"), Catch::Contains("is not a move of Red"));
  CHECK_THAT(why(start, 3, "a5b4"), Catch::Contains("die 3: Red moves r3 (on c5)"));
  CHECK_THAT(why(start, 3, "2"), Catch::Contains("r2 may not move"));
  CHECK_THAT(why(start, 3, "3"), Catch::Contains("say which way r3 goes"));
  CHECK_THAT(why(start, 3, "c5"), Catch::Contains("say where the piece on c5 goes"));
  CHECK_THAT(why(start, 3, "e1"), Catch::Contains("no legal move goes to e1"));
  Position gap = at("r1r2r32/r44/r63b3/3b5b2/2b6b4b1 r");
  CHECK_THAT(why(gap, 5, "down"), Catch::Contains("which piece?"));
  CHECK_THAT(why(gap, 5, "5 down"), Catch::Contains("piece 5 is no longer on the board"));
  CHECK_THAT(die_rule_text(gap, 5), Catch::Contains("r5 is gone, Red moves r4 (on a4) or r6"));
  Position edge = at("4r1/5/5/5/b14 r");
  CHECK_THAT(why(edge, 1, "1 right"), Catch::Contains("leaves the board"));

  // Nothing typed crashes, whatever it is.
  Rng rng(5);
  const std::string alphabet = "abcdefr123456789 -#xudlrq";
  for (int i = 0; i < 3000; ++i) {
    Position pos = random_position(rng, 2 + int(rng.below(11)));
    std::string text;
    for (uint32_t n = rng.below(8); n > 0; --n)
      text += alphabet[rng.below(uint32_t(alphabet.size()))];
    int die = rng.die();
    MoveInput in = parse_move_input(pos, die, text);
    if (in.move)
      REQUIRE(legal_moves(pos, die).contains(*in.move));
    else
      REQUIRE_FALSE(in.error.empty());
  }
}

TEST_CASE("setups: the forms and their mistakes", "[contest][input]") {
  auto kind = [](const char* t) { return parse_setup(t).choice->kind; };
  CHECK(kind("random") == SetupChoice::Random);
  CHECK(kind("rolls 3 1 4 1 5 2") == SetupChoice::Rolls);
  CHECK(parse_setup("ROLLS 314152").choice->rolls == std::array<int, 6>{3, 1, 4, 1, 5, 2});
  auto free = parse_setup("red 162534 blue engine").choice;
  REQUIRE(free);
  CHECK(free->kind == SetupChoice::Free);
  CHECK(free->sides[Red].order == Arrangement{1, 6, 2, 5, 3, 4});
  CHECK(free->sides[Blue].kind == SideSetup::Engine);
  CHECK(parse_setup("blue 1 2 3 4 5 6 red random").choice->sides[Red].kind == SideSetup::Random);
  auto whole = parse_setup("r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 b").choice;
  REQUIRE(whole);
  CHECK(whole->position.to_move == Blue);

  CHECK_THAT(parse_setup("").error, Catch::Contains("no setup given"));
  CHECK_THAT(parse_setup("rolls 1 2 3").error, Catch::Contains("exactly six dice"));
  CHECK_THAT(parse_setup("rolls 1 2 3 4 5 7").error, Catch::Contains("dice 1-6"));
  CHECK_THAT(parse_setup("red 112345 blue 123456").error, Catch::Contains("each once"));
  CHECK_THAT(parse_setup("red 123456").error, Catch::Contains("say how Blue is placed"));
  CHECK_THAT(parse_setup("red engine blue engine").error, Catch::Contains("only the engine's own"));
  CHECK_THAT(parse_setup("red 123456 red 123456").error, Catch::Contains("given twice"));
  CHECK_THAT(parse_setup("r1r2r32/r4r53 r").error, Catch::Contains("bad position"));
  CHECK_THAT(parse_setup("5/5/5/5/b13r1 b").error, Catch::Contains("already decided"));
  CHECK_THAT(parse_setup("whatever").error, Catch::Contains("could not read"));

  // Blue's numbers go on the mirrored squares: the same numbers make SPEC's example start.
  Position pos;
  place_side(pos, Red, {1, 2, 3, 4, 5, 6});
  place_side(pos, Blue, {1, 2, 3, 4, 5, 6});
  CHECK(format_position(pos) == "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r");
  CHECK(arrangement_of(pos, Blue) == Arrangement{1, 2, 3, 4, 5, 6});
}

TEST_CASE("the engine's arrangement is a valid one, the same every time", "[contest][input]") {
  Arrangement a = choose_arrangement(Red, Red, Arrangement{6, 5, 4, 3, 2, 1}, 1);
  Arrangement sorted = a;
  std::sort(sorted.begin(), sorted.end());
  CHECK(sorted == Arrangement{1, 2, 3, 4, 5, 6});
  CHECK(choose_arrangement(Red, Red, Arrangement{6, 5, 4, 3, 2, 1}, 1) == a);
  Arrangement b = choose_arrangement(Blue, Red, std::nullopt, 1);
  std::sort(b.begin(), b.end());
  CHECK(b == Arrangement{1, 2, 3, 4, 5, 6});
}

TEST_CASE("the engine places itself by the setup matrix, and by a search without one",
          "[contest][input]") {
  // A whole matrix with a saddle point: the first mover's class 7 gains 0.3 against every
  // arrangement, the second mover's class 11 takes 0.3 from every one.
  SetupMatrix m;
  m.rows = m.columns = kArrangementClasses;
  m.depth = 1;
  for (int r = 0; r < m.rows; ++r)
    for (int c = 0; c < m.columns; ++c)
      m.codes.push_back(encode_setup_value(0.5 + 0.3 * (r == 7) - 0.3 * (c == 11) +
                                           0.001 * ((r * 7 + c * 13) % 10)));
  SetupAdvisor advisor(m);
  Rng rng(3);
  const Arrangement given = {1, 6, 2, 5, 3, 4};
  // The best reply to a given arrangement, for either turn order.
  EngineArrangement red_first = engine_arrangement(&advisor, Red, Red, given, 1, rng);
  CHECK(arrangement_class(red_first.order) == 7);
  CHECK_THAT(red_first.how, Catch::Contains("best reply to 162534"));
  EngineArrangement blue_second = engine_arrangement(&advisor, Blue, Red, given, 1, rng);
  CHECK(arrangement_class(blue_second.order) == 11);
  // Against an arrangement not known in advance, a draw from the equilibrium (here pure).
  bool twins_seen[2] = {false, false};
  for (int k = 0; k < 20; ++k) {
    EngineArrangement drawn = engine_arrangement(&advisor, Blue, Blue, std::nullopt, 1, rng);
    CHECK(arrangement_class(drawn.order) == 7);
    CHECK_THAT(drawn.how, Catch::Contains("equilibrium for the first mover"));
    twins_seen[drawn.order == class_arrangement(7)] = true;
  }
  CHECK((twins_seen[0] && twins_seen[1]));
  // Without a matrix, today's search, and the message says how to make one.
  EngineArrangement searched = engine_arrangement(nullptr, Red, Red, given, 1, rng);
  CHECK(searched.order == choose_arrangement(Red, Red, given, 1));
  CHECK_THAT(searched.how, Catch::Contains("no setup matrix; ewn setup make makes one"));
}

TEST_CASE("clocks: running, set to official readings, and the engine's deadlines",
          "[contest][clock]") {
  using namespace std::chrono;
  auto t0 = SteadyClock::now();
  GameClock c(ClockRules{minutes(4), std::nullopt});
  c.start(Red, t0);
  c.start(Blue, t0 + seconds(10));
  CHECK(*c.left(Red, t0 + seconds(30)) == minutes(4) - seconds(10));
  CHECK(*c.left(Blue, t0 + seconds(30)) == minutes(4) - seconds(20));
  CHECK(c.this_move(t0 + seconds(30)) == seconds(20));
  c.set_left(Blue, seconds(100), t0 + seconds(30));
  CHECK(*c.left(Blue, t0 + seconds(30)) == seconds(100));
  CHECK(*c.left(Blue, t0 + seconds(40)) == seconds(90));
  CHECK_FALSE(c.over_time(Blue, t0 + seconds(129)));
  CHECK(c.over_time(Blue, t0 + seconds(131)));
  c.stop(t0 + seconds(50));
  CHECK(*c.left(Blue, t0 + minutes(10)) == seconds(80));

  // The engine never plans past what it has left minus the overhead for each move to come.
  for (int left_s : {240, 60, 10, 3, 1}) {
    GameClock g(ClockRules{minutes(4), std::nullopt});
    g.start(Red, t0);
    g.set_left(Red, seconds(left_s), t0);
    Deadline d = plan_engine_move(g, Red, seconds(2), 8, t0 + seconds(1));
    REQUIRE(d.hard);
    Duration allowed = std::max<Duration>(Duration(0), seconds(left_s - 1) - 8 * seconds(2));
    CHECK(*d.hard - (t0 + seconds(1)).time_since_epoch() <= allowed);
    CHECK(*d.soft <= *d.hard);
  }
  // Per-move limit: what is left of the move after the time already spent and the overhead.
  GameClock m(ClockRules{std::nullopt, seconds(30)});
  m.start(Blue, t0);
  Deadline d = plan_engine_move(m, Blue, seconds(3), 10, t0 + seconds(5));
  CHECK(*d.hard - (t0 + seconds(5)).time_since_epoch() <= seconds(22));
  CHECK(*d.hard - (t0 + seconds(5)).time_since_epoch() >= seconds(19));

  CHECK(parse_clock("3:41") == minutes(3) + seconds(41));
  CHECK(parse_clock("0:05.5") == milliseconds(5500));
  CHECK(parse_clock("221") == seconds(221));
  CHECK(parse_clock("4min") == minutes(4));
  CHECK_FALSE(parse_clock("3:75"));
  CHECK_FALSE(parse_clock("x:10"));
  CHECK_FALSE(parse_clock(""));
  CHECK(format_clock(minutes(3) + milliseconds(41250)) == "3:41.2");
  CHECK(format_clock(-seconds(2)) == "-0:02.0");
}

TEST_CASE("big letters: five lines, one glyph per character", "[contest][input]") {
  std::string t = big_text("c5 d4", "");
  CHECK(std::count(t.begin(), t.end(), '\n') == 5);
  CHECK(t.substr(0, t.find('\n')).size() <= 5 * 5 + 4 * 2);
  CHECK(big_text("a") != big_text("b"));
}
