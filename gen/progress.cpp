#include "progress.h"

namespace ewn {

ProgressReporter::ProgressReporter(GenProgressCallback callback, int tables_total,
                                   uint64_t work_total)
    : callback_(std::move(callback)) {
  state_.tables_total = tables_total;
  state_.work_total = work_total;
}

void ProgressReporter::skip(int tables, uint64_t work) {
  state_.tables_done += tables;
  state_.work_done += work;
  state_.work_skipped += work;
}

void ProgressReporter::begin_group(const std::string& name, int pieces) {
  state_.group = name;
  state_.pieces = pieces;
  report();
}

void ProgressReporter::update(uint64_t work_done) {
  state_.work_done = work_done;
  report();
}

void ProgressReporter::end_group(int tables) {
  state_.tables_done += tables;
  report();
}

void ProgressReporter::report() const {
  if (callback_) callback_(state_);
}

}  // namespace ewn
