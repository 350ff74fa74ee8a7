#include "position_sampler.h"

#include <algorithm>
#include <array>

#include "eval.h"
#include "movegen.h"
#include "search.h"
#include "setup.h"

namespace ewn {

Position random_position(Rng& rng, int red, int blue, Side to_move) {
  while (true) {
    Position pos;
    std::array<int, kSquares> squares{};
    for (int i = 0; i < kSquares; ++i) squares[i] = i;
    for (int i = kSquares - 1; i > 0; --i) std::swap(squares[i], squares[rng.below(i + 1)]);
    int used = 0;
    for (int side = 0; side < 2; ++side) {
      std::array<int, 6> numbers = {1, 2, 3, 4, 5, 6};
      for (int i = 5; i > 0; --i) std::swap(numbers[i], numbers[rng.below(i + 1)]);
      int k = side == Red ? red : blue;
      for (int j = 0; j < k; ++j) pos.put(Side(side), numbers[j], Square(squares[used++]));
    }
    pos.to_move = to_move;
    if (!pos.winner()) return pos;
  }
}

Position random_position(Rng& rng, int pieces) {
  int lo = std::max(1, pieces - 6), hi = std::min(6, pieces - 1);
  int red = lo + int(rng.below(uint32_t(hi - lo + 1)));
  return random_position(rng, red, pieces - red, rng.below(2) ? Red : Blue);
}

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
