// One exit code per failure kind across every command (answers/failure.h): a missing table
// directory, a file given as the directory, a damaged table, a bad position or game text and bad
// use each end every command that can meet them with the map's code, and each command's --help
// lists the codes it can end with.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>

#include "cli_run.h"
#include "ewn/ewn.h"
#include "failure.h"
#include "generated_set.h"

using namespace ewn;
using namespace ewn::test;
namespace fs = std::filesystem;

namespace {

struct Case {
  std::vector<std::string> args;
  Failure failure;
};

// A copy of the <= 3 set with every 3-piece table truncated: each read of one fails.
fs::path damaged_set(const TempDir& tmp) {
  fs::path damaged = tmp.path() / "damaged";
  fs::create_directories(damaged);
  for (const auto& e : fs::directory_iterator(generated_set(3)))
    if (e.path().extension() == ".ewt") {
      fs::path copy = damaged / e.path().filename();
      fs::copy_file(e.path(), copy);
      if (e.path().stem().string().size() == 4) fs::resize_file(copy, 100);  // 3 pieces: "12v1"
    }
  return damaged;
}

// The command's words before its options: {"setup", "best"} for `ewn setup best ...`.
std::vector<std::string> command_of(const std::vector<std::string>& args) {
  std::vector<std::string> words;
  for (const std::string& a : args) {
    if (a.empty() || a[0] == '-' || (!words.empty() && words[0] != "setup")) break;
    words.push_back(a);
    if (words.size() == 2) break;
  }
  return words;
}

}  // namespace

// The inputs each failure kind is met with: a damaged set, a missing directory, a file given
// as the directory, a game text that can be read and one that cannot, a network file to write.
struct FailureInputs {
  TempDir tmp;
  std::string damaged = damaged_set(tmp).string();
  std::string none = (tmp.path() / "none").string();
  std::string file = (tmp.path() / "file").string();
  std::string game = (tmp.path() / "game.txt").string();
  std::string bad_game = (tmp.path() / "bad.txt").string();
  std::string net = (tmp.path() / "net.ewnn").string();

  explicit FailureInputs(const char* name) : tmp(name) {
    std::ofstream(file) << "x";
    std::ofstream(game) << "5/1r13/2r22/3b11/5 r\nr 2 c3d3\nb 6 d2c2\n";
    std::ofstream(bad_game) << "5/1r13/2r22/3b11/5 r\nr 2 c3d3\nb 4 d2b1\n";
  }
};

