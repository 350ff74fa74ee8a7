// How much win probability a player gives away per move, measured against exact values
// (`ewn move-quality`): positions are drawn, a die is rolled, and the loss of the player's
// choice is the best move's exact value minus the chosen one's.
#pragma once

#include <cstdint>
#include <stdexcept>

#include "exact_values.h"
#include "player_spec.h"
#include "time_control.h"

namespace ewn {

struct MoveQualityOptions {
  int positions = 500;  // positions measured (each with a die that leaves a choice)
  int pieces = 0;       // pieces on the board of every position (2..12)
  uint64_t seed = 1;    // drives the positions, the dice and the player
  // Positions from noisy greedy games (position_sampler.h) instead of uniformly random ones.
  bool from_games = false;
  ClockKind clock = ClockKind::Wall;  // the clock the player's time limits are measured on
};

struct MoveQuality {
  int positions = 0;
  int best_moves = 0;                  // moves as good as the best (within the tables' rounding)
  double mean_loss = 0;                // in win probability per move
  double ci95_low = 0, ci95_high = 0;  // 95% confidence interval of the mean loss
  double seconds = 0;                  // the player's thinking time, all moves together
};

// The player chose a move that is not legal.
class IllegalMoveError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Measures a fresh player of `factory` on `options.positions` positions with `options.pieces`
// pieces that `truth` has values for (the positions it has none for are drawn again). Throws
// IllegalMoveError, or what `truth` throws (a damaged table).
MoveQuality measure_move_quality(const ExactValues& truth, const PlayerFactory& factory,
                                 const MoveQualityOptions& options);

}  // namespace ewn
