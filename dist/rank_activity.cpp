#include "rank_activity.h"

#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <thread>

namespace ewn::dist {

namespace {

// Two buffers: one is written while the handler may read the other.
constexpr size_t kActivityBytes = 8192;
char activity[2][kActivityBytes];
std::atomic<int> shown{0};
std::atomic<bool> ending{false};
char prefix[128];
constexpr char kResume[] = "\nCompleted tables are kept; run the same command again to resume.\n";
char words[sizeof prefix + MPI_MAX_ERROR_STRING + 128 + kActivityBytes + sizeof kResume];

size_t append(size_t at, const char* text) {
  size_t n = std::min(std::strlen(text), sizeof words - at);
  std::memcpy(words + at, text, n);
  return at + n;
}

// What this rank was doing, once (two threads may fail at once): false if already said. Only
// async-signal-safe calls. One write, so that no other output of the process comes in between.
bool say_last_words(const char* why) {
  if (ending.exchange(true)) return false;
  size_t n = append(append(append(append(0, prefix), why), activity[shown.load()]), kResume);
  for (size_t at = 0; at < n;) {
    ssize_t written = write(STDERR_FILENO, words + at, n - at);
    if (written > 0) {
      at += size_t(written);
    } else if (written < 0 && errno != EINTR) {
      break;
    }
  }
  return true;
}

[[noreturn]] void last_words(const char* why) {
  say_last_words(why);
  _exit(1);
}

void on_termination(int) {
  last_words("; ");
}

// A failed MPI call: another rank died in the middle of an exchange with this one. Without this
// handler MPI would end the process at once, and mpirun might never ask it for its account.
void on_mpi_error(MPI_Comm*, int* code, ...) {
  static char why[MPI_MAX_ERROR_STRING + 64];
  char reason[MPI_MAX_ERROR_STRING] = "";
  int length = 0;
  MPI_Error_string(*code, reason, &length);
  std::snprintf(why, sizeof why, ", an exchange with another rank failed (%s); ", reason);
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

void end_after_lost_rank(int rank) {
  char why[96];
  std::snprintf(why, sizeof why, ", as rank %d has ended (its connection to rank 0 closed); ",
                rank);
  say_last_words(why);
  // mpirun stops the job within seconds and names the rank that died, with its signal; its
  // SIGTERM then finds the words said and exits at once. Without it, this rank ends the run.
  std::this_thread::sleep_for(std::chrono::seconds(10));
  _exit(1);
}

}  // namespace ewn::dist
