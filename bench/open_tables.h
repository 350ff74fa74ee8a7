// Opening every table of a directory before a timing, as a player that has played for a while
// has them open: opening reads a file's header and block index, paid once a process.
#pragma once

#include <ctime>

#include "material.h"
#include "tablebase.h"

namespace ewn {

// Opens every table with at most `max_pieces` pieces (a derived class: its twin's); returns the
// CPU seconds it took.
inline double open_every_table(const Tablebase& tables, int max_pieces) {
  // The thread's CPU clock read directly: bench_probe links the probe library alone.
  auto cpu_seconds = [] {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
  };
  const double start = cpu_seconds();
  for (int n = 2; n <= max_pieces; ++n)
    for (MaterialClass mc : material_classes(n)) tables.file(mc);
  return cpu_seconds() - start;
}

}  // namespace ewn
