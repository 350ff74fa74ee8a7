// `ewn gen` as a user runs it, in a child process: killed at random moments, or stopped by a
// file size limit, it leaves only complete files, and a rerun ends with the very bytes of an
// uninterrupted run.
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <sstream>
#include <thread>

#include "child_process.h"
#include "exact_file.h"
#include "material.h"
#include "table_file.h"
#include "temp_dir.h"

using namespace ewn;
using namespace ewn::test;
namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

std::vector<std::string> gen_command(int pieces, const fs::path& out) {
  return {ewn_program(), "gen",        "--pieces", std::to_string(pieces),
          "--tables",    out.string(), "--quiet"};
}
// Keeping the exact values of the top level too makes larger files for the limit to hit.
std::vector<std::string> gen_command_with_exact(int pieces, const fs::path& out) {
  auto args = gen_command(pieces, out);
  args.insert(args.end(), {"--keep-exact", std::to_string(pieces)});
  return args;
}

std::string file_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool is_temporary(const fs::path& p) {
  std::string name = p.filename().string();
  return name[0] == '.' && name.find(".tmp.") != std::string::npos;
}

// Every table (.ewt) and exact-values (.ewx) file under its final name passes its full check.
// Returns how many there are; counts temporaries left over in `temporaries`.
int require_complete_files(const fs::path& dir, int& temporaries) {
  int files = 0;
  temporaries = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    const fs::path& p = e.path();
    if (p.filename() == ".ewn-work") continue;  // working files of an interrupted run
    if (is_temporary(p)) {
      ++temporaries;
      continue;
    }
    if (p.filename() == ".ewn-gen.lock") continue;  // a killed run's, taken over by the next
    auto mc = parse_material_class(p.stem().string());
    INFO(p.string());
    REQUIRE(mc);
    if (p.extension() == ".ewt") {
      auto problem = check_table(p);
      INFO(problem.value_or(""));
      REQUIRE_FALSE(problem);
    } else {
      REQUIRE(p.extension() == ".ewx");
      auto problem = check_exact_file(p, *mc);
      INFO(problem.value_or(""));
      REQUIRE_FALSE(problem);
    }
    ++files;
  }
  return files;
}

// `dir` holds exactly the files of `reference`, byte for byte.
void require_same_files(const fs::path& dir, const fs::path& reference) {
  std::vector<std::string> names, reference_names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  for (const auto& e : fs::directory_iterator(reference))
    reference_names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  std::sort(reference_names.begin(), reference_names.end());
  REQUIRE(names == reference_names);
  for (const std::string& name : names) {
    bool same = file_bytes(dir / name) == file_bytes(reference / name);
    INFO(name << " differs from the uninterrupted run");
    CHECK(same);
  }
}

// Generates the <= `pieces` set without interruption, then again with SIGKILL at `kills` random
// moments, resuming each time, and compares.
void kill_and_resume(int pieces, int kills) {
  TempDir reference("kill-reference"), work("kill-work"), scratch("kill-scratch");
  auto started = Clock::now();
  ChildResult full = run_child(gen_command(pieces, reference.path()), scratch.path());
  INFO(full.err);
  REQUIRE(full.exit_code == 0);
  double full_seconds = std::chrono::duration<double>(Clock::now() - started).count();

  // A fresh seed each run unless EWN_TEST_SEED names one, to draw the same moments again (the
  // machine's speed decides the rest).
  const char* fixed = std::getenv("EWN_TEST_SEED");
  unsigned seed = fixed ? unsigned(std::strtoul(fixed, nullptr, 10)) : std::random_device{}();
  INFO("random seed " << seed << " (EWN_TEST_SEED), an uninterrupted run took " << full_seconds
                      << " s");
  std::mt19937 rng(seed);
  // Kill moments are uniform over the time an uninterrupted run took. A run that finishes
  // before its moment (the machine's load varies) completed the set: start again from an empty
  // directory with a shorter window, until `kills` runs were really interrupted.
  int interrupted = 0;
  double window = full_seconds;
  for (int attempt = 0; interrupted < kills && attempt < 10 * kills; ++attempt) {
    double at = std::uniform_real_distribution<double>(0, window)(rng);
    ChildProcess child(gen_command(pieces, work.path()), scratch.path());
    auto deadline = Clock::now() + std::chrono::duration<double>(at);
    while (Clock::now() < deadline && child.running())
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (child.running()) child.kill(SIGKILL);
    ChildResult r = child.wait();
    // What happened is what the child's status says: a run may finish between the check above
    // and the signal, and then it was not interrupted.
    bool killed = r.signal == SIGKILL;
    INFO("attempt " << attempt << " " << (killed ? "killed" : "finished") << " after " << at
                    << " s: " << r.err);
    int temporaries = 0;
    require_complete_files(work.path(), temporaries);
    if (killed) {
      ++interrupted;
    } else {
      REQUIRE(r.exit_code == 0);
      REQUIRE(temporaries == 0);
      require_same_files(work.path(), reference.path());
      for (const auto& e : fs::directory_iterator(work.path())) fs::remove(e.path());
      window /= 2;
    }
  }
  REQUIRE(interrupted == kills);

  ChildResult resumed = run_child(gen_command(pieces, work.path()), scratch.path());
  INFO(resumed.err);
  REQUIRE(resumed.exit_code == 0);
  require_same_files(work.path(), reference.path());
}

}  // namespace

