// Weights of the evaluation (eval.h). Until they are fitted to table values they reproduce the
// plain race model.
#pragma once

#include "eval.h"

namespace ewn {

inline constexpr EvalWeights kTunedEvalWeights = {
    0.0,  // bias
    {1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0},
};

}  // namespace ewn
