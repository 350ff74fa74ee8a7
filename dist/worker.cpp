#include "worker.h"

#include <chrono>

#include "memory_budget.h"
#include "mpi_sharing.h"
#include "omp_threads.h"
#include "page_map.h"
#include "protocol.h"
#include "rank_activity.h"

namespace ewn::dist {

namespace {

using Clock = std::chrono::steady_clock;
// Progress reports of one job at most this often (and at each change of what it does).
constexpr auto kProgressInterval = std::chrono::milliseconds(300);

class Worker {
 public:
  Worker(const GenOptions& opt, const WorkerComms& comms, bool own_activity)
      : opt_(opt), comms_(comms), own_activity_(own_activity) {
    MPI_Comm_rank(comms.orders, &figures_.rank);
    char host[MPI_MAX_PROCESSOR_NAME];
    int length = 0;
    MPI_Get_processor_name(host, &length);
    figures_.host.assign(host, size_t(length));
  }

  int run() {
    report_ready(-1, {});
    std::vector<char> bytes;
    for (;;) {
      receive_bytes(comms_.orders, 0, kOrderTag, bytes);
      WireReader r(bytes);
      if (r.get<Order>() == Order::kStop) return r.get<int>();
      int index = r.get<int>();
      bool team = r.get<uint8_t>() != 0;
      GenJob job = get_job(r);
      solve(index, team, job);
    }
  }

 private:
  void solve(int index, bool team, const GenJob& job) {
    auto started = Clock::now();
    if (own_activity_)
      set_activity("it was solving group " + job.label() +
                   (team ? " with every rank (its slice of each level)" : ""));
    ExchangeCount exchanged;
    PartSharing sharing;
    if (team) sharing = mpi_sharing(comms_.team, exchanged);
    // A team job's progress is the leader's to report: every rank solves the same levels.
    bool reports = !team || sharing.leader();
    std::string doing = job.label();
    uint64_t done = 0;
    Clock::time_point last_sent{};
    auto send_progress = [&](bool force) {
      if (!reports || (!force && Clock::now() - last_sent < kProgressInterval)) return;
      last_sent = Clock::now();
      WireWriter w;
      w.put(Report::kProgress);
      w.put(index);
      w.put_string(doing);
      w.put(done);
      send(w);
    };
    JobProgress progress;
    progress.phase = [&](const std::string& text) {
      bool changed = text != doing;
      doing = text;
      send_progress(changed);
    };
    progress.solved = [&](uint64_t positions) {
      done = positions;
      send_progress(false);
    };
    JobOutcome outcome;
    try {
      kept_.set_limit(kept_pages_limit(job));  // one job at a time, as a run's large jobs
      outcome = solve_job(job, opt_, progress, team ? &sharing : nullptr);
    } catch (const std::exception& e) {
      WireWriter w;
      w.put(Report::kFailed);
      w.put(index);
      w.put_string(e.what());
      send(w);
      // Not ready for more: rank 0 ends the job (MPI_Abort), or orders a stop.
      return;
    }
    if (team) {
      figures_.team_jobs += 1;
      figures_.exchanged_levels += exchanged.levels;
      figures_.exchanged_bytes += exchanged.bytes;
    } else {
      figures_.jobs += 1;
      figures_.positions += job.positions();
    }
    figures_.busy_seconds += std::chrono::duration<double>(Clock::now() - started).count();
    if (own_activity_) set_activity("it was waiting for a job");
    report_ready(team && !sharing.leader() ? -1 : index, outcome);
  }

  void report_ready(int finished, const JobOutcome& outcome) {
    figures_.cpu_seconds = process_cpu_seconds();
    figures_.peak_rss = peak_rss_bytes();
    WireWriter w;
    w.put(Report::kReady);
    w.put(finished);
    w.put(outcome.tables_written);
    w.put(outcome.parts);
    put_figures(w, figures_);
    send(w);
  }

  void send(const WireWriter& w) {
    figures_.message_bytes += w.bytes().size();
    send_bytes(comms_.orders, 0, kReportTag, w.bytes());
  }

  KeptPages kept_;  // the values' maps from job to job (gen/page_map.h)
  const GenOptions& opt_;
  WorkerComms comms_;
  bool own_activity_;
  RankFigures figures_;
};

}  // namespace

int run_worker(const GenOptions& opt, const WorkerComms& comms, bool own_activity) {
  OmpThreadsScope threads(opt.threads);
  return Worker(opt, comms, own_activity).run();
}

}  // namespace ewn::dist
