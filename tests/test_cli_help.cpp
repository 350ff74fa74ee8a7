// Help that teaches: `ewn --help` lists each command in one line, and every example in every
// command's --help runs as printed.
#include <signal.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_run.h"
#include "generated_set.h"

using namespace ewn;
using namespace ewn::test;
namespace fs = std::filesystem;

namespace {

// The commands `ewn --help` lists, each on a line of its own "  name   summary".
std::vector<std::string> listed_commands(const std::string& help) {
  std::vector<std::string> names;
  std::istringstream in(help.substr(help.find("Subcommands:\n") + 13));
  for (std::string line; std::getline(in, line) && !line.empty();) {
    INFO(line);
    REQUIRE(line.rfind("  ", 0) == 0);
    REQUIRE(line[2] != ' ');  // no continuation lines: one line per command
    names.push_back(line.substr(2, line.find(' ', 2) - 2));
  }
  return names;
}

struct Example {
  std::vector<std::string> args;  // after "ewn"
  std::string input;              // the file after '<', if any
};

// "  ewn probe \"r1r23/5/2b3b41/5/5 r\" --json   comment": the words up to two spaces outside
// quotes, with quotes removed.
Example parse_example(const std::string& line) {
  std::vector<std::string> words;
  std::string word;
  bool quoted = false, in_word = false;
  for (size_t i = line.find("ewn ") + 4; i <= line.size(); ++i) {
    char c = i < line.size() ? line[i] : ' ';
    if (c == '"') {
      quoted = !quoted;
      in_word = true;
    } else if (c != ' ' || quoted) {
      word += c;
      in_word = true;
    } else {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
      if (i + 1 < line.size() && line[i + 1] == ' ') break;  // the comment follows
    }
  }
  Example e;
  for (size_t k = 0; k < words.size(); ++k)
    if (words[k] == "<" && k + 1 < words.size())
      e.input = words[++k];
    else
      e.args.push_back(words[k]);
  return e;
}

}  // namespace

TEST_CASE("ewn --help lists each command in one line", "[cli]") {
  ChildResult top = run_ewn({"--help"});
  REQUIRE(top.exit_code == 0);
  std::vector<std::string> names = listed_commands(top.out);
  CHECK(names.size() >= 11);
  CHECK_THAT(top.out, Catch::Contains("ewn COMMAND --help"));
}

TEST_CASE("every example in every --help runs as printed", "[cli]") {
  // Where the examples expect to be: tables in data/, a file of positions, the manifest in docs/.
  TempDir work("cli-help-examples");
  fs::copy(generated_set(4), work.path() / "data");
  std::ofstream(work.path() / "positions.txt") << "r1r23/5/5/5/3b11 r\n1b13/5/5/5/3r2r1 b\n";
  fs::create_directories(work.path() / "docs");
  fs::copy_file(fs::path(EWN_SOURCE_DIR) / "docs" / "tables-5.manifest",
                work.path() / "docs" / "tables-5.manifest");
  ChildOptions here;
  here.cwd = work.path();

  std::vector<std::string> names = listed_commands(run_ewn({"--help"}).out);
  int examples = 0;
  for (const std::string& name : names) {
    ChildResult help = run_ewn({name, "--help"});
    REQUIRE(help.exit_code == 0);
    std::istringstream in(help.out);
    for (std::string line; std::getline(in, line);) {
      if (line.rfind("  ewn ", 0) != 0) continue;
      ++examples;
      Example e = parse_example(line);
      INFO(line);
      ChildOptions options = here;
      if (!e.input.empty()) options.input = work.path() / e.input;
      // Long runs (generating 5 pieces, a 200-game match) are stopped once they are under way.
      ChildResult r = run_ewn(e.args, std::chrono::seconds(1), options);
      bool under_way = r.signal == SIGKILL;
      // The contest client needs the contest's server, which is not there.
      bool no_server = name == "connect" && r.exit_code == 1 &&
                       r.err.find("cannot connect to 127.0.0.1:50006") != std::string::npos;
      CHECK((r.exit_code == 0 || under_way || no_server));
    }
  }
  CHECK(examples >= 15);
}
