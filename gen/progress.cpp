#include "progress.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>

namespace ewn {

namespace {
std::string human_duration(double s) {
  char buf[32];
  if (s < 90) std::snprintf(buf, sizeof buf, "%.0fs", s);
  else if (s < 5400) std::snprintf(buf, sizeof buf, "%.0fm%02.0fs", s / 60 - 0.5, std::fmod(s, 60.0));
  else std::snprintf(buf, sizeof buf, "%.1fh", s / 3600);
  return buf;
}
}  // namespace

Progress::Progress(bool enabled, int tables_total, uint64_t work_total)
    : enabled_(enabled),
      tty_(isatty(STDERR_FILENO)),
      tables_total_(tables_total),
      work_total_(work_total),
      start_(Clock::now()),
      last_print_(start_) {}

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
  if (enabled_ && tty_) std::fputc('\n', stderr);
}

void Progress::print(bool force) {
  if (!enabled_) return;
  auto now = Clock::now();
  double since = std::chrono::duration<double>(now - last_print_).count();
  if (!force && since < (tty_ ? 0.25 : 5.0)) return;
  last_print_ = now;
  double elapsed = std::chrono::duration<double>(now - start_).count();
  double rate = elapsed > 0 ? double(work_done_ - work_skipped_) / elapsed : 0;
  double left = rate > 0 ? double(work_total_ - work_done_) / rate : 0;
  std::fprintf(stderr, "%s[%d/%d tables] %d pieces, %-14s %5.1f%%  %.2fM pos/s  ETA %s%s",
               tty_ ? "\r" : "", tables_done_, tables_total_, pieces_, group_.c_str(),
               work_total_ ? 100.0 * double(work_done_) / double(work_total_) : 100.0, rate / 1e6,
               rate > 0 ? human_duration(left).c_str() : "?", tty_ ? "   " : "\n");
  std::fflush(stderr);
}

}  // namespace ewn
