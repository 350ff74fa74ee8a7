// The setup advisor's answers (setups/setup_advice.h) as JSON documents, the same from `ewn setup
// reply|best|equilibrium --json`, the C API's ewn_setups_*_json, Python's Setups and
// /api/setup/*; docs/SETUPS.md lists their fields.
#pragma once

#include "json_text.h"
#include "setup_advice.h"

namespace ewn {

// matrix (rows, columns, depth), against, and first and second: the ranked replies.
Json setup_reply_answer(const SetupAdvisor& advisor, const Arrangement& theirs, int count);
// matrix, first and second: the arrangements best against a uniformly random opponent.
Json setup_best_answer(const SetupAdvisor& advisor, int count);
// matrix, value, gap, first and second: the equilibrium's supports.
Json setup_equilibrium_answer(const SetupAdvisor& advisor);

}  // namespace ewn
