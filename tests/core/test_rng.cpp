// splitmix64, the one generator behind Rng, the Zobrist keys and the block cache's hashing:
// its published reference outputs, so that seeded games and stored keys never change.
#include <catch2/catch.hpp>

#include "rng.h"
#include "zobrist.h"

using namespace ewn;

TEST_CASE("splitmix64 gives the reference sequence from seed 0") {
  uint64_t state = 0;
  CHECK(splitmix64(state) == 0xE220A8397B1DCDAFull);
  CHECK(splitmix64(state) == 0x6E789E6AA1B965F4ull);
  CHECK(splitmix64(state) == 0x06C45D188009454Full);
  Rng rng(0);
  CHECK(rng.next() == 0xE220A8397B1DCDAFull);
  // The finaliser alone is the output function of the generator's first step.
  CHECK(splitmix64_mix(0x9E3779B97F4A7C15ull) == 0xE220A8397B1DCDAFull);
}

TEST_CASE("the Zobrist keys are splitmix64's sequence from their fixed seed") {
  uint64_t state = 0x45574E2D5A4F4252ull;
  CHECK(kZobrist.piece[0][1] == splitmix64(state));
  CHECK(kZobrist.piece[0][2] == splitmix64(state));
  static_assert(splitmix64_mix(0) == 0);
}
