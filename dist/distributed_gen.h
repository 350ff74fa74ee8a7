// `ewn gen` run by several processes under MPI (`mpirun -np N ewn gen ...`), writing the same
// files as one process.
//
// Rank 0 plans the run as generate() does (gen_plan.h) and hands out its jobs, smallest first,
// each as soon as the jobs it needs are done, to whichever rank asks for work next: a rank that
// finishes a group asks for the next, so no rank idles while a job is ready. Rank 0 works too:
// its scheduling runs beside its own worker, in a thread of its own. A group larger than one
// process's memory budget (solved in more than one part) is solved by all ranks together, each a
// slice of every level (mpi_sharing.h), once every rank has finished what it was doing. Every table
// is written by one rank, under a temporary name and renamed into place, to the output directory
// all ranks share; exact values and work files go to its working directory as in one process.
//
// A rank that dies ends the MPI job (mpirun stops the others with SIGTERM): each rank then says
// what it was doing, rank 0 what every rank was assigned (as soon as it sees the rank's process
// end: rank_watch.h), and a rerun resumes like one process's.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "generator.h"

namespace ewn::dist {

// Processes of the MPI job that started this one (mpirun says so in the environment); 1 when not
// started by mpirun, or started alone. MPI is initialised only when this is more than one.
int launched_ranks();

// What one rank did in a distributed run.
struct RankFigures {
  int rank = 0;
  std::string host;
  int jobs = 0;                   // groups solved alone
  int team_jobs = 0;              // groups in parts solved with every rank
  uint64_t positions = 0;         // positions of the groups solved alone
  double busy_seconds = 0;        // wall time in jobs
  double cpu_seconds = 0;         // CPU time of the whole process (rank 0: its scheduling too)
  uint64_t peak_rss = 0;          // bytes
  uint64_t exchanged_levels = 0;  // class levels of team jobs combined with the other ranks
  uint64_t exchanged_bytes = 0;   // level values this rank put into those combinations
  uint64_t message_bytes = 0;     // orders and reports this rank sent
};

struct DistributedSummary {
  GenSummary run;  // as generate() reports it
  std::vector<RankFigures> ranks;
};

class Coordinator;

// This process's part in a distributed run: MPI is initialised from construction to
// destruction.
class DistributedGen {
 public:
  // Initialises MPI; ends the job when MPI cannot run threads beside each other (rank 0 needs
  // that).
  DistributedGen();
  ~DistributedGen();
  DistributedGen(const DistributedGen&) = delete;
  DistributedGen& operator=(const DistributedGen&) = delete;

  int rank() const { return rank_; }

  // Ranks other than 0: solve the jobs rank 0 hands out until it says stop; returns the exit
  // code rank 0 ends with.
  int serve(const GenOptions& opt);
  // Rank 0: the whole run; throws as generate(), and std::runtime_error naming the rank and its
  // job when another rank fails.
  DistributedSummary run(const GenOptions& opt);
  // Rank 0, at the end (also when run() was never called or threw): every other rank stops and
  // exits with `code`; ranks still busy after a failure are stopped at once (MPI_Abort).
  void finish(int code);

 private:
  struct Comms;
  GenOptions with_threads(const GenOptions& opt) const;

  int rank_ = 0, ranks_ = 1;
  bool finished_ = false;
  std::unique_ptr<Comms> comms_;
  std::unique_ptr<Coordinator> coordinator_;
};

}  // namespace ewn::dist
