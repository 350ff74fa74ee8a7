// Random bytes where a user types: 400 byte strings as positions and as the value of every
// flag of every subcommand. No run may crash or hang (no exit code of 124 or more, no signal),
// everything printed with --json must parse (so it is valid UTF-8), and messages hold no raw
// control characters or invalid UTF-8.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "cli_run.h"
#include "generated_set.h"
#include "printable.h"

using namespace ewn;
using namespace ewn::test;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// 1 to 24 bytes, each anything but NUL (which no argument can hold); a third of them drawn from
// the characters of the notation and of numbers, so that many get past the first check.
std::vector<std::string> random_strings(int count) {
  std::mt19937_64 rng(30);
  const std::string near = "rb123456789/ -.0e+x:,=";
  std::vector<std::string> out;
  for (int i = 0; i < count; ++i) {
    std::string s(1 + rng() % 24, ' ');
    for (char& c : s) c = rng() % 3 == 0 ? near[rng() % near.size()] : char(1 + rng() % 255);
    out.push_back(s);
  }
  return out;
}

// Every line of `out` is a JSON document.
void check_json_lines(const std::string& out) {
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    INFO(printable(line));
    CHECK_NOTHROW(json::parse(line));
  }
}

}  // namespace

TEST_CASE("random bytes as positions and flag values: no crash, no hang, valid JSON", "[cli]") {
  TempDir work("cli-fuzz");
  std::string tables = generated_set(3).string();
  // 400: every flag below still gets more than a dozen; 1,000 made this the longest test under
  // the sanitizers (333 s of CI).
  std::vector<std::string> strings = random_strings(400);

  // All of them as positions, in one probe.
  std::vector<std::string> probe{"probe", "--json", "--tables", tables, "--"};
  probe.insert(probe.end(), strings.begin(), strings.end());
  ChildResult all = run_ewn(probe);
  CHECK(all.signal == 0);
  CHECK(all.exit_code >= 0);
  CHECK(all.exit_code <= 4);
  check_json_lines(all.out);
  CHECK(std::count(all.out.begin(), all.out.end(), '\n') == long(strings.size()));

  // Each as the value of one flag: subcommand, the flag, and arguments that keep the run short
  // whatever the value (the flag comes last, so a value that looks like an option is its value).
  std::string out = (work.path() / "out").string(), net = (work.path() / "net").string();
  std::vector<std::vector<std::string>> runs{
      {"show", "--json", "--"},
      {"probe", "r1r23/5/5/5/3b11 r", "--json", "--tables"},
      {"gen", "--class", "9v9", "--json", "--tables"},
      {"gen", "--class", "9v9", "--tables", out, "--json", "--pieces"},
      {"gen", "--class", "9v9", "--tables", out, "--json", "--threads"},
      {"gen", "--class", "9v9", "--tables", out, "--json", "--keep-exact"},
      {"gen", "--class", "9v9", "--tables", out, "--json", "--zstd-level"},
      {"gen", "--pieces", "2", "--tables", out, "--json", "--class"},
      {"info", "--json", "--"},
      {"verify", "--json", "-q", "--"},
      {"verify", "--tables", tables, "--json", "-q", "--pieces"},
      {"verify", "--tables", tables, "--json", "-q", "--threads"},
      {"verify", "--tables", tables, "--json", "-q", "--list"},
      {"verify", "--tables", tables, "--json", "--manifest"},
      {"match", "--b", "random", "--games", "2", "--json", "-q", "--a"},
      {"match", "--a", "random", "--b", "random", "--json", "-q", "--games"},
      {"match", "--a", "random", "--b", "random", "--games", "2", "--json", "-q", "--seed"},
      {"match", "--a", "random", "--b", "random", "--games", "2", "--json", "-q", "--format"},
      {"train-eval", "--tables", "none", "--out", net, "--games", "20", "--json", "-q", "--rate"},
      {"train-eval", "--tables", "none", "--out", net, "--json", "-q", "--games"},
      {"train-eval", "--tables", "none", "--games", "20", "--json", "-q", "--out"},
      {"move-quality", "--tables", tables, "--positions", "5", "--json", "--player"},
      {"move-quality", "--player", "random", "--tables", tables, "--json", "--positions"},
      {"move-quality", "--player", "random", "--positions", "5", "--json", "--tables"},
      {"play", "--engine", "random", "--tables", "none", "--log", "none", "--seed"},
      {"play", "--engine", "random", "--tables", "none", "--log", "none", "--setup"},
      {"play", "--tables", "none", "--log", "none", "--engine"},
      {"connect", "--port", "9", "--tables", "none", "--log", "none", "--json", "--name"},
      {"connect", "--port", "9", "--tables", "none", "--log", "none", "--json", "--time-limit"},
      {"connect", "--port", "9", "--tables", "none", "--log", "none", "--json", "--margin"},
  };
  ChildOptions here;
  here.cwd = work.path();  // where a value taken for a file or directory name lands
  for (size_t i = 0; i < strings.size(); ++i) {
    std::vector<std::string> args = runs[i % runs.size()];
    // A name to write to stays one name in the working directory, never a path elsewhere.
    std::string value = strings[i];
    if (args.back() == "--tables" || args.back() == "--out") {
      std::replace(value.begin(), value.end(), '/', '_');
      value = "out-" + value;
    }
    args.push_back(value);
    INFO(args[0] + " " + args[args.size() - 2] + " '" + printable(value) + "'");
    ChildResult r = run_ewn(args, std::chrono::seconds(60), here);
    CHECK(r.signal == 0);
    CHECK(r.exit_code >= 0);
    CHECK(r.exit_code < 124);
    // Messages quote the value made printable, never its raw bytes.
    std::string err = r.err;
    std::erase(err, '\n');
    CHECK(printable(err) == err);
    if (std::find(args.begin(), args.end(), "--json") != args.end()) check_json_lines(r.out);
  }
}
