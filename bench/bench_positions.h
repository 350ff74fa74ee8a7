// What the probing benchmarks share: random positions to probe and the thread's CPU clock.
#pragma once

#include <algorithm>
#include <array>
#include <ctime>
#include <random>

#include "position.h"

namespace ewn::bench {

// A random undecided position with exactly `pieces` pieces: random material, squares and side to
// move.
inline Position random_undecided(std::mt19937_64& rng, int pieces) {
  for (;;) {
    int red =
        std::uniform_int_distribution<int>(std::max(1, pieces - 6), std::min(6, pieces - 1))(rng);
    std::array<int, 6> numbers = {1, 2, 3, 4, 5, 6};
    std::array<Square, kSquares> squares;
    for (int s = 0; s < kSquares; ++s) squares[s] = Square(s);
    std::shuffle(squares.begin(), squares.end(), rng);
    Position pos;
    int next = 0;
    for (Side side : {Red, Blue}) {
      std::shuffle(numbers.begin(), numbers.end(), rng);
      int count = side == Red ? red : pieces - red;
      for (int i = 0; i < count; ++i) pos.put(side, numbers[i], squares[next++]);
    }
    pos.to_move = Side(rng() & 1);
    if (!pos.winner()) return pos;
  }
}

// CPU time of this thread in nanoseconds: unlike wall time it does not count waiting for a core
// on a busy machine.
inline double thread_ns() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
}

}  // namespace ewn::bench
