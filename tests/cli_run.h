// Running `ewn <args>` to the end in tests of the command line, its output captured.
#pragma once

#include <string>
#include <vector>

#include "child_process.h"
#include "temp_dir.h"

namespace ewn::test {

inline ChildResult run_ewn(std::vector<std::string> args) {
  static TempDir scratch("cli-run");
  args.insert(args.begin(), ewn_program());
  return run_child(args, scratch.path());
}

}  // namespace ewn::test
