// Initial setups of SPEC section 2.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <span>

#include "position.h"

namespace ewn {

// Red's start squares in the order the referee fills them: a5, b5, c5, a4, b4, a3.
inline constexpr std::array<Square, 6> kRedStartSquares = {0, 1, 2, 5, 6, 10};

// Blue mirrors Red across the a1-e5 diagonal: a5<->e1, b5<->e2, c5<->e3, a4<->d1, b4<->d2, a3<->c1.
constexpr Square blue_setup_square(Square red_square) {
  return flip_square(mirror_square(red_square));
}

// A free setup: red_order[i] is the number of the red piece on kRedStartSquares[i], and
// blue_order[i] the blue piece on blue_setup_square(kRedStartSquares[i]). Both must be
// permutations of 1..6 (throws std::invalid_argument otherwise).
Position free_setup(std::span<const int, 6> red_order, std::span<const int, 6> blue_order,
                    Side first = Red);

// The referee's random procedure driven by six die rolls (1..6): the roll modulo the number of
// unplaced pieces picks one of them (in ascending order) for the next start square. Blue mirrors.
// Returns the red order (piece number per start square).
std::array<int, 6> referee_order(std::span<const int, 6> rolls);
Position referee_setup(std::span<const int, 6> rolls, Side first = Red);

// The same procedure with rolls taken from a deterministic generator seeded by `seed`.
Position random_setup(uint64_t seed, Side first = Red);

}  // namespace ewn
