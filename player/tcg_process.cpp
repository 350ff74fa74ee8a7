#include "tcg_process.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace ewn {

namespace {

// A program that ends while we write to it must not end this one: SIGPIPE is ignored (the
// write then fails with EPIPE, which send() reports).
void ignore_sigpipe() {
  static std::once_flag once;
  std::call_once(once, [] { std::signal(SIGPIPE, SIG_IGN); });
}

std::runtime_error start_error(const std::string& command, const std::string& what) {
  return std::runtime_error("cannot start '" + command + "': " + what);
}

}  // namespace

ChildProcess::ChildProcess(const std::string& command, const std::string& stderr_path) {
  ignore_sigpipe();
  int to_child[2], from_child[2];
  if (pipe2(to_child, O_CLOEXEC) != 0) throw start_error(command, std::strerror(errno));
  if (pipe2(from_child, O_CLOEXEC) != 0) {
    int e = errno;
    close(to_child[0]), close(to_child[1]);
    throw start_error(command, std::strerror(e));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, to_child[0], 0);
  posix_spawn_file_actions_adddup2(&actions, from_child[1], 1);
  posix_spawn_file_actions_addopen(&actions, 2, stderr_path.c_str(), O_WRONLY | O_CREAT | O_APPEND,
                                   0644);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  posix_spawnattr_setpgroup(&attr, 0);
  sigset_t all, none;
  sigfillset(&all);
  sigemptyset(&none);
  posix_spawnattr_setsigdefault(&attr, &all);  // SIGPIPE back to its default in the child
  posix_spawnattr_setsigmask(&attr, &none);
  const char* argv[] = {"sh", "-c", command.c_str(), nullptr};
  int rc = posix_spawn(&pid_, "/bin/sh", &actions, &attr, const_cast<char**>(argv), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  close(to_child[0]);
  close(from_child[1]);
  if (rc != 0) {
    close(to_child[1]), close(from_child[0]);
    throw start_error(command, std::strerror(rc));
  }
  in_ = to_child[1];
  out_ = from_child[0];
}

ChildProcess::~ChildProcess() {
  stop();
}

bool ChildProcess::send(const std::string& line) {
  if (in_ < 0) return false;
  std::string text = line + "\n";
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = write(in_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += size_t(n);
  }
  return true;
}

ChildProcess::Read ChildProcess::read_line(std::string& line, SteadyClock::time_point deadline,
                                           size_t max_bytes) {
  while (true) {
    size_t newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return Read::Line;
    }
    if (buffer_.size() > max_bytes) return Read::TooLong;
    if (out_ < 0) return Read::Ended;
    auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - SteadyClock::now());
    if (left.count() <= 0) return Read::Late;
    pollfd p{out_, POLLIN, 0};
    int ready = poll(&p, 1, int(std::min<long long>(left.count(), 1 << 30)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) continue;  // the deadline is checked above
    char chunk[4096];
    ssize_t n = read(out_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      close(out_);
      out_ = -1;
      continue;
    }
    buffer_.append(chunk, size_t(n));
  }
}

void ChildProcess::reap(bool wait) {
  if (reaped_ || pid_ <= 0) return;
  int status = 0;
  pid_t r;
  do {
    r = waitpid(pid_, &status, wait ? 0 : WNOHANG);
  } while (r < 0 && errno == EINTR);
  if (r != pid_) return;
  reaped_ = true;
  if (WIFEXITED(status))
    how_ = "exit code " + std::to_string(WEXITSTATUS(status));
  else if (WIFSIGNALED(status))
    how_ = "killed by signal " + std::to_string(WTERMSIG(status));
}

bool ChildProcess::ended() {
  reap(false);
  return reaped_;
}

void ChildProcess::stop(const std::string& farewell, Duration grace) {
  if (pid_ <= 0) return;
  if (!farewell.empty()) send(farewell);
  if (in_ >= 0) close(in_), in_ = -1;
  auto until = SteadyClock::now() + grace;
  while (!ended() && SteadyClock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  if (!reaped_) kill(-pid_, SIGKILL);
  reap(true);
  // Whatever the shell left behind in its group goes too.
  kill(-pid_, SIGKILL);
  if (out_ >= 0) close(out_), out_ = -1;
  pid_ = -1;
}

}  // namespace ewn
