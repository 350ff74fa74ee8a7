// The engine's own arrangement for a free setup (seed 004 lets each side place its pieces).
#pragma once

#include <optional>

#include "setup_input.h"

namespace ewn {

// The arrangement of `side` whose start position a short search (`depth` plies) values best
// for it, with `first` moving first: against the opponent's arrangement when it is known,
// otherwise on average over a fixed sample of opponent arrangements. Deterministic.
Arrangement choose_arrangement(Side side, Side first, const std::optional<Arrangement>& opponent,
                               int depth = 2);

}  // namespace ewn
