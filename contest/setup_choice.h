// The engine's own arrangement for a free setup (seed 004 lets each side place its pieces).
#pragma once

#include <optional>
#include <string>

#include "rng.h"
#include "setup_advice.h"
#include "setup_input.h"

namespace ewn {

// The arrangement of `side` whose start position a short search (`depth` plies) values best
// for it, with `first` moving first: against the opponent's arrangement when it is known,
// otherwise on average over a fixed sample of opponent arrangements. Deterministic.
Arrangement choose_arrangement(Side side, Side first, const std::optional<Arrangement>& opponent,
                               int depth = 2);

// The engine's own arrangement and how it was chosen, in words for the console.
struct EngineArrangement {
  Arrangement order{};
  std::string how;
};

// With a setup matrix (setups/): the best reply by the matrix when the opponent's arrangement
// is known, otherwise an arrangement drawn from the equilibrium strategy for the engine's turn
// order (a class by its probability, then either member of the class, by `rng`). Without one,
// choose_arrangement at `depth`.
EngineArrangement engine_arrangement(const SetupAdvisor* advisor, Side side, Side first,
                                     const std::optional<Arrangement>& opponent, int depth,
                                     Rng& rng);

}  // namespace ewn
