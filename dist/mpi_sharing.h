// A group in parts solved by every rank together (part_sharing.h) over MPI: each rank's slice of
// a level is combined by a sum over the ranks around a ring of point-to-point messages, in
// chunks so that the buffers stay small, waited for quietly (mpi_wire.h).
#pragma once

#include <mpi.h>

#include <cstdint>

#include "part_sharing.h"

namespace ewn::dist {

struct ExchangeCount {
  uint64_t levels = 0;  // levels combined
  uint64_t bytes = 0;   // level values this rank put into the combinations
};

// Sharing among the ranks of `comm` (this rank's slice is its rank in it); `count` adds up what
// was exchanged and must outlive the sharing.
PartSharing mpi_sharing(MPI_Comm comm, ExchangeCount& count);

}  // namespace ewn::dist
