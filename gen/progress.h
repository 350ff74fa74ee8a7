// Progress of a generation, reported as it changes: tables done and to do, the group being
// solved and what it is doing, and positions solved. The generator reports; whoever runs it
// decides whether and how to show it (`ewn gen` draws a progress line on stderr).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace ewn {

struct GenProgress {
  int tables_done = 0, tables_total = 0;
  // The group in progress: its first class, " (exact)" when only its exact values are needed,
  // then " levels" or " writing" while it does that.
  std::string group;
  int pieces = 0;  // of the group in progress
  // Canonical positions, those of the tables found complete on disk included; those are also
  // counted apart, since they took no time in this run.
  uint64_t work_done = 0, work_total = 0, work_skipped = 0;
};

using GenProgressCallback = std::function<void(const GenProgress&)>;

// Keeps a GenProgress up to date and hands each change to the callback (if any).
class ProgressReporter {
 public:
  ProgressReporter(GenProgressCallback callback, int tables_total, uint64_t work_total);

  void skip(int tables, uint64_t work);  // complete tables found on disk (not reported)
  void begin_group(const std::string& name, int pieces);
  void update(uint64_t work_done);  // total positions done, including skipped ones
  void end_group(int tables);
  uint64_t done_work() const { return state_.work_done; }

 private:
  void report() const;

  GenProgressCallback callback_;
  GenProgress state_;
};

}  // namespace ewn
