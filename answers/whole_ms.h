// Durations are whole milliseconds on every surface (took_ms, cpu_ms, busy_ms, ...): the one
// rounding of a duration to them, to the nearest millisecond.
#pragma once

#include <chrono>
#include <cmath>
#include <cstdint>

namespace ewn {

inline int64_t whole_ms(double seconds) {
  return int64_t(std::llround(seconds * 1000));
}

template <class Rep, class Period>
int64_t whole_ms(std::chrono::duration<Rep, Period> d) {
  return whole_ms(std::chrono::duration<double>(d).count());
}

}  // namespace ewn
