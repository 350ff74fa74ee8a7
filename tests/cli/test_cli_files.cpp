// The command line on odd table directories: a FIFO, a directory or a broken link named like a
// table never makes a command hang, and `ewn info` and `ewn verify` report the same facts.
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_run.h"
#include "file_bytes.h"
#include "generated_set.h"

using namespace ewn;
using namespace ewn::test;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// A copy of the <= 3 set in `dir`.
void copy_set(const fs::path& dir) {
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (const auto& e : fs::directory_iterator(generated_set(3)))
    if (e.path().extension() == ".ewt") fs::copy_file(e.path(), dir / e.path().filename());
}

}  // namespace

TEST_CASE("a FIFO, directory or broken link named like a table: no command hangs", "[cli]") {
  TempDir tmp("cli-odd-files");
  fs::path dir = tmp.path() / "tables";
  const std::chrono::seconds limit(20);
  for (std::string kind : {"fifo", "directory", "dangling link", "looping link"}) {
    INFO(kind);
    copy_set(dir);
    fs::path odd = dir / "12v1.ewt";
    fs::remove(odd);
    if (kind == "fifo") REQUIRE(::mkfifo(odd.c_str(), 0644) == 0);
    if (kind == "directory") fs::create_directory(odd);
    if (kind == "dangling link") fs::create_symlink(dir / "nowhere.ewt", odd);
    if (kind == "looping link") fs::create_symlink(odd, odd);
    std::string named = odd.string() + ": ";

    ChildResult probe = run_ewn({"probe", "r1r23/5/5/5/3b11 r", "--tables", dir.string()}, limit);
    CHECK(probe.exit_code == 4);
    CHECK_THAT(probe.err, Catch::Contains(named));
    ChildResult info = run_ewn({"info", "--tables", dir.string()}, limit);
    CHECK(info.exit_code == 4);
    CHECK_THAT(info.err, Catch::Contains(named));
    ChildResult verify = run_ewn({"verify", "--tables", dir.string(), "--quiet"}, limit);
    CHECK(verify.exit_code == 4);
    CHECK_THAT(verify.out, Catch::Contains("12v1.ewt): "));
    // gen must not read it nor replace it: it names it and stops before any work.
    ChildResult gen = run_ewn({"gen", "--pieces", "3", "--tables", dir.string(), "--quiet"}, limit);
    CHECK(gen.exit_code == 4);
    CHECK_THAT(gen.err, Catch::Contains(named));
    CHECK_THAT(gen.err, !Catch::Contains("run the same command again"));
    if (kind == "fifo") {
      CHECK_THAT(probe.err, Catch::Contains(named + "not a regular file"));
      CHECK_THAT(gen.err, Catch::Contains(named + "not a regular file"));
    }
    // An exact-values file of that kind is refused the same way.
    fs::remove(odd);
    if (kind == "fifo") {
      REQUIRE(::mkfifo((dir / "12v1.ewx").c_str(), 0644) == 0);
      ChildResult ewx = run_ewn({"gen", "--pieces", "3", "--tables", dir.string(), "-q"}, limit);
      CHECK(ewx.exit_code == 4);
      CHECK_THAT(ewx.err, Catch::Contains("12v1.ewx: not a regular file"));
    }
  }
  // A network file that is a FIFO.
  fs::path net = tmp.path() / "net.ewnn";
  REQUIRE(::mkfifo(net.c_str(), 0644) == 0);
  ChildResult match = run_ewn({"match", "--a", "expectimax:depth=1,tables=none,net=" + net.string(),
                               "--b", "random", "--games", "2", "--quiet"},
                              limit);
  CHECK(match.exit_code == 2);
  CHECK_THAT(match.err, Catch::Contains(net.string() + ": not a regular file"));
}

TEST_CASE("info and verify report the same facts and coverage", "[cli]") {
  TempDir tmp("cli-info-verify");
  auto set_with = [&](const std::string& name, auto change) {
    fs::path dir = tmp.path() / name;
    copy_set(dir);
    change(dir);
    return dir;
  };
  std::vector<std::pair<fs::path, int>> cases{
      {tmp.path() / "none", 7},
      {set_with("empty", [](const fs::path& d) { fs::remove_all(d), fs::create_directory(d); }), 4},
      {set_with("file", [](const fs::path& d) { fs::remove_all(d), std::ofstream(d) << "x"; }), 11},
      {set_with("stray", [](const fs::path& d) { std::ofstream(d / "notaclass.ewt") << "x"; }), 4},
      {set_with("missing", [](const fs::path& d) { fs::remove(d / "1v1.ewt"); }), 4},
      {set_with("damaged",
                [](const fs::path& d) { overwrite_bytes(d / "12v1.ewt", 200, "\x5a\xa5"); }),
       4},
      {set_with("fine", [](const fs::path&) {}), 0},
  };
  for (const auto& [dir, code] : cases) {
    INFO(dir.filename().string());
    ChildResult info = run_ewn({"info", "--tables", dir.string(), "--json"});
    ChildResult verify = run_ewn({"verify", "--tables", dir.string(), "--json", "--quiet"});
    CHECK(info.exit_code == code);
    CHECK(verify.exit_code == code);
    // A JSON document on failure too, with the errors in it.
    json i = json::parse(info.out), v = json::parse(verify.out);
    if (code == 7 || code == 11) {
      // No directory to look into: the error document from both (info adds a hint).
      CHECK(i["error_kind"] == (code == 7 ? "no_directory" : "not_a_directory"));
      CHECK(v["error_kind"] == i["error_kind"]);
      CHECK_THAT(i["error"].get<std::string>(), Catch::StartsWith(v["error"].get<std::string>()));
      continue;
    }
    CHECK(i["ok"] == (code == 0));
    CHECK(v["ok"] == (code == 0));
    CHECK(i.value("complete_up_to", -1) == v.value("complete_up_to", -1));
    CHECK(i["errors"].empty() == (code == 0));
    // Every fact info finds (it reads the files only) verify reports in the same words; info
    // may add the command that makes tables.
    for (const auto& e : i["errors"]) {
      std::string error = e;
      std::string words = error.substr(0, error.find(" (make the tables with"));
      INFO(words);
      CHECK(std::count(v["errors"].begin(), v["errors"].end(), words) == 1);
    }
  }
}
