// What the probing benchmarks share: the thread's CPU clock (random positions to probe come
// from core/random_position.h, the generator the tests use too).
#pragma once

#include <ctime>

namespace ewn::bench {

// CPU time of this thread in nanoseconds: unlike wall time it does not count waiting for a core
// on a busy machine.
inline double thread_ns() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
}

}  // namespace ewn::bench
