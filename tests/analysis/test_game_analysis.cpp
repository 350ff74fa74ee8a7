// The analysis of games whose values the tables know: blunders found with their exact loss, luck
// and errors that add up to the change of value, the same analysis whatever the threads.
#include <catch2/catch.hpp>
#include <cmath>

#include "analysis_answer.h"
#include "analysis_games.h"
#include "game_analysis.h"
#include "generated_set.h"
#include "movegen.h"
#include "notation.h"
#include "tablebase_values.h"

using namespace ewn;
using namespace ewn::test;

namespace {

AnalysisEngine tables_engine() {
  AnalysisEngine engine;
  engine.tables = open_tablebase(generated_set(3));
  return engine;
}

// The value of `move` for the mover, straight from the tables.
double table_move_value(const ExactValues& tables, const Position& pos, int die, Move move) {
  auto moves = tables.move_values(pos, die);  // kept: the loop must not outlive it
  for (const ExactMoveValue& m : *moves)
    if (m.move == move) return m.value;
  FAIL("the move is not among the tables' moves");
  return -1;
}

}  // namespace

TEST_CASE("every turn's value, luck and error are the tables' own", "[analysis]") {
  AnalysisEngine engine = tables_engine();
  GameAnalysis a = analyse_game(read_game(kBlunderGame), engine, {});
  REQUIRE(a.turns.size() == 5);
  for (const TurnAnalysis& t : a.turns) {
    INFO("turn " << t.turn);
    CHECK(t.from_tables);
    CHECK(t.exact);
    CHECK(t.value == Approx(*engine.tables->value(t.before)).margin(1e-12));
    double best = -1;
    auto moves = engine.tables->move_values(t.before, *t.die);
    for (const ExactMoveValue& m : *moves) best = std::max(best, m.value);
    CHECK(t.die_value == Approx(best).margin(1e-12));
    CHECK(t.move_value ==
          Approx(table_move_value(*engine.tables, t.before, *t.die, t.move)).margin(1e-12));
    CHECK(t.value_lost == Approx(best - t.move_value).margin(1e-12));
    CHECK(t.luck == Approx(t.die_value - t.value).margin(1e-12));
  }
  // Red's c3d3 throws away a won game: the best move c3d2 wins at once.
  CHECK(format_move(a.turns[0].best_move) == "c3d2");
  CHECK(a.turns[0].die_value == 1.0);
  CHECK(a.turns[0].value_lost == Approx(1.0).margin(1e-4));
  CHECK(std::string(a.turns[0].mark()) == "blunder");
  // Blue's d2c2 throws it back (d2d3 takes Red's piece and wins for sure).
  CHECK(format_move(a.turns[1].best_move) == "d2d3");
  CHECK(a.turns[1].value_lost > kBlunder);
  CHECK(a.red.blunders == 1);
  CHECK(a.blue.blunders == 1);
  CHECK(a.turns[4].mark() == nullptr);
  CHECK(a.turns[4].move_value == 1.0);
}

TEST_CASE("luck minus errors adds up to the change of value", "[analysis]") {
  AnalysisEngine engine = tables_engine();
  GameAnalysis a = analyse_game(read_game(kBlunderGame), engine, {});
  // Red's value moves from its start to 1 (it won): each turn changes the mover's value by its
  // luck minus its error, and the tables hold values to 1/131070 (SPEC section 4).
  double red = a.turns[0].red_value();
  for (const TurnAnalysis& t : a.turns) {
    double change = t.luck - t.value_lost;
    red += t.before.to_move == Red ? change : -change;
  }
  CHECK(red == Approx(1.0).margin(a.turns.size() * 2.0 / 131070));
  double sum = a.red.luck - a.red.value_lost - (a.blue.luck - a.blue.value_lost);
  CHECK(a.turns[0].red_value() + sum == Approx(1.0).margin(a.turns.size() * 2.0 / 131070));
}

TEST_CASE("the analysis is the same whatever the threads, estimates included", "[analysis]") {
  // A 6-piece start: the tables of <= 3 pieces cover only its end, the rest is estimated.
  const char* game =
      "r1r23/r34/5/4b2/3b3b1 r\n"
      "r 1 a5b4\nb 2 e2d2\nr 3 a4b3\nb 3 d1c1\nr 2 b5c4\nb 1 e1d1\n";
  AnalysisEngine engine = tables_engine();
  AnalysisOptions one{20'000, 1}, two{20'000, 2};
  Json a = analysis_answer(analyse_game(read_game(game), engine, one));
  Json b = analysis_answer(analyse_game(read_game(game), engine, two));
  CHECK(a == b);
  CHECK(a["turns"][0]["source"] == "estimate");
  CHECK(a["turns"][0]["nodes"].get<uint64_t>() <= 20'000);
  CHECK(a["turns"][0]["depth"].get<int>() >= 1);
}

TEST_CASE("a turn whose die is not known gets the die kindest to the move", "[analysis]") {
  AnalysisEngine engine = tables_engine();
  // Red has pieces 1 and 2 only: with die 2..6 piece 2 moves, with 1 piece 1.
  GameAnalysis a = analyse_game(read_game("5/1r13/2r22/3b11/5 r\nr ? b4c4\n"), engine, {});
  REQUIRE(a.turns.size() == 1);
  const TurnAnalysis& t = a.turns[0];
  CHECK_FALSE(t.die);
  CHECK(t.luck == 0);
  // Only die 1 moves piece 1; its best moves b4c4 and b4b3 are worth the same.
  CHECK(t.value_lost == Approx(0).margin(1e-12));
  Json j = analysis_answer(a);
  CHECK(j["turns"][0]["die"].is_null());
  CHECK(j["turns"][0]["luck"].is_null());
}