TEST_CASE("gen: killed at random moments, resumes to the bytes of an uninterrupted run (3)",
          "[interrupt]") {
  kill_and_resume(3, 6);
}

// About a minute in Release: run by its own CTest entry (tests/CMakeLists.txt).
TEST_CASE("gen: killed at random moments, resumes to the bytes of an uninterrupted run (4)",
          "[.][slow][interrupt]") {
  kill_and_resume(4, 6);
}

TEST_CASE("gen: a file size limit stops it with a clear message; a rerun finishes the job",
          "[interrupt]") {
  TempDir reference("fsize-reference"), work("fsize-work"), scratch("fsize-scratch");
  REQUIRE(run_child(gen_command_with_exact(3, reference.path()), scratch.path()).exit_code == 0);
  uintmax_t largest = 0;
  for (const auto& e : fs::directory_iterator(reference.path()))
    largest = std::max(largest, fs::file_size(e.path()));

  // Each limit is below the largest file, so each run must fail, each a little further on. The
  // smallest is 4 KiB, not less: LLVM's OpenMP runtime (the sanitizer builds use clang) sizes a
  // 1 KiB shared-memory file when it starts and aborts if the limit forbids it.
  int previous_files = -1;
  for (uintmax_t limit : {uintmax_t(4096), largest / 3, 2 * largest / 3, largest - 1}) {
    ChildOptions options;
    options.file_size_limit = long(limit);
    ChildResult r = run_child(gen_command_with_exact(3, work.path()), scratch.path(), options);
    INFO("limit " << limit << " bytes: " << r.err);
    REQUIRE(r.signal == 0);  // SIGXFSZ is ignored: the write fails with EFBIG instead
    REQUIRE(r.exit_code == 1);
    CHECK_THAT(r.err, Catch::Contains("the file size limit was reached"));
    // The same command under the same limit would fail again: no bare advice to rerun.
    CHECK_THAT(r.err, !Catch::Contains("run the same command again to resume"));
    int temporaries = 0;
    int files = require_complete_files(work.path(), temporaries);
    CHECK(temporaries == 0);
    CHECK(files >= previous_files);
    previous_files = files;
  }

  ChildResult rerun = run_child(gen_command_with_exact(3, work.path()), scratch.path());
  INFO(rerun.err);
  REQUIRE(rerun.exit_code == 0);
  require_same_files(work.path(), reference.path());
}

TEST_CASE(
    "gen: killed in the middle of a group solved in parts, resumes to the same bytes and "
    "leaves no working files",
    "[interrupt]") {
  TempDir reference("parts-reference"), work("parts-work"), scratch("parts-scratch");
  for (const fs::path& dir : {reference.path(), work.path()})
    REQUIRE(run_child(gen_command(4, dir), scratch.path()).exit_code == 0);
  // One 5-piece group over the <= 4 set: solved whole for the reference, in parts for the run
  // that is killed, under the smallest budget gen names (the group whole needs more; the
  // process's own baseline differs between builds, sanitized ones included). Its captures reach
  // 4-piece classes whose exact values are not kept, so both runs derive them again first.
  auto group = [](const fs::path& out, const char* budget) {
    auto args = gen_command(5, out);
    args.insert(args.end(), {"--class", "1234v1", "--max-memory", budget});
    return args;
  };
  ChildResult whole = run_child(group(reference.path(), "4G"), scratch.path());
  INFO(whole.err);
  REQUIRE(whole.exit_code == 0);
  ChildResult too_small = run_child(group(work.path(), "1M"), scratch.path());
  std::smatch named;
  REQUIRE(std::regex_search(too_small.err, named, std::regex("--max-memory ([0-9]+M) or more")));
  const std::string budget = named[1];

  // Kill it as soon as the first level of the group is solved: the group is then in progress
  // (on one thread it takes about a second). A run that finished before the signal (a loaded
  // machine) was not interrupted: its tables are removed and it is tried again.
  const fs::path parts = work.path() / ".ewn-work" / "1v1234";  // named after its first class
  auto has_level = [&] {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(parts, ec))
      if (e.path().extension() == ".values") return true;
    return false;
  };
  bool interrupted = false;
  for (int attempt = 0; attempt < 5 && !interrupted; ++attempt) {
    auto args = group(work.path(), budget.c_str());
    args.insert(args.end(), {"--threads", "1"});
    ChildProcess child(args, scratch.path());
    while (child.running() && !has_level())
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (child.running()) child.kill(SIGKILL);
    ChildResult r = child.wait();
    interrupted = r.signal == SIGKILL;
    if (!interrupted) {
      INFO(r.err);
      REQUIRE(r.exit_code == 0);
      fs::remove(work.path() / "1234v1.ewt");
      fs::remove(work.path() / "1v1234.ewt");
    }
  }
  REQUIRE(interrupted);
  REQUIRE(has_level());
  REQUIRE_FALSE(fs::exists(work.path() / "1234v1.ewt"));
  REQUIRE_FALSE(fs::exists(work.path() / "1v1234.ewt"));

  ChildResult resumed = run_child(group(work.path(), budget.c_str()), scratch.path());
  INFO(resumed.err);
  REQUIRE(resumed.exit_code == 0);
  require_same_files(work.path(), reference.path());
  CHECK_FALSE(fs::exists(work.path() / ".ewn-work"));
}
