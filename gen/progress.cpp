#include "progress.h"

#include <cstdio>

namespace ewn {

Progress::Progress(bool enabled, int tables_total, uint64_t work_total)
    : enabled_(enabled), tables_total_(tables_total), work_total_(work_total) {}

void Progress::skip(int tables, uint64_t work) {
  tables_done_ += tables;
  work_done_ += work;
  work_skipped_ += work;
}

void Progress::begin_group(const std::string& name, int pieces) {
  group_ = name;
  pieces_ = pieces;
  print(false);
}

void Progress::update(uint64_t work_done) {
  work_done_ = work_done;
  print(false);
}

void Progress::end_group(int tables, uint64_t work) {
  tables_done_ += tables;
  (void)work;
  print(false);
}

void Progress::finish() {
  line_.finish();
}

// "[12/198 tables] 5 pieces, 12v123   41.0%  2.31M pos/s  ETA 1m05s"; the rate leaves out
// tables found complete on disk, so a resumed run's ETA is not flattered by them.
void Progress::print(bool force) {
  if (!enabled_) return;
  double elapsed = line_.elapsed_seconds();
  double solved = double(work_done_ - work_skipped_);
  char buf[200];
  std::snprintf(buf, sizeof buf, "[%d/%d tables] %d pieces, %-14s %5.1f%%  %.2fM pos/s  %s",
                tables_done_, tables_total_, pieces_, group_.c_str(),
                work_total_ ? 100.0 * double(work_done_) / double(work_total_) : 100.0,
                elapsed > 0 ? solved / elapsed / 1e6 : 0.0,
                eta_text(solved, double(work_total_ - work_skipped_), elapsed).c_str());
  line_.show(buf, force);
}

}  // namespace ewn
