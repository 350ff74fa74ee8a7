// Rank 0 learns at once that another rank's process has ended, however it ended (SIGKILL, out of
// memory): each rank holds a TCP connection to rank 0, which its kernel closes when the process
// ends. Rank 0 then says what every rank was assigned (rank_activity.h) before mpirun stops it.
// mpirun alone is not enough: it sends the ranks SIGTERM and, as soon as one of them has exited,
// SIGKILL (Open MPI 4.1 cuts its one second of grace short when a child exits), which on a busy
// machine came before rank 0 had run its SIGTERM handler.
//
// Best effort: a rank that cannot reach rank 0 over IPv4 (no route, a firewall) goes unwatched,
// and its death is told by mpirun's SIGTERM alone.
#pragma once

#include <mpi.h>

#include <memory>

namespace ewn::dist {

class RankWatch {
 public:
  // Collective over `comm`: rank 0 listens and watches (in a thread of its own), every other rank
  // connects to it.
  explicit RankWatch(MPI_Comm comm);
  ~RankWatch();
  RankWatch(const RankWatch&) = delete;
  RankWatch& operator=(const RankWatch&) = delete;

  // Rank 0, before it stops the ranks: their connections closing from now on is no failure.
  void disarm();

 private:
  struct Watcher;
  std::unique_ptr<Watcher> watcher_;  // rank 0
  int lifeline_ = -1;                 // the other ranks: the connection to rank 0
};

}  // namespace ewn::dist
