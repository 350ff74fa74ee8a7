// Honest hints: every command that probe, info or gen suggests works as printed, and gen offers
// a rerun only where one would help.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>

#include "cli_run.h"

using namespace ewn;
using namespace ewn::test;
namespace fs = std::filesystem;

namespace {

// The `ewn gen ...` commands a message suggests, in order, as argument lists (each ends at ';',
// ',' or ')').
std::vector<std::vector<std::string>> suggested(const std::string& message) {
  std::vector<std::vector<std::string>> commands;
  std::regex command("ewn gen [^;,)]+");
  for (std::sregex_iterator it(message.begin(), message.end(), command), end; it != end; ++it) {
    std::istringstream words(it->str().substr(4));
    std::vector<std::string> args;
    for (std::string w; words >> w;) args.push_back(w);
    if (args.back() == "first") args.pop_back();  // "(run ewn gen ... first)"
    commands.push_back(args);
  }
  return commands;
}

void run_all(const std::vector<std::vector<std::string>>& commands) {
  for (auto args : commands) {
    args.push_back("--quiet");
    ChildResult r = run_ewn(args);
    INFO(r.err);
    CHECK(r.exit_code == 0);
  }
}

}  // namespace

TEST_CASE("the commands probe suggests work as printed", "[cli]") {
  TempDir tmp("cli-hints-probe");
  std::string three = "r1r23/5/5/5/3b11 r";
  // Two-piece sets, with and without the exact values a --class run reads (it solves them again
  // where they were not kept, so the same commands work either way).
  for (bool exact : {false, true}) {
    INFO("exact values kept: " << exact);
    for (int path = 0; path < 2; ++path) {
      std::string name =
          std::string("t").append(std::to_string(exact)).append(std::to_string(path));
      std::string dir = (tmp.path() / name).string();
      std::vector<std::string> gen{"gen", "--pieces", "2", "--tables", dir, "-q"};
      if (exact) gen.insert(gen.end(), {"--keep-exact", "2"});
      REQUIRE(run_ewn(gen).exit_code == 0);
      ChildResult r = run_ewn({"probe", three, "--tables", dir});
      REQUIRE(r.exit_code == 3);
      auto commands = suggested(r.err);
      REQUIRE(commands.size() == 2);
      // Path 0: the whole next piece count; path 1: only the position's class.
      if (path == 0)
        commands.resize(1);
      else
        commands.erase(commands.begin());
      CHECK(commands.back()[1] == "--pieces");
      run_all(commands);
      CHECK(run_ewn({"probe", three, "--tables", dir}).exit_code == 0);
    }
  }
  std::string dir = (tmp.path() / "t00").string();
  ChildResult twelve = run_ewn({"probe", "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r", "--tables", dir});
  CHECK(twelve.exit_code == 3);
  CHECK(suggested(twelve.err).empty());
  CHECK_THAT(twelve.err, Catch::Contains("tables can be made for up to 7 pieces"));
  std::string file = (tmp.path() / "file").string();
  std::ofstream(file) << "x";
  ChildResult not_dir = run_ewn({"probe", three, "--tables", file});
  CHECK(not_dir.exit_code == 11);
  CHECK(suggested(not_dir.err).empty());
  CHECK_THAT(not_dir.err, Catch::Contains(file + ": not a directory"));
  // A directory that is not there: the command that makes the tables.
  std::string nowhere = (tmp.path() / "nowhere").string();
  ChildResult missing = run_ewn({"probe", three, "--tables", nowhere});
  CHECK(missing.exit_code == 7);
  CHECK(suggested(missing.err).size() == 1);
}

TEST_CASE("the commands info and gen suggest work as printed", "[cli]") {
  TempDir tmp("cli-hints-gen");
  std::string dir = (tmp.path() / "new").string();
  ChildResult info = run_ewn({"info", "--tables", dir});
  CHECK(info.exit_code == 7);
  auto commands = suggested(info.err);
  CHECK(commands.size() == 1);
  run_all(commands);
  CHECK(run_ewn({"info", "--tables", dir}).exit_code == 0);
  std::string file = (tmp.path() / "file").string();
  std::ofstream(file) << "x";
  ChildResult not_dir = run_ewn({"info", "--tables", file});
  CHECK(not_dir.exit_code == 11);
  CHECK(suggested(not_dir.err).empty());

  // --class without the exact values it reads: they are solved again, no command needed first.
  std::string two = (tmp.path() / "two").string();
  REQUIRE(run_ewn({"gen", "--pieces", "2", "--tables", two, "-q"}).exit_code == 0);
  ChildResult one = run_ewn({"gen", "--pieces", "3", "--class", "12v1", "--tables", two, "-q"});
  INFO(one.err);
  CHECK(one.exit_code == 0);
}

TEST_CASE("gen offers a rerun only where one would help", "[cli]") {
  TempDir tmp("cli-hints-rerun");
  ChildResult empty = run_ewn({"gen", "--tables", ""});
  CHECK(empty.exit_code == 2);
  CHECK(empty.err ==
        "ewn gen: the tables' directory is empty (give one with --tables, e.g. data)\n");
  std::string file = (tmp.path() / "file").string();
  std::ofstream(file) << "x";
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"gen", "--tables", file},
           {"gen", "--class", "9v9", "--tables", (tmp.path() / "d").string()},
           {"gen", "--pieces", "2", "--class", "123v1", "--tables", (tmp.path() / "d").string()}}) {
    ChildResult r = run_ewn(args);
    INFO(r.err);
    CHECK(r.exit_code == (args[2] == file ? 11 : 2));  // a file as the directory, bad use
    CHECK_THAT(r.err, !Catch::Contains("run the same command again"));
  }
}
