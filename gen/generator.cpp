#include "generator.h"

#include <omp.h>

#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <numeric>
#include <vector>

#include "gen_plan.h"
#include "memory_budget.h"
#include "omp_threads.h"
#include "page_map.h"

namespace ewn {

namespace {

// Runs the jobs of a plan in order. A job too large to be solved beside others runs alone on
// every thread; a stretch of small ones (GenJob::side_by_side) runs one job per thread, each
// thread taking the first job whose needs are solved, so that no thread waits at the end of a
// small level's loop. Each job's files are the same bytes either way: a job's values do not
// depend on the thread count, and the jobs of a stretch never read each other's files before
// they are complete. A large job takes the maps the one before it gave back (KeptPages), within
// the plan's bytes, so that the kernel does not zero its arrays' pages again.
class JobRunner {
 public:
  JobRunner(GenPlan& plan, const GenOptions& opt, ProgressReporter& progress)
      : plan_(plan), opt_(opt), progress_(progress) {}

  void run_all() {
    const auto& jobs = plan_.jobs();
    for (size_t i = 0; i < jobs.size();) {
      size_t end = i;
      while (end < jobs.size() && jobs[end].side_by_side) ++end;
      if (end == i) ++end;  // a large job, alone
      run_stretch(i, end);
      i = end;
    }
  }

 private:
  enum class State { waiting, running, done };

  // Jobs [begin, end): one at a time on every thread, or side by side one per thread.
  void run_stretch(size_t begin, size_t end) {
    begin_ = begin;
    state_.assign(end - begin, State::waiting);
    done_in_job_.assign(end - begin, 0);
    base_work_ = progress_.done_work();
    error_ = nullptr;
    const bool side_by_side = plan_.jobs()[begin].side_by_side && end - begin > 1;
    kept_.set_limit(kept_limit(begin, end));
#pragma omp parallel if (side_by_side)
    {
      if (side_by_side) omp_set_num_threads(1);  // the job's own loops, on this thread only
      while (true) {
        const size_t i = next_job();
        if (i == kNone) break;
        run_job(i);
      }
    }
    if (error_) std::rethrow_exception(error_);
  }

  static constexpr size_t kNone = ~size_t(0);

  // Maps are kept for a job alone (kept_pages_limit), not for small jobs side by side, whose pages
  // the kernel zeroes in a small part of their time (docs/BENCHMARKS.md, "Maps kept between
  // groups").
  uint64_t kept_limit(size_t begin, size_t end) const {
    return end - begin > 1 ? 0 : kept_pages_limit(plan_.jobs()[begin]);
  }

  // The first waiting job whose needs are all done, marked running; kNone when none is left
  // (or a job failed). Waits while every waiting job needs one still running.
  size_t next_job() {
    std::unique_lock lock(mutex_);
    while (true) {
      if (error_) return kNone;
      bool waiting = false;
      for (size_t k = 0; k < state_.size(); ++k) {
        if (state_[k] != State::waiting) continue;
        waiting = true;
        if (!ready(begin_ + k)) continue;
        state_[k] = State::running;
        return begin_ + k;
      }
      if (!waiting) return kNone;
      changed_.wait(lock);
    }
  }

  bool ready(size_t i) const {
    for (size_t need : plan_.needs(i))
      if (need >= begin_ && state_[need - begin_] != State::done) return false;
    return true;
  }

  void run_job(size_t i) {
    const GenJob& job = plan_.jobs()[i];
    JobProgress reports;
    reports.phase = [&](const std::string& doing) {
      std::lock_guard lock(mutex_);
      progress_.begin_group(doing, job.group.pieces());
    };
    reports.solved = [&, i](uint64_t done) {
      std::lock_guard lock(mutex_);
      done_in_job_[i - begin_] = done;
      report_work();
    };
    try {
      JobOutcome outcome = solve_job(job, opt_, reports);
      std::lock_guard lock(mutex_);
      plan_.job_done(i, outcome);
      done_in_job_[i - begin_] = job.positions();
      report_work();
      progress_.end_group(int(job.tables.size()));
      state_[i - begin_] = State::done;
    } catch (...) {
      std::lock_guard lock(mutex_);
      if (!error_) error_ = std::current_exception();
    }
    changed_.notify_all();
  }

  void report_work() {
    progress_.update(base_work_ +
                     std::accumulate(done_in_job_.begin(), done_in_job_.end(), uint64_t(0)));
  }

  GenPlan& plan_;
  const GenOptions& opt_;
  ProgressReporter& progress_;
  KeptPages kept_;
  std::mutex mutex_;  // guards everything below, the plan and the progress
  std::condition_variable changed_;
  size_t begin_ = 0;
  std::vector<State> state_;
  std::vector<uint64_t> done_in_job_;
  uint64_t base_work_ = 0;
  std::exception_ptr error_;
};

}  // namespace

GenSummary generate(const GenOptions& opt) {
  auto started = std::chrono::steady_clock::now();
  OmpThreadsScope threads(opt.threads);
  GenPlan plan(opt);
  ProgressReporter progress(opt.on_progress, plan.summary().tables_total, plan.work_total());
  progress.skip(plan.summary().tables_skipped, plan.work_skipped());
  JobRunner(plan, opt, progress).run_all();
  GenSummary summary = plan.finish();
  summary.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  summary.peak_rss = peak_rss_bytes();
  return summary;
}

}  // namespace ewn
