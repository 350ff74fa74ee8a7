#include "progress_line.h"

#include <unistd.h>

#include <cstdio>

namespace ewn {

std::string human_duration(double s) {
  char buf[32];
  if (s < 90)
    std::snprintf(buf, sizeof buf, "%.0fs", s);
  else if (s < 5400)
    std::snprintf(buf, sizeof buf, "%dm%02ds", int(s) / 60, int(s) % 60);
  else
    std::snprintf(buf, sizeof buf, "%.1fh", s / 3600);
  return buf;
}

std::string eta_text(double done, double total, double elapsed) {
  if (done <= 0 || elapsed <= 0) return "ETA ?";
  double rate = done / elapsed;
  return "ETA " + human_duration(total > done ? (total - done) / rate : 0);
}

ProgressLine::ProgressLine() : tty_(isatty(STDERR_FILENO)), start_(Clock::now()), last_(start_) {}

void ProgressLine::show(const std::string& text, bool force) {
  auto now = Clock::now();
  if (!force && now - last_ < std::chrono::milliseconds(tty_ ? 250 : 5000)) return;
  last_ = now;
  std::fprintf(stderr, "%s%s%s", tty_ ? "\r" : "", text.c_str(), tty_ ? "   " : "\n");
  std::fflush(stderr);
  printed_ = true;
}

void ProgressLine::finish() {
  if (printed_ && tty_) std::fputc('\n', stderr);
  printed_ = false;
}

double ProgressLine::elapsed_seconds() const {
  return std::chrono::duration<double>(Clock::now() - start_).count();
}

}  // namespace ewn
