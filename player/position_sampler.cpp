#include "position_sampler.h"

#include "eval.h"
#include "movegen.h"
#include "search.h"
#include "setup.h"

namespace ewn {

std::vector<Position> positions_from_games(Rng& rng, size_t count, int min_pieces, int max_pieces,
                                           double noise) {
  // The untuned model, so that the sample does not change when the weights are refitted.
  const EvalWeights sampling_weights = race_only_weights();
  std::vector<Position> out;
  while (out.size() < count) {
    Position pos = random_setup(rng.next(), rng.below(2) ? Red : Blue);
    while (!pos.winner() && out.size() < count) {
      int n = pos.piece_count();
      if (n >= min_pieces && n <= max_pieces) out.push_back(pos);
      if (n < min_pieces) break;
      MoveList moves = legal_moves(pos, rng.die());
      Move choice = moves.moves[0];
      if (rng.below(1u << 20) < noise * (1u << 20)) {
        choice = moves.moves[rng.below(uint32_t(moves.size))];
      } else {
        double best = -1;
        for (Move m : moves) {
          double v = 1;
          if (!wins_at_once(pos, m)) {
            Position child = pos;
            child.play(m);
            v = 1 - eval_from_inputs(eval_inputs(child), sampling_weights);
          }
          if (v > best) best = v, choice = m;
        }
      }
      pos.play(choice);
    }
  }
  return out;
}

}  // namespace ewn
