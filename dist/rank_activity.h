// What this rank is doing, kept where a signal handler can print it: when a rank dies, mpirun
// ends the others with SIGTERM (or a rank's exchange with it fails first), and each says what it
// was doing (rank 0: what every rank was assigned) before it exits, so that the user learns which
// job the dead rank had. Rank 0 says it as soon as it sees the rank's process end
// (rank_watch.h), without waiting for SIGTERM.
#pragma once

#include <string>

namespace ewn::dist {

// Installs the SIGTERM handler that prints the activity of this rank and exits with 1, and the
// same as MPI_COMM_WORLD's error handler (communicators duplicated from it later inherit it).
void report_activity_on_termination(int rank);
// What the handler prints from now on (one or more lines, without the final newline).
void set_activity(const std::string& text);
// Rank 0, when the process of `rank` has ended: says what the ranks were doing at once, then
// waits for mpirun's SIGTERM (exits with 1 after 10 s without it).
[[noreturn]] void end_after_lost_rank(int rank);

}  // namespace ewn::dist
