// The three questions the setup matrix answers, for either mover:
//   - the best reply to a given arrangement of the opponent,
//   - the best arrangement against an opponent that arranges uniformly at random,
//   - the equilibrium: the mixed strategies of the matrix game (matrix_game.h) and its value.
// Every `value` is the win probability of the side the answer is for, in [0, 1]. Arrangements
// are named by their class's member (arrangement.h); its twin, every number x written 7 - x,
// has the same value.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "arrangement.h"
#include "matrix_game.h"
#include "setup_matrix.h"

namespace ewn {

enum class SetupRole { First, Second };  // moves first, second
const char* role_name(SetupRole role);   // "first", "second"

struct RankedArrangement {
  Arrangement arrangement;  // the class's member
  double value = 0;         // the win probability of the side the answer is for
  double probability = 0;   // in a mixed strategy (equilibrium answers only)
};

struct SetupEquilibrium {
  std::vector<RankedArrangement> first, second;  // the supports, most probable first
  double value = 0;                              // the first mover's win probability at equilibrium
  double gap = 0;  // proven bound on how far the strategies are from optimal (matrix_game.h)
  int pivots = 0;
};

class SetupAdvisor {
 public:
  explicit SetupAdvisor(SetupMatrix matrix);
  const SetupMatrix& matrix() const { return matrix_; }

  // Every class of `role`, best first, against the opponent's `theirs` (at most `count`).
  std::vector<RankedArrangement> replies(SetupRole role, const Arrangement& theirs,
                                         int count) const;
  // Every class of `role`, best first, by its mean value over the opponent's classes.
  std::vector<RankedArrangement> against_uniform(SetupRole role, int count) const;
  // Solved once, then kept. The first call writes the cache: an advisor shared between threads
  // is solved before it is shared (ewn serve) or used under a lock (the C API).
  const SetupEquilibrium& equilibrium() const;

  // An arrangement drawn from `role`'s equilibrium strategy by `u` in [0, 1); the class's
  // member or its twin, by `twin`.
  Arrangement equilibrium_draw(SetupRole role, double u, bool twin) const;

 private:
  int check_class(const Arrangement& a) const;  // throws std::out_of_range past the matrix
  SetupMatrix matrix_;
  mutable std::optional<SetupEquilibrium> equilibrium_;
};

}  // namespace ewn
