// Running the ewn program as a child process in tests: its output goes to files, it can be
// killed at any moment, and resource limits can be set for it alone.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace ewn::test {

// The ewn program built with the tests (its path is set by tests/CMakeLists.txt).
inline std::string ewn_program() {
  return EWN_PROGRAM;
}

struct ChildOptions {
  long file_size_limit = -1;  // RLIMIT_FSIZE in bytes; -1: unchanged
  std::filesystem::path cwd;  // working directory; empty: unchanged
  std::filesystem::path input;  // the file read as stdin; empty: unchanged
};

struct ChildResult {
  int exit_code = -1;  // -1 when killed by a signal
  int signal = 0;      // the signal that ended it, 0 when it exited
  std::string out, err;
};

class ChildProcess {
 public:
  // Starts `args` (args[0] is the program); stdout and stderr go to files in `scratch`.
  ChildProcess(const std::vector<std::string>& args, const std::filesystem::path& scratch,
               const ChildOptions& options = {})
      : out_path_(scratch / "child.out"), err_path_(scratch / "child.err") {
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      // Only async-signal-safe calls from here on.
      int out = ::open(out_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      int err = ::open(err_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (out < 0 || err < 0) _exit(126);
      dup2(out, STDOUT_FILENO);
      dup2(err, STDERR_FILENO);
      if (!options.cwd.empty() && chdir(options.cwd.c_str()) != 0) _exit(126);
      if (!options.input.empty()) {
        int in = ::open(options.input.c_str(), O_RDONLY);
        if (in < 0) _exit(126);
        dup2(in, STDIN_FILENO);
      }
      if (options.file_size_limit >= 0) {
        rlimit limit{rlim_t(options.file_size_limit), rlim_t(options.file_size_limit)};
        if (setrlimit(RLIMIT_FSIZE, &limit) != 0) _exit(126);
      }
      execv(argv[0], argv.data());
      _exit(127);
    }
  }
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }

  // True while the child runs (not yet exited or killed).
  bool running() {
    if (finished_) return false;
    int status = 0;
    pid_t r = waitpid(pid_, &status, WNOHANG);
    if (r == pid_) record(status);
    return !finished_;
  }

  void kill(int signal) {
    if (!finished_) ::kill(pid_, signal);
  }

  ChildResult wait() {
    if (!finished_) {
      int status = 0;
      while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
      }
      record(status);
    }
    result_.out = slurp(out_path_);
    result_.err = slurp(err_path_);
    return result_;
  }

 private:
  void record(int status) {
    finished_ = true;
    pid_ = -1;
    if (WIFEXITED(status)) result_.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) result_.signal = WTERMSIG(status);
  }
  static std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }

  std::filesystem::path out_path_, err_path_;
  pid_t pid_ = -1;
  bool finished_ = false;
  ChildResult result_;
};

// Runs `args` to the end.
inline ChildResult run_child(const std::vector<std::string>& args,
                             const std::filesystem::path& scratch,
                             const ChildOptions& options = {}) {
  return ChildProcess(args, scratch, options).wait();
}

}  // namespace ewn::test
