// Rank 0's scheduler: plans the run, hands out the jobs in dependency order to the ranks as they
// ask, shows one progress line for the whole run, and collects each rank's figures.
#pragma once

#include <mpi.h>

#include <functional>
#include <string>
#include <vector>

#include "distributed_gen.h"
#include "gen_plan.h"

namespace ewn::dist {

class Coordinator {
 public:
  Coordinator(MPI_Comm orders, int ranks);

  // Plans and runs every job; `start_own_worker` starts rank 0's worker once the plan stands.
  // Throws as generate(), and std::runtime_error naming the rank and the job when a rank fails.
  DistributedSummary run(const GenOptions& opt, const std::function<void()>& start_own_worker);
  // Orders every rank to stop with `code`, after taking its request for work; false (nothing
  // sent) when some rank is still busy with a job, which only ending the MPI job stops.
  bool stop_all(int code);

 private:
  enum class State { kStarting, kIdle, kBusy, kAbsent };
  struct Rank {
    State state = State::kStarting;
    int job = -1;
    std::string doing;
    uint64_t solved = 0;  // positions of its job's group solved (team jobs: the leader's)
    RankFigures figures;
  };

  void handle(int source, const std::vector<char>& bytes);
  void assign();
  void send_solve(int rank, size_t job, bool team);
  bool ready(size_t job) const;
  bool team_job(size_t job) const;
  void show_progress() const;
  void show_activity() const;

  MPI_Comm orders_;
  const GenOptions* opt_ = nullptr;
  GenPlan* plan_ = nullptr;
  std::vector<Rank> ranks_;
  enum class JobState { kWaiting, kRunning, kDone };
  std::vector<JobState> jobs_;
  std::vector<uint64_t> positions_;  // of each job's group
  size_t jobs_done_ = 0;
  int tables_done_ = 0;
  uint64_t work_done_ = 0;  // positions of finished jobs and of the tables found complete
  uint64_t message_bytes_ = 0;
};

}  // namespace ewn::dist
