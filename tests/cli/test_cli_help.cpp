// Help that teaches: `ewn --help` lists each command in one line, and every example in every
// command's --help runs as printed.
#include <signal.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <thread>

#include "analysis_games.h"
#include "child_process.h"
#include "cli_run.h"
#include "generated_set.h"
#include "routes.h"
#include "setup_matrix.h"
#include "tcp_listener.h"

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

std::string file_text(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::set<fs::path> files_under(const fs::path& dir) {
  std::set<fs::path> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec))
    if (it->is_regular_file() && it->path().filename() != ".ewn-gen.lock") files.insert(it->path());
  return files;
}

// One example running in a directory of its own. Runs meant to last minutes or to serve until
// stopped are stopped once they show that they are under way: gen of 5 pieces or more when it
// has written a file, match and train-eval when they print their running count, serve when it
// listens.
class ExampleRun {
 public:
  ExampleRun(std::string line, std::string command, Example e, const fs::path& pristine,
             const fs::path& dir)
      : line_(std::move(line)), command_(std::move(command)), e_(std::move(e)), dir_(dir) {
    fs::copy(pristine, dir_, fs::copy_options::recursive | fs::copy_options::create_hard_links);
    fs::create_directories(scratch());
    out_ = dir_ / option_value("--tables", "data");
    long_gen_ = command_ == "gen" && std::stoi(option_value("--pieces", "0")) >= 5;
    before_ = files_under(out_);
    ChildOptions options;
    options.cwd = dir_;
    options.input = e_.input.empty() ? fs::path("/dev/null") : dir_ / e_.input;
    std::vector<std::string> args = e_.args;
    args.insert(args.begin(), ewn_program());
    start_ = std::chrono::steady_clock::now();
    child_ = std::make_unique<ChildProcess>(args, scratch(), options);
  }

  // Stops the run if it shows progress or has run for `limit`; true once it has ended.
  bool poll(std::chrono::seconds limit) {
    if (ended_) return true;
    if (child_->running()) {
      progress_ = under_way();
      if (!progress_ && std::chrono::steady_clock::now() - start_ < limit) return false;
      child_->kill(SIGKILL);
    }
    result_ = child_->wait();
    seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    progress_ = progress_ && result_.signal == SIGKILL;  // stopped here, not ended by itself
    return ended_ = true;
  }

  const std::string& line() const { return line_; }
  const std::string& command() const { return command_; }
  const ChildResult& result() const { return result_; }
  bool progress() const { return progress_; }
  double seconds() const { return seconds_; }

 private:
  fs::path scratch() const { return dir_.string() + "-output"; }
  std::string option_value(const std::string& option, const std::string& absent) const {
    auto it = std::find(e_.args.begin(), e_.args.end(), option);
    return it != e_.args.end() && it + 1 != e_.args.end() ? *(it + 1) : absent;
  }
  bool under_way() const {
    if (long_gen_) return files_under(out_) != before_;
    if (command_ == "match" || command_ == "train-eval")
      return file_text(scratch() / "child.err").find(" games]") != std::string::npos;
    if (command_ == "serve")
      return file_text(scratch() / "child.out").find("listening on http://") != std::string::npos;
    return false;
  }

  std::string line_, command_;
  Example e_;
  fs::path dir_, out_;
  bool long_gen_ = false;
  std::set<fs::path> before_;
  std::chrono::steady_clock::time_point start_;
  std::unique_ptr<ChildProcess> child_;
  bool ended_ = false, progress_ = false;
  ChildResult result_;
  double seconds_ = 0;
};

}  // namespace

TEST_CASE("ewn --help lists each command in one line", "[cli]") {
  ChildResult top = run_ewn({"--help"});
  REQUIRE(top.exit_code == 0);
  std::vector<std::string> names = listed_commands(top.out);
  CHECK(names.size() >= 11);
  CHECK_THAT(top.out, Catch::Contains("ewn COMMAND --help"));
}

TEST_CASE("ewn serve --help lists every route of the JSON API", "[cli]") {
  ChildResult help = run_ewn({"serve", "--help"});
  REQUIRE(help.exit_code == 0);
  CHECK(web::api_paths().size() >= 8);
  for (std::string_view path : web::api_paths())
    CHECK_THAT(help.out, Catch::Contains(std::string(path)));
}

TEST_CASE("every example in every --help runs as printed", "[cli]") {
  // Where the examples expect to be: tables in data/, a file of positions, games, the manifest in
  // docs/.
  // Each example runs in a copy of its own (hard links), all at once.
  TempDir work("cli-help-examples");
  const fs::path pristine = work.path() / "pristine";
  fs::create_directories(pristine);
  fs::copy(generated_set(4), pristine / "data", fs::copy_options::recursive);
  std::ofstream(pristine / "positions.txt") << "r1r23/5/5/5/3b11 r\n1b13/5/5/5/3r2r1 b\n";
  // Games for ewn analyse: a plain list, a log of ewn play and one of ewn match.
  std::ofstream(pristine / "game.txt") << kBlunderGame;
  std::ofstream(pristine / "ewn-play.log") << kPlayLog;
  std::ofstream(pristine / "match.log") << kMatchLog;
  // A setup matrix for the examples of `ewn setup` (made-up values: the examples only ask it).
  SetupMatrix setups;
  setups.rows = setups.columns = kArrangementClasses;
  setups.depth = 1;
  for (int i = 0; i < setups.rows * setups.columns; ++i)
    setups.codes.push_back(uint16_t((i * 7919) % 65536 / 2 + 16384));
  write_setup_matrix(pristine / "data" / "setup-matrix.ewns", setups);
  fs::create_directories(pristine / "docs");
  fs::copy_file(fs::path(EWN_SOURCE_DIR) / "docs" / "tables-5.manifest",
                pristine / "docs" / "tables-5.manifest");
  // The contest client's default server, 127.0.0.1:50006, is held closed: the connect example
  // is refused whatever else runs on this machine.
  ClosedPort no_server(50006);
  if (!no_server.ok())
    WARN("127.0.0.1:50006 is taken on this machine: the connect example is not run");

  std::vector<std::unique_ptr<ExampleRun>> runs;
  for (const std::string& name : listed_commands(run_ewn({"--help"}).out)) {
    ChildResult help = run_ewn({name, "--help"});
    REQUIRE(help.exit_code == 0);
    std::istringstream in(help.out);
    for (std::string line; std::getline(in, line);) {
      if (line.rfind("  ewn ", 0) != 0 || (name == "connect" && !no_server.ok())) continue;
      fs::path dir = work.path() / ("example-" + std::to_string(runs.size() + 1));
      runs.push_back(std::make_unique<ExampleRun>(line, name, parse_example(line), pristine, dir));
    }
  }
  CHECK(runs.size() >= 15);
  // What has neither ended nor shown progress within minutes hangs (the bound is for a busy
  // machine and sanitizer builds: the slowest, verify, takes seconds).
  for (bool all_ended = false; !all_ended;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    all_ended = true;
    for (auto& run : runs) all_ended = run->poll(std::chrono::minutes(5)) && all_ended;
  }
  for (const auto& run : runs) {
    const ChildResult& r = run->result();
    INFO(run->line() << "\nran " << run->seconds() << " s"
                     << (run->progress() ? ", stopped once under way" : "")
                     << "; stderr: " << r.err);
    bool finished = r.signal == 0 && r.exit_code == 0;
    bool refused = run->command() == "connect" && r.exit_code == 1 &&
                   r.err.find("cannot connect to 127.0.0.1:50006") != std::string::npos;
    CHECK((finished || refused || run->progress()));
  }
}
