// The number of threads of the OpenMP loops a library call runs, for the length of the call:
// set on the calling thread when the caller asks for a number, and put back as it was after,
// so that the caller's own setting (and any other thread's) is left alone.
#pragma once

#include <omp.h>

namespace ewn {

class OmpThreadsScope {
 public:
  // `threads` 0: leave the setting as it is (all cores unless the caller said otherwise).
  explicit OmpThreadsScope(int threads) : saved_(omp_get_max_threads()) {
    if (threads > 0) omp_set_num_threads(threads);
  }
  ~OmpThreadsScope() { omp_set_num_threads(saved_); }
  OmpThreadsScope(const OmpThreadsScope&) = delete;
  OmpThreadsScope& operator=(const OmpThreadsScope&) = delete;

 private:
  int saved_;
};

}  // namespace ewn
