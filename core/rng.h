// A small, fast, seedable generator (splitmix64) for dice, playouts, random players and random
// positions. Deterministic for a given seed on every platform, unlike the std distributions
// (below() is the way to draw; it is also a UniformRandomBitGenerator, for std::shuffle and the
// std distributions of the tests).
#pragma once

#include <cstdint>

namespace ewn {

// splitmix64's output function: a bijection of 64 bits whose every output bit depends on every
// input bit (hash tables use it alone, to spread keys).
constexpr uint64_t splitmix64_mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// splitmix64: advances `state` and returns its next output. The one definition of the
// generator: Rng, the Zobrist keys and the search's model keys all draw from it.
constexpr uint64_t splitmix64(uint64_t& state) {
  return splitmix64_mix(state += 0x9E3779B97F4A7C15ull);
}

class Rng {
 public:
  using result_type = uint64_t;
  explicit Rng(uint64_t seed = 0) : state_(seed) {}
  static constexpr uint64_t min() { return 0; }
  static constexpr uint64_t max() { return ~uint64_t(0); }
  uint64_t operator()() { return next(); }
  uint64_t next() { return splitmix64(state_); }
  // Uniform in [0, n) for n >= 1 (multiply-shift; the bias is below 2^-32 for small n).
  uint32_t below(uint32_t n) { return uint32_t(((next() >> 32) * uint64_t(n)) >> 32); }
  int die() { return int(below(6)) + 1; }

 private:
  uint64_t state_;
};

// Derives independent seeds from a base seed and labels (game number, purpose, ...).
inline uint64_t mix_seed(uint64_t seed, uint64_t a, uint64_t b = 0) {
  Rng r(seed ^ (a * 0xD1B54A32D192ED03ull) ^ (b * 0x8CB92BA72F3D8DD7ull));
  r.next();
  return r.next();
}

}  // namespace ewn
