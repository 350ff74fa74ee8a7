#include "rank_activity.h"

#include <mpi.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstring>

namespace ewn::dist {

namespace {

// Two buffers: one is written while the handler may read the other.
constexpr size_t kActivityBytes = 8192;
char activity[2][kActivityBytes];
std::atomic<int> shown{0};
std::atomic<bool> ending{false};
char prefix[128];

void put(const char* text) {
  ssize_t ignored = write(STDERR_FILENO, text, std::strlen(text));
  (void)ignored;
}

// What this rank was doing, once (two threads may fail at once), then the end of the process.
// Only async-signal-safe calls: write and _exit.
[[noreturn]] void last_words(const char* why) {
  if (!ending.exchange(true)) {
    put(prefix);
    put(why);
    put(activity[shown.load()]);
    put("\nCompleted tables are kept; run the same command again to resume.\n");
  }
  _exit(1);
}

void on_termination(int) { last_words("; "); }

// A failed MPI call: another rank died in the middle of an exchange with this one. Without this
// handler MPI would end the process at once, and mpirun might never ask it for its account.
void on_mpi_error(MPI_Comm*, int* code, ...) {
  static char why[MPI_MAX_ERROR_STRING + 64];
  char reason[MPI_MAX_ERROR_STRING] = "";
  int length = 0;
  MPI_Error_string(*code, reason, &length);
  std::snprintf(why, sizeof why, ", an exchange with another rank failed (%s); ",
                reason);
  last_words(why);
}

}  // namespace

void report_activity_on_termination(int rank) {
  std::snprintf(prefix, sizeof prefix,
                "\newn gen: the MPI job is ending (mpirun names the rank that stopped); "
                "rank %d stops",
                rank);
  set_activity("it was starting");
  std::signal(SIGTERM, on_termination);
  MPI_Errhandler handler;
  MPI_Comm_create_errhandler(on_mpi_error, &handler);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, handler);
  MPI_Errhandler_free(&handler);
}

void set_activity(const std::string& text) {
  int next = 1 - shown.load();
  std::snprintf(activity[next], kActivityBytes, "%s", text.c_str());
  shown.store(next);
}

}  // namespace ewn::dist
