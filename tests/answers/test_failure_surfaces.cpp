// Each failure kind made to happen on every surface where it can, each answer checked against the
// one map (answers/failure.h): the CLI's exit code and its --json error document, the C API's
// code, the web server's status and error document (ewn_web, without a socket). The one
// classifier of an exception is checked for every kind of exception the engines throw, and
// docs/API.md's table is checked to be the map, so that the Python test that reads it
// (python/tests/test_errors.py) checks the Python classes against the map too.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <new>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <system_error>

#include "c_errors.h"
#include "cli_run.h"
#include "ewn/ewn.h"
#include "failure.h"
#include "game_record.h"
#include "generated_set.h"
#include "guards.h"
#include "json_text.h"
#include "mapped_file.h"
#include "notation.h"
#include "player_spec.h"
#include "query.h"
#include "site.h"
#include "table_format.h"

using namespace ewn;
using namespace ewn::test;
namespace fs = std::filesystem;

namespace {

const char* const kThree = "r1r23/5/5/5/4b1 r";       // 12v1
const char* const kFive = "r1r23/5/2b3b41/5/4b5 r";   // not covered by <= 3
const char* const kDecided = "1b13/5/5/5/3r2r1 b 3";  // red on e1: decided
const char* const kBadGame = "5/1r13/2r22/3b11/5 r\nr 2 c3d3\nb 4 d2b1\n";

// A copy of the <= 3 set with 12v1.ewt truncated: the file that answers 1v12 too (format 3).
fs::path damaged_copy(const TempDir& tmp) {
  fs::path dir = tmp.path() / "damaged";
  fs::create_directories(dir);
  for (const auto& e : fs::directory_iterator(generated_set(3)))
    if (e.path().extension() == ".ewt") fs::copy_file(e.path(), dir / e.path().filename());
  fs::resize_file(dir / "12v1.ewt", 100);
  return dir;
}

// The CLI: `args` with --json exit with the map's code and print the failure's error document.
void check_cli(std::vector<std::string> args, Failure failure) {
  args.push_back("--json");
  std::string line;
  for (const auto& a : args) line += a + " ";
  INFO("ewn " << line);
  ChildResult r = run_ewn(args);
  CHECK(r.exit_code == ways_of(failure).exit_code);
  CHECK_FALSE(r.err.empty());
  Json doc = Json::parse(r.out);
  CHECK(doc["error_kind"] == ways_of(failure).name);
  CHECK_FALSE(doc["error"].get<std::string>().empty());
}

// HTTP: the request is answered with the map's status and the failure's error document.
void check_http(const web::Site& site, const std::string& path,
                const std::vector<std::pair<std::string, std::string>>& params, Failure failure) {
  web::Request req;
  req.method = "GET";
  req.path = path;
  for (const auto& [k, v] : params) req.params.emplace(k, v);
  INFO("GET " << path);
  web::Response res = web::answer(site, req);
  CHECK(res.status == ways_of(failure).http_status);
  Json doc = Json::parse(res.body);
  CHECK(doc["error_kind"] == ways_of(failure).name);
}

std::shared_ptr<const web::Site> site_of(const std::string& tables, const fs::path& no_matrix) {
  web::ServerOptions options;
  options.tables = tables;
  options.searches = 1;
  options.threads = 1;
  options.setup_matrix = no_matrix.string();
  return web::open_site(options);
}

int code_of(Failure f) {
  return ways_of(f).c_code;
}

}  // namespace

