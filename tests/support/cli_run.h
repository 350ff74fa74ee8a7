// Running `ewn <args>` to the end in tests of the command line, its output captured. A run that
// hangs is killed after `timeout` and reported with signal SIGKILL, so that a test of a hang
// fails instead of hanging itself.
#pragma once

#include <chrono>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "child_process.h"
#include "temp_dir.h"

namespace ewn::test {

// stdin is empty unless `options` names a file.
inline ChildResult run_ewn(std::vector<std::string> args,
                           std::chrono::seconds timeout = std::chrono::seconds(60),
                           ChildOptions options = {}) {
  static TempDir scratch("cli-run");
  std::vector<std::string> argv{ewn_program()};
  argv.insert(argv.end(), std::make_move_iterator(args.begin()),
              std::make_move_iterator(args.end()));
  if (options.input.empty()) options.input = "/dev/null";
  ChildProcess child(argv, scratch.path(), options);
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (child.running() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  child.kill(SIGKILL);
  return child.wait();
}

}  // namespace ewn::test
