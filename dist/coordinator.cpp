#include "coordinator.h"

#include <algorithm>
#include <stdexcept>

#include "protocol.h"
#include "rank_activity.h"

namespace ewn::dist {

Coordinator::Coordinator(MPI_Comm orders, int ranks) : orders_(orders), ranks_(size_t(ranks)) {
  // Rank 0's own worker starts only once the plan stands.
  ranks_[0].state = State::kAbsent;
  for (size_t r = 0; r < ranks_.size(); ++r) ranks_[r].figures.rank = int(r);
}

DistributedSummary Coordinator::run(const GenOptions& opt,
                                    const std::function<void()>& start_own_worker) {
  GenPlan plan(opt);
  opt_ = &opt;
  plan_ = &plan;
  jobs_.assign(plan.jobs().size(), JobState::kWaiting);
  for (const GenJob& job : plan.jobs()) positions_.push_back(job.positions());
  tables_done_ = plan.summary().tables_skipped;
  work_done_ = plan.work_skipped();
  ranks_[0].state = State::kStarting;
  start_own_worker();
  show_progress();
  std::vector<char> bytes;
  while (jobs_done_ < jobs_.size()) {
    assign();
    show_activity();
    int source = receive_bytes(orders_, MPI_ANY_SOURCE, kReportTag, bytes);
    handle(source, bytes);
  }
  // Every rank has asked for more work: none is left, and their figures are final.
  for (Rank& r : ranks_)
    while (r.state != State::kIdle) {
      int source = receive_bytes(orders_, MPI_ANY_SOURCE, kReportTag, bytes);
      handle(source, bytes);
    }
  DistributedSummary summary;
  summary.run = plan.finish();
  for (const Rank& r : ranks_) summary.ranks.push_back(r.figures);
  summary.ranks[0].message_bytes += message_bytes_;
  plan_ = nullptr;
  return summary;
}

void Coordinator::handle(int source, const std::vector<char>& bytes) {
  Rank& rank = ranks_[size_t(source)];
  WireReader r(bytes);
  Report kind = r.get<Report>();
  int index = r.get<int>();
  if (kind == Report::kProgress) {
    if (index != rank.job) return;  // a late report of a job already done
    rank.doing = r.get_string();
    rank.solved = r.get<uint64_t>();
    show_progress();
    return;
  }
  if (kind == Report::kFailed) {
    std::string job = index >= 0 ? plan_->jobs()[size_t(index)].label() : "?";
    throw std::runtime_error("rank " + std::to_string(source) +
                             (rank.figures.host.empty() ? "" : " (" + rank.figures.host + ")") +
                             ", solving group " + job + ": " + r.get_string());
  }
  JobOutcome outcome;
  outcome.tables_written = r.get<int>();
  outcome.parts = r.get<int>();
  rank.figures = get_figures(r);
  rank.state = State::kIdle;
  rank.job = -1;
  rank.doing.clear();
  rank.solved = 0;
  if (index >= 0) {
    const GenJob& job = plan_->jobs()[size_t(index)];
    jobs_[size_t(index)] = JobState::kDone;
    ++jobs_done_;
    plan_->job_done(size_t(index), outcome);
    tables_done_ += int(job.tables.size());
    work_done_ += positions_[size_t(index)];
    // A team job is done when its leader has written it: the other ranks were idle already.
    for (Rank& other : ranks_)
      if (other.job == index) {
        other.job = -1;
        other.doing.clear();
      }
    show_progress();
  }
}

bool Coordinator::ready(size_t job) const {
  if (jobs_[job] != JobState::kWaiting) return false;
  for (size_t need : plan_->needs(job))
    if (jobs_[need] != JobState::kDone) return false;
  return true;
}

bool Coordinator::team_job(size_t job) const {
  // Larger than one process's budget: more than one part. A group solved in one part (all of a
  // 7-piece group in a large budget) is cheaper alone, without exchanging its levels.
  return ranks_.size() > 1 && !plan_->jobs()[job].whole && plan_->jobs()[job].parts > 1;
}

void Coordinator::assign() {
  // The ready jobs, fewest pieces first (larger groups wait for them), then the largest first:
  // the last jobs to finish are then small ones, and the ranks end together.
  std::vector<size_t> ready_jobs;
  for (size_t j = 0; j < jobs_.size(); ++j)
    if (ready(j)) ready_jobs.push_back(j);
  if (ready_jobs.empty()) return;
  std::sort(ready_jobs.begin(), ready_jobs.end(), [this](size_t a, size_t b) {
    int pa = plan_->jobs()[a].group.pieces(), pb = plan_->jobs()[b].group.pieces();
    if (pa != pb) return pa < pb;
    if (positions_[a] != positions_[b]) return positions_[a] > positions_[b];
    return a < b;
  });
  if (team_job(ready_jobs.front())) {
    // Solved by every rank together: the others are held back until all are idle.
    for (const Rank& r : ranks_)
      if (r.state != State::kIdle) return;
    for (size_t r = 0; r < ranks_.size(); ++r) send_solve(int(r), ready_jobs.front(), true);
    jobs_[ready_jobs.front()] = JobState::kRunning;
    return;
  }
  auto next = ready_jobs.begin();
  for (size_t r = 0; r < ranks_.size(); ++r) {
    if (ranks_[r].state != State::kIdle) continue;
    while (next != ready_jobs.end() && team_job(*next)) ++next;
    if (next == ready_jobs.end()) return;
    send_solve(int(r), *next, false);
    jobs_[*next] = JobState::kRunning;
    ++next;
  }
}

void Coordinator::send_solve(int rank, size_t job, bool team) {
  WireWriter w;
  w.put(Order::kSolve);
  w.put(int(job));
  w.put(uint8_t(team));
  put_job(w, plan_->jobs()[job]);
  message_bytes_ += w.bytes().size();
  send_bytes(orders_, rank, kOrderTag, w.bytes());
  Rank& r = ranks_[size_t(rank)];
  r.state = State::kBusy;
  r.job = int(job);
  r.doing = plan_->jobs()[job].label() + (team ? " (every rank)" : "");
  r.solved = 0;
}

bool Coordinator::stop_all(int code) {
  std::vector<char> bytes;
  for (Rank& r : ranks_) {
    if (r.state == State::kBusy) return false;
    // A rank that has not asked for work yet does so first thing.
    while (r.state == State::kStarting) {
      int source = receive_bytes(orders_, r.figures.rank, kReportTag, bytes);
      WireReader reader(bytes);
      if (reader.get<Report>() == Report::kReady) ranks_[size_t(source)].state = State::kIdle;
    }
  }
  for (size_t r = 0; r < ranks_.size(); ++r) {
    if (ranks_[r].state != State::kIdle) continue;
    WireWriter w;
    w.put(Order::kStop);
    w.put(code);
    send_bytes(orders_, int(r), kOrderTag, w.bytes());
    ranks_[r].state = State::kAbsent;
  }
  return true;
}

void Coordinator::show_progress() const {
  if (!opt_ || !opt_->on_progress) return;
  GenProgress p;
  p.tables_done = tables_done_;
  p.tables_total = plan_->summary().tables_total;
  p.work_total = plan_->work_total();
  p.work_skipped = plan_->work_skipped();
  p.work_done = work_done_;
  int busy = 0;
  for (const Rank& r : ranks_) {
    if (r.job < 0 || r.doing.empty()) continue;
    p.work_done += r.solved;
    if (busy++ == 0) {
      p.group = r.doing;
      p.pieces = plan_->jobs()[size_t(r.job)].group.pieces();
    }
  }
  if (busy > 1) p.group += " +" + std::to_string(busy - 1);
  opt_->on_progress(p);
}

void Coordinator::show_activity() const {
  std::string text = "the ranks were assigned:";
  for (const Rank& r : ranks_) {
    text += "\n  rank " + std::to_string(r.figures.rank);
    if (!r.figures.host.empty()) text += " (" + r.figures.host + ")";
    text += r.job >= 0 ? ": group " + r.doing : ": no job";
  }
  set_activity(text);
}

}  // namespace ewn::dist
