// The static evaluation's inputs against their definitions (player/eval.h), computed here the
// plain way: face by face from the legal moves, race states from scratch.
#include <catch2/catch.hpp>

#include <bit>

#include "eval.h"
#include "movegen.h"
#include "player_test_support.h"
#include "race.h"
#include "search.h"

using namespace ewn;

namespace {

struct FaceFeatures {
  double wins = 0, captures = 0, capture_gain = 0;
};

// For `side` on this board: the share of faces with a move that wins at once; of the others,
// the share with a capture worth more than -1 enemy race turns, and the mean over faces of the
// best such gain (at least 0).
FaceFeatures plain_face_features(Position pos, Side side) {
  pos.to_move = side;
  Side enemy = opposite(side);
  RaceDistances distance = race_distances(pos, enemy);
  double before = expected_turns(pos.mask(enemy), distance);
  FaceFeatures out;
  for (int die = 1; die <= 6; ++die) {
    bool win = false;
    double best = -1;
    for (Move m : legal_moves(pos, die)) {
      if (wins_at_once(pos, m)) win = true;
      uint8_t victim = pos.board[m.to];
      if (victim == kEmpty || code_side(victim) != enemy) continue;
      unsigned rest = pos.mask(enemy) & ~(1u << (code_number(victim) - 1));
      best = std::max(best, expected_turns(rest, distance) - before);
    }
    if (win) {
      out.wins += 1.0 / 6;
    } else if (best > -1) {
      out.captures += 1.0 / 6;
      out.capture_gain += std::max(0.0, best) / 6;
    }
  }
  return out;
}

}  // namespace

TEST_CASE("a race state without one piece is the state of the remaining pieces") {
  const RaceTable& race = race_table();
  for (unsigned mask = 1; mask < 64; ++mask) {
    if (std::popcount(mask) < 2) continue;
    for (unsigned code = 0; code < (1u << (2 * std::popcount(mask))); ++code) {
      RaceDistances d{};
      int k = 0;
      for (int n = 0; n < 6; ++n)
        if (mask & (1u << n)) d[n] = uint8_t(((code >> (2 * k++)) & 3) + 1);
      uint32_t state = race.state(mask, d);
      for (int n = 0; n < 6; ++n)
        if (mask & (1u << n))
          REQUIRE(race.state_without(state, mask, n) == race.state(mask & ~(1u << n), d));
    }
  }
}

TEST_CASE("the evaluation's face features follow their definition move by move") {
  Rng rng(17);
  int with_captures = 0, with_wins = 0;
  for (int i = 0; i < 3000; ++i) {
    Position pos = test::random_position(rng, 2 + i % 11);
    if (pos.winner()) continue;
    EvalInputs in = eval_inputs(pos);
    FaceFeatures mine = plain_face_features(pos, pos.to_move);
    FaceFeatures theirs = plain_face_features(pos, opposite(pos.to_move));
    INFO("position " << i);
    REQUIRE(in.wins_now == mine.wins);
    REQUIRE(in.f[kMoverCaptures] == mine.captures);
    REQUIRE(in.f[kMoverCaptureGain] == mine.capture_gain);
    REQUIRE(in.f[kOpponentWinsNext] == theirs.wins);
    REQUIRE(in.f[kOpponentCaptures] == theirs.captures);
    REQUIRE(in.f[kOpponentCaptureGain] == theirs.capture_gain);
    REQUIRE(in.f[kPieceBalance] == pos.count(pos.to_move) - pos.count(opposite(pos.to_move)));
    with_captures += mine.captures > 0;
    with_wins += mine.wins > 0;
  }
  // The sample exercises both kinds of face.
  CHECK(with_captures > 300);
  CHECK(with_wins > 300);
}
