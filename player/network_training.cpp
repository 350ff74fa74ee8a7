#include "network_training.h"

#include <algorithm>
#include <cmath>

#include "dice_groups.h"
#include "movegen.h"
#include "rng.h"
#include "search.h"
#include "setup.h"

namespace ewn {

NetworkTrainingStats train_network(
    EvalNetwork& net, const EvalWeights& weights, const ExactValues* tables,
    const NetworkTrainingOptions& options,
    const std::function<void(const NetworkTrainingStats&)>& progress) {
  NetworkTrainingStats stats;
  double error_sum = 0;  // since the last report
  uint64_t window = 0;
  Rng rng(options.seed);
  auto exact = [&](const Position& pos) -> std::optional<double> {
    if (tables && tables->has_value_for(pos)) return tables->value(pos);
    return std::nullopt;
  };
  for (uint64_t game = 0; game < options.games; ++game) {
    Position pos = random_setup(rng.next(), rng.below(2) ? Red : Blue);
    while (!pos.winner()) {
      const DiceGroups& groups = dice_groups(pos.mask(pos.to_move));
      std::array<Move, 6> best_move{};
      double target = 0;
      for (int g = 0; g < groups.size; ++g) {
        double best = -1;
        for (Move m : legal_moves(pos, groups.group[g].die)) {
          double v = 1;
          if (!wins_at_once(pos, m)) {
            Position child = pos;
            child.play(m);
            auto e = exact(child);
            v = 1 - (e ? *e : evaluate_with(child, weights, net));
          }
          if (v > best) best = v, best_move[g] = m;
        }
        target += groups.group[g].count / 6.0 * best;
      }
      if (auto e = exact(pos)) target = *e;

      EvalInputs in = eval_inputs(pos);
      double z = eval_logit(in, weights) + net.logit(pos);
      double sigma = 1 / (1 + std::exp(-z));
      double value = in.wins_now + (1 - in.wins_now) * sigma;
      error_sum += std::abs(target - value);
      ++window;
      ++stats.positions;
      if (in.wins_now < 1) {
        double t = std::clamp((target - in.wins_now) / (1 - in.wins_now), 0.0, 1.0);
        net.update(pos, float(options.rate * (t - sigma)), float(options.mlp_rate * (t - sigma)));
      }

      int die = rng.die();
      Move move = best_move[groups.group_of_die[die]];
      if (rng.below(1u << 20) < options.explore * (1u << 20)) {
        MoveList moves = legal_moves(pos, die);
        move = moves.moves[rng.below(uint32_t(moves.size))];
      }
      pos.play(move);
    }
    ++stats.games;
    if (stats.games % 1000 == 0 || stats.games == options.games) {
      stats.mean_abs_td_error = window ? error_sum / double(window) : 0;
      error_sum = 0;
      window = 0;
      if (progress) progress(stats);
    }
  }
  return stats;
}

}  // namespace ewn
