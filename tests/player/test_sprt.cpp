// The SPRT of ewn match (sprt.h): its log-likelihood ratio on the pentanomial model.
#include <catch2/catch.hpp>
#include <cmath>

#include "sprt.h"

using namespace ewn;

namespace {

double llr(int lost, int split, int won, double elo0, double elo1) {
  return sprt_llr({lost, 0, split, 0, won}, SprtSetting{elo0, elo1});
}

}  // namespace

TEST_CASE("SPRT settings are read and checked", "[sprt]") {
  std::string error;
  auto s = parse_sprt("0,10", error);
  REQUIRE(s);
  CHECK(s->elo0 == 0);
  CHECK(s->elo1 == 10);
  CHECK(s->alpha == 0.05);
  CHECK(std::abs(s->upper() - std::log(19.0)) < 1e-12);
  CHECK(std::abs(s->lower() + std::log(19.0)) < 1e-12);
  s = parse_sprt("-5,5,0.01,0.1", error);
  REQUIRE(s);
  CHECK(s->alpha == 0.01);
  CHECK(s->beta == 0.1);
  for (const char* bad : {"", "10", "10,0", "0,10,0.05", "0,x", "0,10,0,0.05", "0,10,0.6,0.5"})
    CHECK_FALSE(parse_sprt(bad, error));
}

TEST_CASE("the LLR is 0 without pairs and when every pair is split evenly", "[sprt]") {
  CHECK(sprt_llr({0, 0, 0, 0, 0}, SprtSetting{0, 10}) == 0);
  CHECK(std::abs(llr(0, 500, 0, -10, 10)) < 1e-9);
  // An even score with a spread: still symmetric bounds, LLR 0.
  CHECK(std::abs(llr(100, 300, 100, -10, 10)) < 1e-9);
}

TEST_CASE("the LLR is antisymmetric and favours the hypothesis the score is nearer", "[sprt]") {
  for (auto [l, s, w] : {std::array{3, 10, 7}, std::array{20, 5, 1}, std::array{0, 0, 9}})
    CHECK(std::abs(llr(l, s, w, -20, 20) + llr(w, s, l, -20, 20)) < 1e-9);
  CHECK(llr(10, 50, 40, 0, 50) > 0);  // A scores 65%: nearer 50 Elo than 0
  CHECK(llr(40, 50, 10, 0, 50) < 0);
}

TEST_CASE("the LLR agrees with its normal approximation on many pairs", "[sprt]") {
  // For n pairs of mean m and variance v (per pair, on the 0..1 scale of a pair's score), the
  // generalised LLR tends to n (s1 - s0) (2m - s0 - s1) / (2 v).
  int lost = 260, split = 500, won = 240;
  double n = lost + split + won, m = (0.5 * split + won) / n;
  double v = (lost * m * m + split * (0.5 - m) * (0.5 - m) + won * (1 - m) * (1 - m)) / n;
  auto score = [](double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); };
  double s0 = score(-10), s1 = score(5);
  double approximation = n * (s1 - s0) * (2 * m - s0 - s1) / (2 * v);
  double exact = llr(lost, split, won, -10, 5);
  CHECK(std::abs(exact - approximation) < 0.03 * std::abs(approximation));
}

TEST_CASE("with bounds -10,10 no result of 40 pairs can decide the test", "[sprt]") {
  // The equal case of the CLI test (tests/CMakeLists.txt, sprt_equal) plays 80 games: that it
  // does not stop is no luck, whatever the games' results.
  SprtSetting t{-10, 10};
  double most = 0;
  for (int lost = 0; lost <= 40; ++lost)
    for (int won = 0; lost + won <= 40; ++won)
      most = std::max(most, std::abs(llr(lost, 40 - lost - won, won, -10, 10)));
  CHECK(most < t.upper());
  CHECK(most > 2.0);  // but not far from it: 50 pairs won would decide
  CHECK(sprt_verdict(llr(0, 0, 60, -10, 10), t) == SprtVerdict::H1);
  CHECK(sprt_verdict(llr(60, 0, 0, -10, 10), t) == SprtVerdict::H0);
}

TEST_CASE("pairs are counted once both games are in, in any order", "[sprt]") {
  auto game = [](int round, bool a_won) {
    MatchGame g;
    g.round = round;
    g.a_side = Red;
    g.winner = a_won ? Red : Blue;
    return g;
  };
  std::vector<MatchGame> games = {game(1, true), game(2, false), game(1, true), game(3, true),
                                  game(2, true)};
  CHECK(pentanomial_of(games) == Pentanomial{0, 0, 1, 0, 1});
  SprtMonitor monitor(SprtSetting{0, 10});
  for (const MatchGame& g : games) monitor.add(g);
  CHECK(monitor.pairs() == Pentanomial{0, 0, 1, 0, 1});
  CHECK(monitor.llr() == sprt_llr(monitor.pairs(), monitor.setting()));
}
