#include "rank_activity.h"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstring>

namespace ewn::dist {

namespace {

// Two buffers: one is written while the handler may read the other.
constexpr size_t kActivityBytes = 8192;
char activity[2][kActivityBytes];
std::atomic<int> shown{0};
char prefix[128];

void on_termination(int) {
  // Only async-signal-safe calls here: write and _exit.
  const char* text = activity[shown.load()];
  ssize_t ignored = write(STDERR_FILENO, prefix, std::strlen(prefix));
  ignored = write(STDERR_FILENO, text, std::strlen(text));
  const char* tail = "\nCompleted tables are kept; run the same command again to resume.\n";
  ignored = write(STDERR_FILENO, tail, std::strlen(tail));
  (void)ignored;
  _exit(1);
}

}  // namespace

void report_activity_on_termination(int rank) {
  std::snprintf(prefix, sizeof prefix,
                "\newn gen: the MPI job is ending (mpirun names the rank that stopped); "
                "rank %d stops; ",
                rank);
  set_activity("it was starting");
  std::signal(SIGTERM, on_termination);
}

void set_activity(const std::string& text) {
  int next = 1 - shown.load();
  std::snprintf(activity[next], kActivityBytes, "%s", text.c_str());
  shown.store(next);
}

}  // namespace ewn::dist
