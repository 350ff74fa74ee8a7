#include "mpi_sharing.h"

#include <algorithm>

#include "mpi_wire.h"

namespace ewn::dist {

namespace {

// Values combined in one reduction: 8 MiB, so that Open MPI's temporary buffers stay within the
// reserve the memory plan keeps for the process.
constexpr size_t kChunkValues = size_t(1) << 20;

}  // namespace

PartSharing mpi_sharing(MPI_Comm comm, ExchangeCount& count) {
  PartSharing sharing;
  MPI_Comm_rank(comm, &sharing.slice);
  MPI_Comm_size(comm, &sharing.slices);
  sharing.combine = [comm, &count](std::span<double> values) {
    for (size_t at = 0; at < values.size(); at += kChunkValues) {
      int n = int(std::min(kChunkValues, values.size() - at));
      MPI_Request request;
      MPI_Iallreduce(MPI_IN_PLACE, values.data() + at, n, MPI_DOUBLE, MPI_SUM, comm, &request);
      wait_quietly(request);
    }
    count.levels += 1;
    count.bytes += values.size() * sizeof(double);
  };
  sharing.barrier = [comm] {
    MPI_Request request;
    MPI_Ibarrier(comm, &request);
    wait_quietly(request);
  };
  return sharing;
}

}  // namespace ewn::dist
