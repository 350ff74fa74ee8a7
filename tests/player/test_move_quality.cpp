// Measuring a player's move quality against exact values (player/move_quality.h), with the
// brute-force solver standing in for tables.
#include <catch2/catch.hpp>

#include "move_quality.h"
#include "player_test_support.h"

using namespace ewn;

namespace {

// Exact values that hide the real moves of every position behind one no legal move matches.
class WrongMoves : public test::BruteForceValues {
 public:
  using BruteForceValues::BruteForceValues;
  std::optional<std::vector<ExactMoveValue>> move_values(const Position&, int) const override {
    return std::vector<ExactMoveValue>{{Move{0, 0}, 0.5, false}};
  }
};

MoveQuality measure(const std::string& player, bool from_games, const ExactValues& truth) {
  auto truth_shared = std::shared_ptr<const ExactValues>(&truth, [](const ExactValues*) {});
  PlayerFactory factory(parse_player_spec(player), truth_shared);
  MoveQualityOptions opt;
  opt.positions = 60;
  opt.pieces = 3;
  opt.seed = 5;
  opt.from_games = from_games;
  return measure_move_quality(truth, factory, opt);
}

}  // namespace

TEST_CASE("move quality: a player that reads the exact values never loses any") {
  test::BruteForceValues truth(3);
  for (bool from_games : {false, true}) {
    MoveQuality q = measure("expectimax:depth=1", from_games, truth);
    INFO("from games: " << from_games);
    CHECK(q.positions == 60);
    CHECK(q.best_moves == 60);
    CHECK(q.mean_loss == 0);
    CHECK(q.ci95_low == 0);
    CHECK(q.ci95_high == 0);
  }
}

TEST_CASE("move quality: a random player loses some, the same with the same seed") {
  test::BruteForceValues truth(3);
  MoveQuality a = measure("random", false, truth);
  MoveQuality b = measure("random", false, truth);
  CHECK(a.positions == 60);
  CHECK(a.best_moves < 60);
  CHECK(a.mean_loss > 0);
  CHECK(a.ci95_low <= a.mean_loss);
  CHECK(a.mean_loss <= a.ci95_high);
  CHECK(a.best_moves == b.best_moves);
  CHECK(a.mean_loss == b.mean_loss);
}

TEST_CASE("move quality: a move the exact values do not list is an illegal move") {
  WrongMoves truth(3);
  CHECK_THROWS_AS(measure("random", false, truth), IllegalMoveError);
}
