#include "generator.h"

#include <chrono>

#include "gen_plan.h"
#include "memory_budget.h"
#include "omp_threads.h"

namespace ewn {

GenSummary generate(const GenOptions& opt) {
  auto started = std::chrono::steady_clock::now();
  OmpThreadsScope threads(opt.threads);
  GenPlan plan(opt);
  ProgressReporter progress(opt.on_progress, plan.summary().tables_total, plan.work_total());
  progress.skip(plan.summary().tables_skipped, plan.work_skipped());

  for (size_t i = 0; i < plan.jobs().size(); ++i) {
    const GenJob& job = plan.jobs()[i];
    uint64_t base = progress.done_work();
    JobProgress reports;
    reports.phase = [&](const std::string& doing) {
      progress.begin_group(doing, job.group.pieces());
    };
    reports.solved = [&](uint64_t done) { progress.update(base + done); };
    JobOutcome outcome = solve_job(job, opt, reports);
    plan.job_done(i, outcome);
    progress.end_group(int(job.tables.size()));
  }
  GenSummary summary = plan.finish();
  summary.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  summary.peak_rss = peak_rss_bytes();
  return summary;
}

}  // namespace ewn
