// Progress of long commands on stderr: redrawn in place on a terminal, a line every few
// seconds otherwise (a log file or a pipe gets a readable history, not a wall of redraws).
#pragma once

#include <chrono>
#include <string>

namespace ewn {

// "42s", "3m07s", "1.5h": a remaining or elapsed time as people read it.
std::string human_duration(double seconds);

// "ETA 3m07s" from the work done and to do after `elapsed` seconds; "ETA ?" before any is done.
std::string eta_text(double done, double total, double elapsed);

class ProgressLine {
 public:
  ProgressLine();
  // Shows `text` unless a line was shown too recently (always when `force`).
  void show(const std::string& text, bool force = false);
  // Ends a line redrawn in place, so that what follows starts on a line of its own.
  void finish();
  double elapsed_seconds() const;

 private:
  using Clock = std::chrono::steady_clock;
  bool tty_;
  bool printed_ = false;
  Clock::time_point start_, last_;
};

}  // namespace ewn
