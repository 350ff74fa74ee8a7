// A game's verdict and a log's totals: the luck-adjusted result as defined (the start's chance
// plus what the errors did, on a game the tables solve), the rating's scale and its noise.
#include <catch2/catch.hpp>

#include "analysis_games.h"
#include "analysis_summary.h"
#include "game_analysis.h"
#include "game_verdict.h"
#include "generated_set.h"
#include "tablebase_values.h"

using namespace ewn;
using namespace ewn::test;

namespace {

GameAnalysis exact_analysis(const GameRecord& g) {
  AnalysisEngine engine;
  engine.tables = open_tablebase(generated_set(3));
  return analyse_game(g, engine, {});
}

}  // namespace

TEST_CASE("the luck-adjusted result is the start's chance plus what the errors did", "[analysis]") {
  GameAnalysis a = exact_analysis(read_game(kBlunderGame));
  SideVerdict red = side_verdict(a, Red), blue = side_verdict(a, Blue);
  REQUIRE(red.result);
  CHECK(*red.result == 1.0);
  CHECK(*blue.result == 0.0);
  // result - (own luck - the other's luck) ...
  CHECK(*red.luck_adjusted == Approx(1.0 - (a.red.luck - a.blue.luck)));
  // ... which, where the values are exact, is Red's start value minus its errors plus Blue's.
  double tolerance = double(a.turns.size()) * 2.0 / 131070;
  CHECK(*red.luck_adjusted ==
        Approx(a.turns[0].red_value() - a.red.value_lost + a.blue.value_lost).margin(tolerance));
  CHECK(*red.luck_adjusted + *blue.luck_adjusted == Approx(1.0));
  // Each side blundered once (an error near 1 for Red): both are "poor" over so few moves.
  CHECK(std::string(red.rating) == "poor");
  CHECK(red.losses.choices == a.red.choices);
  // An unfinished game has no result.
  GameAnalysis cut = exact_analysis(read_game("5/1r13/2r22/3b11/5 r\nr 2 c3d3\n"));
  CHECK_FALSE(side_verdict(cut, Red).result);
  CHECK_FALSE(side_verdict(cut, Red).luck_adjusted);
}

TEST_CASE("the rating's scale and the noise of an error rate", "[analysis]") {
  CHECK(std::string(rating_of(0.0010, 8)) == "near-perfect");  // expectimax at 100 ms
  CHECK(std::string(rating_of(0.0050, 8)) == "strong");
  CHECK(std::string(rating_of(0.0106, 8)) == "fair");  // mcts at 100 ms
  CHECK(std::string(rating_of(0.0300, 8)) == "weak");
  CHECK(std::string(rating_of(0.0549, 8)) == "poor");  // random
  CHECK(std::string(rating_of(0.0, 0)) == "none");
  LossStats e;
  for (double x : {0.0, 0.0, 0.1, 0.0}) e.add(x);
  CHECK(e.mean() == Approx(0.025));
  // The sample's standard deviation (0.05) over the square root of 4.
  CHECK(e.mean_se() == Approx(0.025));
  CHECK(e.blunders == 1);
}

TEST_CASE("a log's totals: each player's games, luck and errors by pieces", "[analysis]") {
  std::vector<GameRecord> games = read_games(kMatchLog);
  LogTotals totals;
  for (const GameRecord& g : games) totals.add(exact_analysis(g));
  CHECK(totals.games == 2);
  CHECK(totals.ends[size_t(RecordEnd::Board)] == 2);
  REQUIRE(totals.players.size() == 2);
  const PlayerTotals& a = totals.players[0];
  CHECK(a.name == "expectimax:depth=2");
  CHECK(a.games == 2);
  CHECK(a.wins == 1);  // game 1 as Red; game 2 was lost as Blue
  CHECK(a.luck_adjusted + totals.players[1].luck_adjusted == Approx(2.0));
  int by_pieces = 0;
  for (const LossStats& e : a.by_pieces) by_pieces += e.choices;
  CHECK(by_pieces == a.losses.choices);
  Json j = analysis_summary_answer(totals);
  CHECK(j["summary"]["games"] == 2);
  CHECK(j["summary"]["players"][1]["player"] == "random");
  CHECK(j["summary"]["game_ends"]["board"] == 2);
}
