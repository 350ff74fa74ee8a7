// One writer per output directory: a second `ewn gen` refuses at once, a lock left by a killed
// run is taken over, the lock goes at the end, and readers are never blocked.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "child_process.h"
#include "cli_run.h"
#include "output_lock.h"
#include "temp_dir.h"

using namespace ewn;
using namespace ewn::test;
namespace fs = std::filesystem;

namespace {

std::string contents(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Waits until `p` exists (at most 30 s).
bool appears(const fs::path& p) {
  for (int i = 0; i < 3000 && !fs::exists(p); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  return fs::exists(p);
}

}  // namespace

TEST_CASE("output lock: held, refused, taken over from a dead holder, removed", "[lock]") {
  TempDir dir("lock-unit");
  fs::path file = dir.path() / ".ewn-gen.lock";
  {
    OutputLock lock(dir.path());
    CHECK(contents(file) == std::to_string(getpid()) + "\n");
    CHECK_THROWS_AS(OutputLock(dir.path()), DirectoryBusy);
    CHECK_THROWS_WITH(OutputLock(dir.path()), "another ewn gen or convert (pid " +
                                                  std::to_string(getpid()) + ") is writing to " +
                                                  dir.path().string());
  }
  CHECK_FALSE(fs::exists(file));
  // A lock file nobody holds (its run was killed) is taken over.
  std::ofstream(file) << "999999999\n";
  {
    OutputLock lock(dir.path());
    CHECK(contents(file) == std::to_string(getpid()) + "\n");
  }
  CHECK_FALSE(fs::exists(file));
}

TEST_CASE("two ewn gen on one directory: the second refuses, readers go on",
          "[lock][cli][timing]") {
  TempDir scratch("lock-gen");
  fs::path out = scratch.path() / "tables", file = out / ".ewn-gen.lock";
  std::vector<std::string> gen{ewn_program(), "gen",        "--pieces", "4",
                               "--tables",    out.string(), "--quiet"};
  {
    // The first run is paused (SIGSTOP) once it has written its first table, so that it still
    // holds the lock while the second tries, however fast the machine (the rest takes seconds).
    ChildProcess first(gen, scratch.path());
    REQUIRE(appears(out / "1v1.ewt"));
    first.kill(SIGSTOP);
    REQUIRE(first.running());
    REQUIRE(fs::exists(file));
    ChildResult second = run_ewn({"gen", "--pieces", "4", "--tables", out.string(), "--quiet"});
    CHECK(second.exit_code == 1);
    CHECK_THAT(second.err, Catch::StartsWith("ewn gen: another ewn gen or convert (pid "));
    CHECK_THAT(second.err, Catch::Contains(") is writing to " + out.string()));
    // A reader is not blocked.
    CHECK(run_ewn({"probe", "5/5/2r12/5/1b13 r", "--tables", out.string()}).exit_code == 0);
    first.kill(SIGCONT);
    ChildResult done = first.wait();
    CHECK(done.exit_code == 0);
  }
  CHECK_FALSE(fs::exists(file));
  CHECK(run_ewn({"info", "--tables", out.string()}).exit_code == 0);

  // A run killed while it holds the lock leaves the file; the next run takes it over silently.
  fs::remove_all(out);
  {
    ChildProcess killed(gen, scratch.path());
    REQUIRE(appears(file));
    killed.kill(SIGKILL);
    REQUIRE(killed.wait().signal == SIGKILL);  // not ended by itself before the signal
  }
  CHECK(fs::exists(file));
  ChildResult resumed = run_ewn({"gen", "--pieces", "2", "--tables", out.string(), "--quiet"});
  CHECK(resumed.exit_code == 0);
  CHECK(resumed.err.empty());
  CHECK_FALSE(fs::exists(file));
}
