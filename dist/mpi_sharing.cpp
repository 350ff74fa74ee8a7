#include "mpi_sharing.h"

#include <algorithm>
#include <memory>
#include <vector>

#include "mpi_wire.h"

namespace ewn::dist {

namespace {

// Values summed in one round of the ring: 8 MiB, so that the buffers a round needs stay within
// the reserve the memory plan keeps for the process.
constexpr size_t kChunkValues = size_t(1) << 20;
constexpr int kSliceTag = 1;

// The sum over the ranks of `values`, in place: the ring algorithm's reduce-scatter, then its
// allgather. Each rank sends and receives 2 (N - 1) / N times the values (N ranks), only to and
// from its two neighbours. Written with point-to-point messages rather than MPI's nonblocking
// collectives: the rank's other thread (rank 0's scheduler) makes MPI progress too, and Open
// MPI 4.1's nonblocking collectives then failed now and then with 3 ranks (MPI_ERR_TRUNCATE),
// while its point-to-point matching is safe under MPI_THREAD_MULTIPLE.
void ring_sum(MPI_Comm comm, int rank, int ranks, std::span<double> values,
              std::vector<double>& incoming) {
  const int right = (rank + 1) % ranks, left = (rank + ranks - 1) % ranks;
  // Segment s of the values (taken modulo the ranks).
  auto segment = [&](int s) {
    size_t at = size_t((s % ranks + ranks) % ranks);
    size_t begin = values.size() * at / size_t(ranks);
    size_t end = values.size() * (at + 1) / size_t(ranks);
    return values.subspan(begin, end - begin);
  };
  auto exchange = [&](std::span<double> out, std::span<double> in) {
    MPI_Request requests[2];
    MPI_Irecv(in.data(), int(in.size()), MPI_DOUBLE, left, kSliceTag, comm, &requests[0]);
    MPI_Isend(out.data(), int(out.size()), MPI_DOUBLE, right, kSliceTag, comm, &requests[1]);
    wait_quietly(requests);
  };
  // After step k, segment rank - k - 1 holds the sum of k + 2 ranks; after the last, this rank
  // holds the whole sum of segment rank + 1.
  for (int step = 0; step < ranks - 1; ++step) {
    std::span<double> sum = segment(rank - step - 1);
    incoming.resize(sum.size());
    exchange(segment(rank - step), incoming);
    for (size_t i = 0; i < sum.size(); ++i) sum[i] += incoming[i];
  }
  // Each whole segment travels once around the ring.
  for (int step = 0; step < ranks - 1; ++step)
    exchange(segment(rank + 1 - step), segment(rank - step));
}

}  // namespace

PartSharing mpi_sharing(MPI_Comm comm, ExchangeCount& count) {
  PartSharing sharing;
  MPI_Comm_rank(comm, &sharing.slice);
  MPI_Comm_size(comm, &sharing.slices);
  const int rank = sharing.slice, ranks = sharing.slices;
  auto incoming = std::make_shared<std::vector<double>>();
  sharing.combine = [comm, rank, ranks, incoming, &count](std::span<double> values) {
    for (size_t at = 0; at < values.size(); at += kChunkValues)
      ring_sum(comm, rank, ranks, values.subspan(at, std::min(kChunkValues, values.size() - at)),
               *incoming);
    count.levels += 1;
    count.bytes += values.size() * sizeof(double);
  };
  // A sum no rank can finish before every rank has started it: each rank's result depends on a
  // chain of messages from every other.
  sharing.barrier = [comm, rank, ranks, incoming] {
    double nothing = -0.0;
    ring_sum(comm, rank, ranks, {&nothing, 1}, *incoming);
  };
  sharing.leaders = [comm, rank, ranks, incoming](int value) {
    double v = rank == 0 ? double(value) : -0.0;
    ring_sum(comm, rank, ranks, {&v, 1}, *incoming);
    return int(v);
  };
  return sharing;
}

}  // namespace ewn::dist
