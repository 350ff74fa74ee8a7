// The one default of each engine quantity, on every surface (docs/API.md, "Defaults"): the time
// the engine spends on a move when nobody says (ewn play, a player spec, the library's engine,
// ewn serve's /api/move) and the node budget of an estimate (ewn analyse and every analysis,
// ewn serve's /api/estimate and its probe fallback).
#pragma once

#include <cstdint>

namespace ewn {

inline constexpr int kDefaultMovetimeMs = 1000;
inline constexpr uint64_t kDefaultNodeBudget = 300'000;

}  // namespace ewn
