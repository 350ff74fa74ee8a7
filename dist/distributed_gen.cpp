#include "distributed_gen.h"

#include <mpi.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <thread>

#include "coordinator.h"
#include "memory_budget.h"
#include "rank_activity.h"
#include "rank_watch.h"
#include "worker.h"

namespace ewn::dist {

int launched_ranks() {
  // Open MPI's mpirun, then the PMI of other launchers (srun, MPICH's mpiexec).
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"})
    if (const char* value = std::getenv(name)) return std::max(1, std::atoi(value));
  return 1;
}

struct DistributedGen::Comms {
  WorkerComms worker{};
  int local_ranks = 1;  // ranks on this machine
  int own_code = 0;     // rank 0's worker's stop code
  std::thread own_worker;
  std::unique_ptr<RankWatch> watch;
};

DistributedGen::DistributedGen() : comms_(std::make_unique<Comms>()) {
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks_);
  report_activity_on_termination(rank_);  // before the duplicates, which inherit its handler
  MPI_Comm_dup(MPI_COMM_WORLD, &comms_->worker.orders);
  MPI_Comm_dup(MPI_COMM_WORLD, &comms_->worker.team);
  MPI_Comm local;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &local);
  MPI_Comm_size(local, &comms_->local_ranks);
  MPI_Comm_free(&local);
  if (provided < MPI_THREAD_MULTIPLE) {
    // Rank 0 schedules beside its own worker: without threads the run cannot go on.
    if (rank_ == 0)
      std::fprintf(stderr,
                   "ewn gen: this MPI library does not support threads "
                   "(MPI_THREAD_MULTIPLE), which a run with several ranks needs\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  comms_->watch = std::make_unique<RankWatch>(MPI_COMM_WORLD);
  if (rank_ == 0) coordinator_ = std::make_unique<Coordinator>(comms_->worker.orders, ranks_);
}

DistributedGen::~DistributedGen() {
  if (rank_ == 0 && !finished_) finish(1);
  comms_->watch.reset();
  MPI_Comm_free(&comms_->worker.orders);
  MPI_Comm_free(&comms_->worker.team);
  MPI_Finalize();
}

GenOptions DistributedGen::with_threads(const GenOptions& opt) const {
  GenOptions o = opt;
  // "All cores" shared by the ranks of one machine, so that they do not oversubscribe it.
  if (o.threads == 0)
    o.threads = std::max(1, int(std::thread::hardware_concurrency()) / comms_->local_ranks);
  return o;
}

int DistributedGen::serve(const GenOptions& opt) {
  return run_worker(with_threads(opt), comms_->worker, true);
}

DistributedSummary DistributedGen::run(const GenOptions& opt) {
  auto started = std::chrono::steady_clock::now();
  GenOptions o = with_threads(opt);
  DistributedSummary summary = coordinator_->run(o, [this, o] {
    comms_->own_worker =
        std::thread([this, o] { comms_->own_code = run_worker(o, comms_->worker, false); });
  });
  summary.run.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  summary.run.peak_rss = peak_rss_bytes();
  return summary;
}

void DistributedGen::finish(int code) {
  if (finished_ || rank_ != 0) return;
  finished_ = true;
  comms_->watch->disarm();  // the ranks now end
  if (!coordinator_->stop_all(code)) {
    // Some rank is still solving a job after another failed: only ending the job stops it.
    std::fflush(nullptr);
    MPI_Abort(MPI_COMM_WORLD, code);
  }
  if (comms_->own_worker.joinable()) comms_->own_worker.join();
}

}  // namespace ewn::dist
