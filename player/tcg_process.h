// An outside program run as a child process and spoken to line by line: its standard input and
// output are pipes, its standard error is appended to a file. The command line goes through
// the shell (/bin/sh -c), in a process group of its own, so that killing it kills whatever the
// shell started too.
#pragma once

#include <sys/types.h>
#include <string>

#include "time_control.h"

namespace ewn {

class ChildProcess {
 public:
  // Starts `command`; its standard error goes to `stderr_path` (appended). Throws
  // std::runtime_error if the process cannot be started (no pipes, no shell, no such file).
  ChildProcess(const std::string& command, const std::string& stderr_path);
  ~ChildProcess();  // stop(), at once
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Writes `line` and a newline; false if the program no longer reads (it has ended).
  bool send(const std::string& line);

  enum class Read { Line, Ended, Late, TooLong };
  // The next line of the program's output (without its newline or a trailing '\r') into
  // `line`, waiting until `deadline` on the steady clock: Ended when the output closed (the
  // program ended or closed it), Late when nothing came by the deadline, TooLong past
  // `max_bytes` without a newline.
  Read read_line(std::string& line, SteadyClock::time_point deadline, size_t max_bytes = 4096);

  // Asks it to end: `farewell` sent (unless empty), its input closed, `grace` to end by itself,
  // then the whole process group killed. Waits for it. Idempotent.
  void stop(const std::string& farewell = "", Duration grace = Duration::zero());
  // Whether it has ended, and how ("exit code 1", "killed by signal 11"), once it has.
  bool ended();
  std::string how_it_ended() const { return how_; }

 private:
  void reap(bool wait);
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;  // our ends: its standard input, its standard output
  std::string buffer_;      // output read past the last line returned
  bool reaped_ = false;
  std::string how_;
};

}  // namespace ewn