TEST_CASE("every command exits by the one map for each failure kind it meets", "[cli]") {
  FailureInputs in("cli-exit-map");
  const auto& [tmp, damaged, none, file, game, bad_game, net] = in;
  std::string tables = generated_set(3).string();
  std::string three = "r1r23/5/5/5/3b11 r", start = "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r";
  auto expectimax = [](const std::string& dir) { return "expectimax:depth=1,tables=" + dir; };

  const std::vector<Case> cases{
      {{"show", "r1r2"}, Failure::BadPosition},
      {{"show", start, "--frobnicate"}, Failure::BadUse},

      {{"gen", "--pieces", "2", "--tables", file}, Failure::NotADirectory},
      {{"gen", "--pieces", "99"}, Failure::BadUse},

      {{"probe", three, "--tables", none}, Failure::NoDirectory},
      {{"probe", three, "--tables", file}, Failure::NotADirectory},
      {{"probe", three, "--tables", damaged}, Failure::DamagedTable},
      {{"probe", "r1", "--tables", tables}, Failure::BadPosition},
      {{"probe", start, "--tables", tables}, Failure::NotCovered},
      {{"probe", three, "--tables"}, Failure::BadUse},

      {{"info", "--tables", none}, Failure::NoDirectory},
      {{"info", "--tables", file}, Failure::NotADirectory},
      {{"info", "--tables", damaged}, Failure::DamagedTable},
      {{"info", "--frobnicate"}, Failure::BadUse},

      {{"verify", "--tables", none}, Failure::NoDirectory},
      {{"verify", "--tables", file}, Failure::NotADirectory},
      {{"verify", "--tables", damaged, "-q"}, Failure::DamagedTable},
      {{"verify", "--pieces", "1"}, Failure::BadUse},

      {{"analyse", game, "--tables", none}, Failure::NoDirectory},
      {{"analyse", game, "--tables", file}, Failure::NotADirectory},
      {{"analyse", game, "--tables", damaged}, Failure::DamagedTable},
      {{"analyse", bad_game, "--tables", "none"}, Failure::BadGameText},
      {{"analyse", game, "--nodes", "0"}, Failure::BadUse},

      {{"match", "--a", expectimax(none), "--b", "random", "-q"}, Failure::NoDirectory},
      {{"match", "--a", expectimax(file), "--b", "random", "-q"}, Failure::NotADirectory},
      {{"match", "--a", expectimax(damaged), "--b", "random", "--games", "4", "-q"},
       Failure::DamagedTable},
      {{"match", "--a", "nonsense", "--b", "random"}, Failure::BadUse},

      {{"train-eval", "--tables", none, "--out", net}, Failure::NoDirectory},
      {{"train-eval", "--tables", file, "--out", net}, Failure::NotADirectory},
      {{"train-eval", "--tables", damaged, "--games", "50", "--out", net, "-q"},
       Failure::DamagedTable},
      {{"train-eval", "--games", "0"}, Failure::BadUse},

      {{"move-quality", "--player", "random", "--tables", none}, Failure::NoDirectory},
      {{"move-quality", "--player", "random", "--tables", file}, Failure::NotADirectory},
      {{"move-quality", "--player", "random", "--tables", damaged, "--positions", "5"},
       Failure::DamagedTable},
      {{"move-quality", "--player", "nonsense", "--tables", tables}, Failure::BadUse},

      {{"play", "--tables", none, "--log", "none"}, Failure::NoDirectory},
      {{"play", "--tables", file, "--log", "none"}, Failure::NotADirectory},
      {{"play", "--first", "nobody", "--log", "none"}, Failure::BadUse},

      {{"connect", "--tables", none, "--log", "none"}, Failure::NoDirectory},
      {{"connect", "--tables", file, "--log", "none"}, Failure::NotADirectory},
      {{"connect", "--port", "9", "--tables", "none", "--log", "none"}, Failure::Unavailable},
      {{"connect", "--name", ""}, Failure::BadUse},

      {{"serve", "--tables", none}, Failure::NoDirectory},
      {{"serve", "--tables", file}, Failure::NotADirectory},
      {{"serve", "--port", "70000"}, Failure::BadUse},

      {{"setup", "best", "--matrix", none}, Failure::DamagedTable},
      {{"setup", "best", "--matrix", file}, Failure::DamagedTable},
      {{"setup", "reply", "1625"}, Failure::BadUse},
  };
  std::map<std::string, std::string> helps;
  for (const Case& c : cases) {
    std::string line;
    for (const auto& a : c.args) line += a + " ";
    INFO(line);
    ChildResult r = run_ewn(c.args);
    CHECK(r.exit_code == ways_of(c.failure).exit_code);
    CHECK_FALSE(r.err.empty());
    // The command's --help lists the code with the failure's words.
    std::vector<std::string> command = command_of(c.args);
    std::string key = command[0] + (command.size() > 1 ? " " + command[1] : "");
    if (!helps.count(key)) {
      std::vector<std::string> help_args = command;
      help_args.push_back("--help");
      ChildResult help = run_ewn(help_args);
      REQUIRE(help.exit_code == 0);
      std::string text = help.out;
      std::replace(text.begin(), text.end(), '\n', ' ');
      helps[key] = text.substr(text.find("Exit codes: 0 success"));
    }
    std::string item = std::to_string(ways_of(c.failure).exit_code) + " ";
    CHECK_THAT(helps[key], Catch::Contains(item));
    CHECK_THAT(helps[key], Catch::Contains(ways_of(c.failure).meaning));
  }
}

TEST_CASE("every command's --help lists its exit codes", "[cli]") {
  for (std::vector<std::string> command :
       std::vector<std::vector<std::string>>{{"show"},
                                             {"gen"},
                                             {"probe"},
                                             {"info"},
                                             {"match"},
                                             {"train-eval"},
                                             {"move-quality"},
                                             {"play"},
                                             {"connect"},
                                             {"verify"},
                                             {"serve"},
                                             {"analyse"},
                                             {"setup"},
                                             {"setup", "make"},
                                             {"setup", "reply"},
                                             {"setup", "best"},
                                             {"setup", "equilibrium"}}) {
    INFO(command[0]);
    command.push_back("--help");
    ChildResult r = run_ewn(command);
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("Exit codes: 0 success"));
    CHECK_THAT(r.out, Catch::Contains("2 bad use"));
  }
}

