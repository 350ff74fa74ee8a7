// Progress of a long generation on stderr: tables done/total, the group being solved, its piece
// count, positions per second and the estimated time left. On a terminal the line is redrawn in
// place; otherwise a line is printed every few seconds.
#pragma once

#include <cstdint>
#include <string>

#include "progress_line.h"

namespace ewn {

class Progress {
 public:
  Progress(bool enabled, int tables_total, uint64_t work_total);

  void skip(int tables, uint64_t work);  // complete tables found on disk
  void begin_group(const std::string& name, int pieces);
  void update(uint64_t work_done);  // total positions done, including skipped ones
  void end_group(int tables, uint64_t work);
  void finish();
  uint64_t done_work() const { return work_done_; }

 private:
  void print(bool force);

  bool enabled_;
  int tables_total_, tables_done_ = 0;
  uint64_t work_total_, work_done_ = 0, work_skipped_ = 0;
  std::string group_;
  int pieces_ = 0;
  ProgressLine line_;
};

}  // namespace ewn
