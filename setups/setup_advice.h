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
  bool tied = false;        // in a ranking: within the tie margin of the first (SetupPrecision)
};

// How precise an answer's values are (docs/SETUPS.md, Precision). An entry is the engine's
// estimate at a fixed search and differs from a deeper search's by about entry_error beyond a
// shift of depth_bias common to all entries (the first mover's value moves by it); a mean over
// the opponent's classes is less noisy than one entry, though not by the square root of their
// number, as the entries' errors are correlated (kMeanErrorRatio, measured for each mover).
struct SetupPrecision {
  double entry_error = 0;  // of one entry
  double depth_bias = 0;   // deeper minus stored, for the first mover
  double value_error = 0;  // of each value in the answer (one entry's, or a mean's)
  double tie_margin = 0;   // two values closer than this are not told apart: 2 sqrt(2) errors
};

// The ratio of the error of a class's mean over the opponent's classes to one entry's, as
// measured by `bench_setups means` (30 classes of each mover against 60 opponents, one ply
// deeper; docs/RESULTS.md), where 1/sqrt(60) = 0.13 would hold if the entries' errors were
// independent: at depth 4, 0.93 moving first and 0.23 moving second; at depth 3, 0.22 and 0.94.
// One mover's errors move together (a deeper search changes a class's value against nearly every
// opponent alike), which mover depending on the depth's parity; the answers take the larger
// ratio for both, so that no tie is hidden at any depth.
inline constexpr double kMeanErrorRatio[2] = {0.94, 0.94};  // first, second

// Other optimal choices than the mix found (matrix_game.h find_alternatives).
struct MixAlternatives {
  // Classes outside the mix that do exactly as well against the opponent's mix.
  std::vector<RankedArrangement> equally_good;
  // Other optimal mixes found, each a whole mix (most probable first).
  std::vector<std::vector<RankedArrangement>> other_mixes;
};

// How many classes the matrix cannot tell from its mix: those whose value against the other
// side's mix lies within `margin` of the game's value (the tie margin of the equilibrium's
// precision, 2 sqrt(2) entry errors; the solver's accuracy when the matrix has no error
// estimate). The mix's classes count too. Many such classes mean the mix is one of many choices
// that do as well on these entries, not the best by a margin the matrix can see.
struct WithinNoise {
  double margin = 0;
  int first = 0, second = 0;
};

struct SetupEquilibrium {
  std::vector<RankedArrangement> first, second;  // the supports, most probable first
  MixAlternatives first_alternatives, second_alternatives;
  WithinNoise within_noise;
  double value = 0;  // the first mover's win probability at equilibrium
  double gap = 0;    // the solver's arithmetic: how far the mixes are from optimal on this
                     // matrix's entries, not how far the value is from the true one
  int pivots = 0;
};

class SetupAdvisor {
 public:
  explicit SetupAdvisor(SetupMatrix matrix);
  const SetupMatrix& matrix() const { return matrix_; }

  // Every class of `role`, best first, against the opponent's `theirs` (at most `count`); those
  // within reply_precision().tie_margin of the first are marked tied.
  std::vector<RankedArrangement> replies(SetupRole role, const Arrangement& theirs,
                                         int count) const;
  // Every class of `role`, best first, by its mean value over the opponent's classes; ties by
  // mean_precision(role).
  std::vector<RankedArrangement> against_uniform(SetupRole role, int count) const;
  // The precision of a reply's values (one entry each), of a mean over the opponent's
  // classes, and of the equilibrium's values (mixes of entries: an entry's error, kept whole).
  SetupPrecision reply_precision() const;
  SetupPrecision mean_precision(SetupRole role) const;
  SetupPrecision equilibrium_precision() const { return reply_precision(); }
  // How many of `role`'s classes are tied with the best reply to `theirs`, and with the best
  // against a random arrangement.
  int tied_replies(SetupRole role, const Arrangement& theirs) const;
  int tied_against_uniform(SetupRole role) const;
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
