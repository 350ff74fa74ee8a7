// Placement by the setup matrix in `ewn match` (--place-by-matrix): a player so placed arranges
// its own pieces in every game of a free setup, the other keeps the arrangement the pair's
// shared random setup gives its seat.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "match.h"
#include "rng.h"
#include "setup_advice.h"

namespace ewn {

// An arrangement for `role` by the matrix: the best reply to `opponent` when it is given and
// inside the matrix, otherwise a draw from the equilibrium mix (a class by its probability,
// then either member). Any matrix, whole or of the first few classes (trials, tests).
Arrangement matrix_arrangement(const SetupAdvisor& advisor, SetupRole role,
                               const std::optional<Arrangement>& opponent, Rng& rng);

struct MatrixPlacement {
  std::shared_ptr<const SetupAdvisor> advisor;
  bool a = false, b = false;  // which players place by the matrix
  bool reply = false;         // best reply to an opponent placed by the referee, seen first
};

// The match's `place` function (match.h) for `placement`. It solves the equilibrium before
// returning, so the function can run on the match's threads at once.
MatchPlacement match_placement(const MatrixPlacement& placement);

// `ewn match --place-by-matrix WHO [--setup-matrix FILE] [--matrix-reply]`: WHO is A, B or both;
// FILE empty means the default file (default_setup_matrix_path). Reads the matrix, throwing
// PathError as read_setup_matrix does, and says in `description` who places how.
MatchPlacement placement_by_matrix(const std::string& who, const std::string& file, bool reply,
                                   std::string& description);

}  // namespace ewn
