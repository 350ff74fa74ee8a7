// One convention for usage errors and exit codes across the subcommands: every usage error
// exits 2 with one line naming what was wrong and the help to read, and every row of the
// README's table of exit codes is what the command does.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "cli_run.h"
#include "generated_set.h"
#include "output_lock.h"

using namespace ewn;
using namespace ewn::test;
namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kCommands{"show",    "gen",        "probe",        "info",
                                         "match",   "train-eval", "move-quality", "play",
                                         "connect", "verify",     "serve",        "setup"};

size_t lines(const std::string& text) {
  return size_t(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

TEST_CASE("usage errors exit 2 with one line naming the problem and the help", "[cli]") {
  ChildResult unknown = run_ewn({"frobnicate"});
  CHECK(unknown.exit_code == 2);
  CHECK_THAT(unknown.err, Catch::StartsWith("ewn: unknown command 'frobnicate'; the commands are "
                                            "show, gen, probe, info"));
  CHECK(lines(unknown.err) == 1);
  // Whatever follows it: not the main help with exit 0.
  ChildResult unknown_help = run_ewn({"frobnicate", "--help"});
  CHECK(unknown_help.exit_code == 2);
  CHECK(unknown_help.out.empty());
  CHECK(unknown_help.err == unknown.err);
  ChildResult none = run_ewn({});
  CHECK(none.exit_code == 2);
  CHECK_THAT(none.err, Catch::StartsWith("ewn: no command given; the commands are show"));

  for (const std::string& cmd : kCommands) {
    INFO(cmd);
    ChildResult r = run_ewn({cmd, "--no-such-flag"});
    CHECK(r.exit_code == 2);
    CHECK(r.err ==
          "ewn " + cmd + ": unknown option '--no-such-flag' (see 'ewn " + cmd + " --help')\n");
  }
  // Out-of-range and malformed values, a missing argument.
  std::vector<std::vector<std::string>> bad{
      {"gen", "--keep-exact", "-5"}, {"gen", "--threads", "-1"},
      {"gen", "--pieces", "99"},     {"gen", "--pieces", "abc"},
      {"gen", "--zstd-level", "0"},  {"verify", "--threads", "-1"},
      {"verify", "--pieces", "1"},   {"match", "--a", "random", "--b", "random", "--threads", "-1"},
      {"connect", "--port", "0"},    {"train-eval", "--games", "0"},
      {"serve", "--port", "70000"},  {"serve", "--searches", "0"},
  };
  for (const auto& args : bad) {
    INFO(args[0] + " " + args[args.size() - 2] + " " + args.back());
    ChildResult r = run_ewn(args);
    CHECK(r.exit_code == 2);
    CHECK(lines(r.err) == 1);
    CHECK_THAT(r.err, Catch::StartsWith("ewn " + args[0] + ": " + args[args.size() - 2]));
    CHECK_THAT(r.err, Catch::EndsWith("(see 'ewn " + args[0] + " --help')\n"));
  }
  ChildResult missing = run_ewn({"show"});
  CHECK(missing.exit_code == 2);
  CHECK(missing.err == "ewn show: position is required (see 'ewn show --help')\n");
}

TEST_CASE("the exit codes of the README's table", "[cli]") {
  TempDir tmp("cli-exit-codes");
  std::string tables = generated_set(3).string();
  // Every table of the copy truncated: each read of one fails.
  fs::path damaged = tmp.path() / "damaged";
  fs::create_directories(damaged);
  for (const auto& e : fs::directory_iterator(tables))
    if (e.path().extension() == ".ewt") {
      fs::path copy = damaged / e.path().filename();
      fs::copy_file(e.path(), copy);
      fs::resize_file(copy, 100);
    }
  std::string none = (tmp.path() / "none").string(), out = (tmp.path() / "out").string();
  std::string start = "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r", three = "r1r23/5/5/5/3b11 r";
  std::string net = (tmp.path() / "net.ewnn").string();

  struct Row {
    std::vector<std::string> args;
    int code;
  };
  std::vector<Row> rows{
      {{"show", start}, 0},
      {{"show", "r1r2"}, 2},
      {{"gen", "--pieces", "2", "--tables", out, "-q"}, 0},
      {{"gen", "--pieces", "2", "--class", "9v9", "--tables", out}, 2},
      {{"probe", three, "--tables", tables}, 0},
      {{"probe", "r1", "--tables", tables}, 2},
      {{"probe", start, "--tables", tables}, 3},
      {{"probe", three, "--tables", damaged.string()}, 4},
      {{"info", "--tables", tables}, 0},
      {{"info", "--tables", damaged.string()}, 4},
      {{"info", "--tables", none}, 7},
      {{"verify", "--tables", tables, "-q"}, 0},
      {{"verify", "--tables", damaged.string(), "-q"}, 4},
      {{"verify", "--tables", none}, 7},
      {{"match", "--a", "random", "--b", "random", "--games", "2", "-q"}, 0},
      {{"match", "--a", "expectimax:depth=1,tables=" + damaged.string(), "--b", "random", "--games",
        "4", "-q"},
       4},
      {{"match", "--a", "expectimax:tables=" + none, "--b", "random"}, 7},
      {{"play", "--engine", "random", "--tables", "none", "--log", "none"}, 0},
      {{"play", "--tables", none, "--log", "none"}, 7},
      {{"connect", "--port", "9", "--tables", "none", "--log", "none"}, 1},
      {{"connect", "--name", ""}, 2},
      {{"train-eval", "--tables", tables, "--games", "20", "--out", net, "-q"}, 0},
      {{"train-eval", "--tables", damaged.string(), "--games", "50", "--out", net, "-q"}, 4},
      {{"train-eval", "--tables", "none"}, 2},
      {{"move-quality", "--player", "random", "--tables", tables, "--positions", "5"}, 0},
      {{"move-quality", "--player", "random", "--tables", damaged.string(), "--positions", "5"}, 4},
      {{"move-quality", "--player", "nonsense", "--tables", tables}, 2},
      {{"serve", "--tables", none}, 7},
  };
  for (const Row& row : rows) {
    std::string line;
    for (const auto& a : row.args) line += a + " ";
    INFO(line);
    ChildResult r = run_ewn(row.args);
    CHECK(r.exit_code == row.code);
    if (row.code != 0) CHECK_FALSE(r.err.empty());
  }
  // gen: 1 while another run holds the directory (here this process).
  {
    OutputLock held(out);
    ChildResult r = run_ewn({"gen", "--pieces", "2", "--tables", out});
    CHECK(r.exit_code == 1);
    CHECK(r.err == "ewn gen: another ewn gen or convert (pid " + std::to_string(getpid()) +
                       ") is writing to " + out + "\n");
  }
}
