// A rank's worker: asks rank 0 for jobs, solves them, reports progress and figures, until told
// to stop. Every rank runs one (rank 0 in a thread beside its coordinator).
#pragma once

#include <mpi.h>

#include "generator.h"

namespace ewn::dist {

struct WorkerComms {
  MPI_Comm orders;  // reports and orders (protocol.h)
  MPI_Comm team;    // the collectives of groups solved by every rank
};

// Returns the exit code of the stop order. `own_activity`: this worker says what its rank is
// doing when the job ends (rank_activity.h); rank 0's coordinator says it for rank 0.
int run_worker(const GenOptions& opt, const WorkerComms& comms, bool own_activity);

}  // namespace ewn::dist