TEST_CASE("failure surfaces: every kind on the CLI, C and HTTP, by the one map", "[failure]") {
  TempDir tmp("failure-surfaces");
  std::string tables = generated_set(3).string();
  std::string damaged = damaged_copy(tmp).string();
  std::string none = (tmp.path() / "none").string();
  std::string file = (tmp.path() / "file").string();
  std::string bad_game = (tmp.path() / "bad.txt").string();
  std::ofstream(file) << "x";
  std::ofstream(bad_game) << kBadGame;
  ewn_tablebase* tb = ewn_tb_open(tables.c_str(), nullptr, 0);
  REQUIRE(tb);
  auto site = site_of(tables, tmp.path() / "no-matrix.ewns");
  auto damaged_site = site_of(damaged, tmp.path() / "no-matrix.ewns");
  double value = 0;
  char buf[256];

  SECTION("bad use") {
    check_cli({"probe", kThree, "--frobnicate"}, Failure::BadUse);
    check_cli({"nosuch"}, Failure::BadUse);
    check_cli({"setup", "nosuch"}, Failure::BadUse);
    check_cli({"connect", "--name", ""}, Failure::BadUse);
    check_cli({"connect", "--time-limit", "soon"}, Failure::BadUse);
    // serve and play have no --json: their failures end by the map with the message alone.
    for (auto args : {std::vector<std::string>{"serve", "--max-movetime", "2h"},
                      std::vector<std::string>{"play", "--movetime", "soon", "--log", "none"}}) {
      ChildResult r = run_ewn(args);
      CHECK(r.exit_code == ways_of(Failure::BadUse).exit_code);
      CHECK_THAT(r.err, Catch::Contains("is not a duration"));
    }
    check_cli({"verify", "--class", "nonsense"}, Failure::BadUse);
    check_cli({"train-eval", "--tables", "none"}, Failure::BadUse);
    check_cli({"match", "--a", "nonsense", "--b", "random"}, Failure::BadUse);
    CHECK(ewn_tb_value(tb, kThree, nullptr) == code_of(Failure::BadUse));
    check_http(*site, "/api/probe", {{"position", kThree}, {"frobnicate", "1"}}, Failure::BadUse);
  }
  SECTION("bad position") {
    check_cli({"probe", "r1", "--tables", tables}, Failure::BadPosition);
    check_cli({"show", "r1r2"}, Failure::BadPosition);
    CHECK(ewn_tb_value(tb, "r1", &value) == code_of(Failure::BadPosition));
    check_http(*site, "/api/probe", {{"position", "r1"}}, Failure::BadPosition);
  }
  SECTION("bad game text") {
    check_cli({"analyse", bad_game, "--tables", "none"}, Failure::BadGameText);
    CHECK(ewn_analyse_json(tb, kBadGame, 0, 1000, 1, buf, sizeof buf, nullptr) ==
          code_of(Failure::BadGameText));
    check_http(*site, "/api/analyse", {{"text", kBadGame}}, Failure::BadGameText);
  }
  SECTION("not covered") {
    check_cli({"probe", kFive, "--tables", tables}, Failure::NotCovered);
    CHECK(ewn_tb_value(tb, kFive, &value) == code_of(Failure::NotCovered));
    check_http(*site, "/api/probe", {{"position", kFive}}, Failure::NotCovered);
  }
  SECTION("game over: the same on HTTP and C") {
    CHECK(ewn_tb_best_move(tb, kDecided, 3, buf) == code_of(Failure::GameOver));
    ewn_engine* engine = ewn_engine_open(nullptr, 100, nullptr, nullptr, 0);
    REQUIRE(engine);
    CHECK(ewn_engine_best_move(engine, kDecided, 3, buf) == code_of(Failure::GameOver));
    ewn_engine_close(engine);
    check_http(*site, "/api/move", {{"position", kDecided}}, Failure::GameOver);
  }
  SECTION("no directory, not a directory") {
    check_cli({"probe", kThree, "--tables", none}, Failure::NoDirectory);
    check_cli({"probe", kThree, "--tables", file}, Failure::NotADirectory);
    int code = 0;
    CHECK_FALSE(ewn_tb_open_ex(none.c_str(), 0, &code, nullptr, 0));
    CHECK(code == code_of(Failure::NoDirectory));
    CHECK_FALSE(ewn_tb_open_ex(file.c_str(), 0, &code, nullptr, 0));
    CHECK(code == code_of(Failure::NotADirectory));
  }
  SECTION("damaged table") {
    check_cli({"probe", kThree, "--tables", damaged}, Failure::DamagedTable);
    ewn_tablebase* d = ewn_tb_open(damaged.c_str(), nullptr, 0);
    REQUIRE(d);
    CHECK(ewn_tb_value(d, kThree, &value) == code_of(Failure::DamagedTable));
    ewn_tb_close(d);
    check_http(*damaged_site, "/api/probe", {{"position", kThree}}, Failure::DamagedTable);
  }
  SECTION("buffer too small (C only)") {
    CHECK(ewn_tb_probe_json(tb, kThree, buf, 4, nullptr) == code_of(Failure::BufferTooSmall));
  }
  SECTION("unavailable") {
    // A server that does not answer: the error document, as every command's failure.
    check_cli({"connect", "--port", "9", "--tables", "none", "--log", "none"},
              Failure::Unavailable);
    check_cli({"connect", "--port", "9", "--tables", "none", "--log", tmp.path().string()},
              Failure::Unavailable);
    check_http(*site, "/api/setup/best", {}, Failure::Unavailable);
  }
  SECTION("out of memory, unavailable and internal through C's guard and HTTP's classifier") {
    auto guarded_code = [](auto thrower) {
      return api::guarded([&]() -> int {
        thrower();
        return EWN_OK;
      });
    };
    CHECK(guarded_code([] { throw std::bad_alloc(); }) == code_of(Failure::OutOfMemory));
    CHECK(guarded_code([] { throw std::system_error(EMFILE, std::generic_category()); }) ==
          code_of(Failure::Unavailable));
    CHECK(guarded_code([] { throw std::logic_error("bug"); }) == code_of(Failure::Internal));
    CHECK(guarded_code([] { throw 42; }) == code_of(Failure::Internal));
  }
  ewn_tb_close(tb);
}

