#include "move_quality.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "movegen.h"
#include "position_sampler.h"
#include "table_format.h"

namespace ewn {

namespace {

// Values within this of the best count as best: two steps of the tables' stored precision.
constexpr double kTie = 2 * kValueStep;

}  // namespace

MoveQuality measure_move_quality(const ExactValues& truth, const PlayerFactory& factory,
                                 const MoveQualityOptions& opt) {
  const int pieces = opt.pieces;
  Rng rng(opt.seed);
  std::vector<Position> pool;
  if (opt.from_games) pool = positions_from_games(rng, size_t(opt.positions) * 4, pieces, pieces);
  size_t next_from_pool = 0;
  auto player = factory.make(rng.next());
  double sum = 0, sum_sq = 0, seconds = 0;
  int best_count = 0, n = 0;
  while (n < opt.positions) {
    Position pos;
    if (opt.from_games) {
      if (next_from_pool == pool.size())
        pool = positions_from_games(rng, size_t(opt.positions) * 4, pieces, pieces),
        next_from_pool = 0;
      pos = pool[next_from_pool++];
    } else {
      pos = random_position(rng, pieces);
    }
    if (!truth.has_value_for(pos)) continue;  // outside the partial classes
    int die = rng.die();
    if (legal_moves(pos, die).size < 2) continue;  // no choice, nothing to measure
    std::optional<std::vector<ExactMoveValue>> values = truth.move_values(pos, die);
    double best = 0;
    for (const auto& v : *values) best = std::max(best, v.value);
    MoveRequest request;
    request.clock = opt.clock;
    if (player->limits().per_game) request.game_time_left = player->limits().per_game;
    Duration t0 = clock_now(request.clock);
    Move m = player->choose(pos, die, request);
    seconds += std::chrono::duration<double>(clock_now(request.clock) - t0).count();
    double chosen = -1;
    for (const auto& v : *values)
      if (v.move == m) chosen = v.value;
    if (chosen < 0) throw IllegalMoveError("the player chose an illegal move");
    double loss = best - chosen;
    if (loss <= kTie) loss = 0, ++best_count;
    sum += loss;
    sum_sq += loss * loss;
    ++n;
  }
  MoveQuality q;
  q.positions = n;
  double mean = sum / n;
  double var = n > 1 ? (sum_sq - n * mean * mean) / (n - 1) : 0;
  double half = 1.959964 * std::sqrt(std::max(var, 0.0) / n);
  q.mean_loss = mean;
  q.ci95_low = std::max(0.0, mean - half);
  q.ci95_high = mean + half;
  q.best_moves = best_count;
  q.seconds = seconds;
  return q;
}

}  // namespace ewn
