// Opening every table of a directory before a timing, as a player that has played for a while
// has them open: opening reads a file's header and block index, paid once a process.
#pragma once

#include <chrono>

#include "material.h"
#include "tablebase.h"
#include "time_control.h"

namespace ewn {

// Opens every table with at most complete_up_to() pieces; returns the CPU seconds it took.
inline double open_every_table(const Tablebase& tables) {
  Duration start = clock_now(ClockKind::ThreadCpu);
  for (int n = 2; n <= tables.complete_up_to(); ++n)
    for (MaterialClass mc : material_classes(n)) tables.file(mc);
  return std::chrono::duration<double>(clock_now(ClockKind::ThreadCpu) - start).count();
}

}  // namespace ewn
