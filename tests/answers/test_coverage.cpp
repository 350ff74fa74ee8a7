// One coverage figure on every surface (answers/, probe/table_inspection.h): on a directory with
// one table truncated and one removed, `ewn info --json` (full and --quick), `ewn verify --json`,
// /api/info, the serve start-up line, `ewn probe`'s message and C (under C++ and Python) give the
// same complete_up_to; a probe that needs the damaged table fails naming it, one that does not
// still answers.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "cli_run.h"
#include "ewn/ewn.h"
#include "failure.h"
#include "generated_set.h"
#include "guards.h"
#include "json_text.h"
#include "site.h"

using namespace ewn;
using namespace ewn::test;
namespace fs = std::filesystem;

namespace {

// The <= 3 set with 12v1.ewt (which answers for 1v12 too, format 3) truncated below its size
// and, when `remove`, 13v1.ewt (and with it 1v13) removed: complete up to 2 either way.
fs::path damaged_copy(const TempDir& tmp, bool remove = true) {
  fs::path dir = tmp.path() / "damaged";
  fs::create_directories(dir);
  for (const auto& e : fs::directory_iterator(generated_set(3)))
    if (e.path().extension() == ".ewt") fs::copy_file(e.path(), dir / e.path().filename());
  fs::resize_file(dir / "12v1.ewt", fs::file_size(dir / "12v1.ewt") - 10);
  if (remove) REQUIRE(fs::remove(dir / "13v1.ewt"));
  return dir;
}

constexpr int kExpected = 2;
const char* const kTwoPieces = "r14/5/5/5/4b1 r";       // 1v1: answers
const char* const kOtherClass = "r1r43/5/5/5/4b1 r";    // 14v1, opens with its twin: answers
const char* const kDamagedClass = "r1r23/5/5/5/4b1 r";  // 12v1: derived from the truncated table
const char* const kRemovedClass = "r1r33/5/5/5/4b1 r";  // 13v1: not covered

Json cli_json(const std::vector<std::string>& args) {
  ChildResult r = run_ewn(args);
  INFO(r.out << r.err);
  return Json::parse(r.out);
}

web::Request get(const std::string& path, const std::string& position = "") {
  web::Request req;
  req.method = "GET";
  req.path = path;
  if (!position.empty()) req.params.emplace("position", position);
  return req;
}

}  // namespace

TEST_CASE("coverage: one complete_up_to on every surface of a damaged directory", "[coverage]") {
  TempDir tmp("coverage");
  bool remove = GENERATE(true, false);
  std::string dir = damaged_copy(tmp, remove).string();
  INFO("13v1.ewt removed: " << remove);

  SECTION("the command line") {
    CHECK(cli_json({"info", "--json", "--tables", dir})["complete_up_to"] == kExpected);
    Json quick = cli_json({"info", "--json", "--quick", "--tables", dir});
    CHECK(quick["complete_up_to"] == kExpected);
    Json verify = cli_json({"verify", "--json", "-q", "--tables", dir});
    CHECK(verify["complete_up_to"] == kExpected);
    CHECK(verify["verified_up_to"] == kExpected);
    if (!remove) return;
    Json removed = cli_json({"probe", "--json", kRemovedClass, "--tables", dir});
    CHECK(removed["error_kind"] == "not_covered");
    CHECK_THAT(removed["error"].get<std::string>(),
               Catch::Contains("cover positions with up to 2 pieces") &&
                   Catch::Contains("missing ") && Catch::Contains("--class 13v1"));
  }

  SECTION("the C API") {
    ewn_tablebase* tb = ewn_tb_open(dir.c_str(), nullptr, 0);
    REQUIRE(tb);
    CHECK(ewn_tb_complete_up_to(tb) == kExpected);
    double value = 0;
    CHECK(ewn_tb_value(tb, kTwoPieces, &value) == EWN_OK);
    CHECK(ewn_tb_value(tb, kOtherClass, &value) == EWN_OK);
    CHECK(ewn_tb_value(tb, kDamagedClass, &value) == EWN_E_TABLE);
    CHECK_THAT(ewn_last_error(), Catch::Contains("12v1.ewt") && Catch::Contains("truncated"));
    CHECK(ewn_tb_value(tb, kRemovedClass, &value) == (remove ? EWN_E_NOT_COVERED : EWN_OK));
    ewn_tb_close(tb);
  }

  SECTION("the web server's answers and its start-up line") {
    web::ServerOptions options;
    options.tables = dir;
    options.searches = 1;
    options.threads = 2;
    std::shared_ptr<const web::Site> site = web::open_site(options);
    CHECK_THAT(web::tables_note(*site), Catch::Contains("every position with up to 2 pieces"));
    web::Response info = web::answer(*site, get("/api/info"));
    CHECK(info.status == 200);
    CHECK(Json::parse(info.body)["complete_up_to"] == kExpected);

    web::Response covered = web::answer(*site, get("/api/probe", kOtherClass));
    CHECK(covered.status == 200);
    web::Response damaged = web::answer(*site, get("/api/probe", kDamagedClass));
    CHECK(damaged.status == ways_of(Failure::DamagedTable).http_status);
    Json d = Json::parse(damaged.body);
    CHECK(d["error_kind"] == "damaged_table");
    CHECK_THAT(d["error"].get<std::string>(), Catch::Contains("12v1.ewt"));
    web::Response removed = web::answer(*site, get("/api/probe", kRemovedClass));
    CHECK(removed.status == (remove ? ways_of(Failure::NotCovered).http_status : 200));
  }
}

TEST_CASE("coverage: the CLI's probe of the damaged class exits as a damaged table", "[coverage]") {
  TempDir tmp("coverage-probe");
  std::string dir = damaged_copy(tmp).string();
  ChildResult r = run_ewn({"probe", kDamagedClass, "--tables", dir});
  CHECK(r.exit_code == ways_of(Failure::DamagedTable).exit_code);
  CHECK_THAT(r.err, Catch::Contains("12v1.ewt"));
  CHECK(run_ewn({"probe", kOtherClass, "--tables", dir}).exit_code == 0);
}