TEST_CASE("an unknown command fails at every level, with or without --help", "[cli]") {
  for (std::vector<std::string> args : std::vector<std::vector<std::string>>{
           {"nosuch"}, {"nosuch", "--help"}, {"setup", "nosuch"}, {"setup", "nosuch", "--help"}}) {
    INFO(args[0] + " " + args.back());
    ChildResult r = run_ewn(args);
    CHECK(r.exit_code == ways_of(Failure::BadUse).exit_code);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::Contains("unknown command 'nosuch'"));
  }
  ChildResult sub = run_ewn({"setup", "nosuch", "--help"});
  CHECK(sub.err ==
        "ewn setup: unknown command 'nosuch'; the commands are make, reply, best, equilibrium "
        "(see 'ewn setup --help')\n");
}

TEST_CASE("ewn --version prints the version the library gives", "[cli]") {
  ChildResult r = run_ewn({"--version"});
  CHECK(r.exit_code == 0);
  CHECK(r.out == std::string(ewn_version()) + "\n");
  std::ifstream version_file(EWN_SOURCE_DIR "/VERSION");
  std::string version;
  std::getline(version_file, version);
  CHECK(version == ewn_version());
}

TEST_CASE("ewn match: --tables, else the default directory when it is there, as ewn play",
          "[cli]") {
  TempDir tmp("cli-match-tables");
  fs::path damaged = damaged_set(tmp);
  // The default directory is data here (no $EWN_TABLES): the damaged copy.
  ::unsetenv("EWN_TABLES");
  fs::path cwd = tmp.path() / "cwd";
  fs::create_directories(cwd);
  fs::create_directory_symlink(damaged, cwd / "data");
  ChildOptions in_cwd;
  in_cwd.cwd = cwd;
  auto match = [&](std::vector<std::string> more, std::string a = "expectimax:depth=1") {
    std::vector<std::string> args{"match", "--a", a, "--b", "random", "--games", "4", "-q"};
    args.insert(args.end(), more.begin(), more.end());
    return run_ewn(args, std::chrono::seconds(60), in_cwd);
  };
  // Its tables are read: the damaged ones fail the match.
  CHECK(match({}).exit_code == ways_of(Failure::DamagedTable).exit_code);
  CHECK(match({"--tables", damaged.string()}).exit_code ==
        ways_of(Failure::DamagedTable).exit_code);
  CHECK(match({"--tables", "none"}).exit_code == 0);
  CHECK(match({"--tables", generated_set(3).string()}).exit_code == 0);
  CHECK(match({"--tables", (tmp.path() / "none").string()}).exit_code ==
        ways_of(Failure::NoDirectory).exit_code);
  // A spec's own tables= wins.
  CHECK(match({}, "expectimax:depth=1,tables=none").exit_code == 0);
}

TEST_CASE("with --json every command's failure is the error document on stdout", "[cli]") {
  FailureInputs in("cli-json-failure");
  const auto& [tmp, damaged, none, file, game, bad_game, net] = in;
  std::string three = "r1r23/5/5/5/3b11 r";

  const std::vector<Case> cases{
      {{"show", "r1r2", "--json"}, Failure::BadPosition},
      {{"gen", "--pieces", "2", "--tables", file, "--json"}, Failure::NotADirectory},
      {{"probe", three, "--tables", none, "--json"}, Failure::NoDirectory},
      {{"info", "--tables", none, "--json"}, Failure::NoDirectory},
      {{"verify", "--tables", none, "--json"}, Failure::NoDirectory},
      {{"analyse", bad_game, "--tables", "none", "--json"}, Failure::BadGameText},
      {{"analyse", game, "--tables", damaged, "--json"}, Failure::DamagedTable},
      {{"match", "--a", "expectimax:depth=1,tables=" + none, "--b", "random", "-q", "--json"},
       Failure::NoDirectory},
      {{"train-eval", "--tables", none, "--out", net, "--json"}, Failure::NoDirectory},
      {{"move-quality", "--player", "random", "--tables", none, "--json"}, Failure::NoDirectory},
      {{"setup", "best", "--matrix", none, "--json"}, Failure::DamagedTable},
  };
  for (const Case& c : cases) {
    INFO(c.args[0] + " " + c.args[1]);
    ChildResult r = run_ewn(c.args);
    CHECK(r.exit_code == ways_of(c.failure).exit_code);
    std::string kind = std::string(R"(","error_kind":")") + ways_of(c.failure).name + "\"}\n";
    CHECK(r.out.rfind(R"({"error":")", 0) == 0);
    CHECK(r.out.size() > kind.size());
    CHECK(r.out.compare(r.out.size() - kind.size(), kind.size(), kind) == 0);
    CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 1);
  }
}
