// The setup advisor's answers (setups/setup_advice.h) as JSON documents, the same from `ewn setup
// reply|best|equilibrium --json`, the C API's ewn_setups_*_json, Python's Setups and
// /api/setup/*; docs/SETUPS.md lists their fields.
#pragma once

#include "json_text.h"
#include "setup_advice.h"

namespace ewn {

// Every answer carries `precision` (depth, entry_error, depth_bias, value_error, tie_margin:
// SetupPrecision) and full-precision values.
//
// matrix (rows, columns, depth), precision, against, first and second: the ranked replies
// (each `tied` with the best or not), ties: how many classes of each mover are tied with the best.
Json setup_reply_answer(const SetupAdvisor& advisor, const Arrangement& theirs, int count);
// matrix, precision (for each mover: a mean's error differs), first, second and ties: the
// arrangements best against a uniformly random opponent.
Json setup_best_answer(const SetupAdvisor& advisor, int count);
// matrix, precision, value, gap, first and second: the equilibrium's mixes; alternatives: for
// each mover the classes outside its mix as good against the other's (equally_good) and the
// other optimal mixes found (other_mixes); within_noise: how many classes of each mover lie
// within the matrix's own noise (margin, the tie margin) of the value against the other's mix.
Json setup_equilibrium_answer(const SetupAdvisor& advisor);

}  // namespace ewn