TEST_CASE("failure map: HTTP's own refusals, each its status and kind", "[failure]") {
  std::set<int> statuses;
  for (const RefusalWays& w : refusal_table()) {
    CHECK(&ways_of(w.refusal) == &w);
    CHECK(statuses.insert(w.http_status).second);
    CHECK(refusal_of_status(w.http_status) == w.refusal);
    CHECK(w.failure == (w.http_status >= 500 ? Failure::Unavailable : Failure::BadUse));
  }
  CHECK(ways_of(Refusal::NoSuchPage).http_status == 404);
  CHECK_FALSE(refusal_of_status(200).has_value());
}

TEST_CASE("failure classifier: every exception of the engines to its kind", "[failure]") {
  auto kind = [](auto e) { return failure_of_exception(e); };
  CHECK(kind(PathError(ErrorKind::Missing, "x")) == Failure::NoDirectory);
  CHECK(kind(PathError(ErrorKind::WrongType, "x")) == Failure::NotADirectory);
  CHECK(kind(PathError(ErrorKind::Unreadable, "x")) == Failure::Unreadable);
  CHECK(kind(PathError(ErrorKind::Damaged, "x")) == Failure::DamagedTable);
  CHECK(kind(MapError("f", PathProblem{ErrorKind::Unreadable, "w"})) == Failure::Unreadable);
  CHECK(kind(TableError("f.ewt", "truncated")) == Failure::DamagedTable);
  CHECK(kind(ParseError("x")) == Failure::BadPosition);
  CHECK(kind(GameTextError(3, "x")) == Failure::BadGameText);
  CHECK(kind(SpecError("x")) == Failure::BadUse);
  CHECK(kind(web::RequestError("x")) == Failure::BadUse);
  CHECK(kind(UsageError("x")) == Failure::BadUse);
  CHECK(kind(GameOverError("x")) == Failure::GameOver);
  CHECK(kind(std::bad_alloc()) == Failure::OutOfMemory);
  CHECK(kind(std::system_error(ENOMEM, std::generic_category())) == Failure::OutOfMemory);
  CHECK(kind(std::system_error(EMFILE, std::generic_category())) == Failure::Unavailable);
  CHECK(kind(std::system_error(ENFILE, std::generic_category())) == Failure::Unavailable);
  CHECK(kind(std::runtime_error("a file not written")) == Failure::Unavailable);
  CHECK(kind(std::invalid_argument("a broken precondition")) == Failure::Internal);
  CHECK(kind(std::exception()) == Failure::Internal);
}

TEST_CASE("failure map: docs/API.md's table is the map, row for row", "[failure]") {
  std::ifstream in(fs::path(EWN_SOURCE_DIR) / "docs" / "API.md");
  REQUIRE(in);
  // | `name` | meaning | exit | `EWN_E_X` | `ewn.Class` (...) | status |
  std::regex row(
      R"(^\| `([a-z_]+)` \| [^|]+ \| (\d+) \| `(EWN_E_[A-Z_]+)` \| `ewn\.(\w+)`[^|]* \| (\d+) \|$)");
  const std::map<std::string, int> c_names{{"EWN_E_POSITION", EWN_E_POSITION},
                                           {"EWN_E_NOT_COVERED", EWN_E_NOT_COVERED},
                                           {"EWN_E_TABLE", EWN_E_TABLE},
                                           {"EWN_E_ARGUMENT", EWN_E_ARGUMENT},
                                           {"EWN_E_BUFFER", EWN_E_BUFFER},
                                           {"EWN_E_DIRECTORY", EWN_E_DIRECTORY},
                                           {"EWN_E_GAME_OVER", EWN_E_GAME_OVER},
                                           {"EWN_E_MEMORY", EWN_E_MEMORY},
                                           {"EWN_E_INTERNAL", EWN_E_INTERNAL},
                                           {"EWN_E_NOT_DIRECTORY", EWN_E_NOT_DIRECTORY},
                                           {"EWN_E_UNREADABLE", EWN_E_UNREADABLE},
                                           {"EWN_E_GAME", EWN_E_GAME},
                                           {"EWN_E_UNAVAILABLE", EWN_E_UNAVAILABLE}};
  size_t rows = 0;
  std::string line;
  while (std::getline(in, line)) {
    std::smatch m;
    if (!std::regex_match(line, m, row)) continue;
    INFO(line);
    REQUIRE(rows < failure_table().size());
    const FailureWays& w = failure_table()[rows++];
    CHECK(m[1] == w.name);
    CHECK(std::stoi(m[2]) == w.exit_code);
    REQUIRE(c_names.count(m[3]));
    CHECK(c_names.at(m[3]) == w.c_code);
    CHECK(m[4] == w.python_exception);
    CHECK(std::stoi(m[5]) == w.http_status);
  }
  CHECK(rows == failure_table().size());
}
