// Test support for the contest tests: run a program as a child process with its stdin fed
// through a pipe (or not), its stdout through a pipe or into a file, and its exit status (a
// crash is told from an error).
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace ewn::test {

class PipedChild {
 public:
  // Starts `argv`; stdin from a pipe (pipe_stdin) or /dev/null, stdout to a pipe (pipe_stdout)
  // or to `stdout_file`, stderr to `stderr_file`.
  PipedChild(const std::vector<std::string>& argv, bool pipe_stdin, bool pipe_stdout,
             const std::string& stdout_file, const std::string& stderr_file) {
    int in[2] = {-1, -1}, out[2] = {-1, -1};
    if (pipe_stdin && pipe(in) != 0) throw std::runtime_error("pipe failed");
    if (pipe_stdout && pipe(out) != 0) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      int null_fd = open("/dev/null", O_RDONLY);
      dup2(pipe_stdin ? in[0] : null_fd, 0);
      if (pipe_stdout) {
        dup2(out[1], 1);
      } else {
        int fd = open(stdout_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        dup2(fd, 1);
      }
      int err = open(stderr_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      dup2(err, 2);
      for (int fd : {in[0], in[1], out[0], out[1]})
        if (fd > 2) close(fd);
      std::vector<char*> args;
      for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
      args.push_back(nullptr);
      execv(args[0], args.data());
      std::fprintf(stderr, "exec %s failed: %s\n", args[0], std::strerror(errno));
      _exit(127);
    }
    if (pipe_stdin) {
      close(in[0]);
      stdin_ = in[1];
    }
    if (pipe_stdout) {
      close(out[1]);
      stdout_ = out[0];
    }
  }
  PipedChild(const PipedChild&) = delete;
  PipedChild& operator=(const PipedChild&) = delete;
  ~PipedChild() {
    close_stdin();
    if (stdout_ >= 0) close(stdout_);
    if (pid_ > 0 && !status_) {
      kill(pid_, SIGKILL);
      int st;
      waitpid(pid_, &st, 0);
    }
  }

  // Writes to the child's stdin; false if it has gone.
  bool write_stdin(const std::string& text) {
    signal(SIGPIPE, SIG_IGN);
    size_t done = 0;
    while (done < text.size()) {
      ssize_t n = write(stdin_, text.data() + done, text.size() - done);
      if (n <= 0) return false;
      done += size_t(n);
    }
    return true;
  }
  void close_stdin() {
    if (stdin_ >= 0) close(stdin_);
    stdin_ = -1;
  }
  // Reads what the child wrote within `timeout_ms`: "" at its end, nullopt if nothing came.
  std::optional<std::string> read_stdout(int timeout_ms) {
    pollfd p{stdout_, POLLIN, 0};
    if (poll(&p, 1, timeout_ms) <= 0) return std::nullopt;
    char buf[4096];
    ssize_t n = read(stdout_, buf, sizeof buf);
    if (n <= 0) return std::string();
    return std::string(buf, size_t(n));
  }

  // Waits up to `timeout_ms` for the child to end; kills it after that. The raw wait status.
  int wait(int timeout_ms) {
    if (status_) return *status_;
    auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (true) {
      int st;
      pid_t r = waitpid(pid_, &st, WNOHANG);
      if (r == pid_) {
        status_ = st;
        return st;
      }
      if (std::chrono::steady_clock::now() >= until) {
        kill(pid_, SIGKILL);
        waitpid(pid_, &st, 0);
        status_ = st;
        timed_out_ = true;
        return st;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  bool timed_out() const { return timed_out_; }

  // "exit code 0", "exit code 1", "killed by signal 11"
  static std::string describe(int status) {
    if (WIFEXITED(status)) return "exit code " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
    return "status " + std::to_string(status);
  }

 private:
  pid_t pid_ = -1;
  int stdin_ = -1, stdout_ = -1;
  std::optional<int> status_;
  bool timed_out_ = false;
};

inline std::string read_text_file(const std::string& path) {
  std::string out;
  if (FILE* f = std::fopen(path.c_str(), "rb")) {
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
    std::fclose(f);
  }
  return out;
}

}  // namespace ewn::test
