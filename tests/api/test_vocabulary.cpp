// The rows of docs/API.md's vocabulary table that the C API shares with the program: the same
// words and numbers for the same things (the Python side: python/tests/test_vocabulary.py).
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "cli_run.h"
#include "ewn/ewn.h"
#include "generated_set.h"
#include "table_format.h"
#include "temp_dir.h"

using namespace ewn;
using namespace ewn::test;
namespace fs = std::filesystem;

TEST_CASE("every command that reads or writes tables names their directory --tables", "[cli]") {
  for (std::string cmd : {"gen", "probe", "info", "verify", "move-quality", "train-eval", "play",
                          "connect", "serve"}) {
    INFO(cmd);
    ChildResult help = run_ewn({cmd, "--help"});
    CHECK(help.exit_code == 0);
    CHECK_THAT(help.out, Catch::Contains("--tables"));
  }
}

TEST_CASE("complete_up_to: the C API's and ewn info's", "[c_api][cli]") {
  const fs::path& dir = generated_set(3);
  ewn_tablebase* tb = ewn_tb_open(dir.c_str(), nullptr, 0);
  REQUIRE(tb);
  ChildResult info = run_ewn({"info", "--json", "--quick", "--tables", dir.string()});
  REQUIRE(info.exit_code == 0);
  CHECK(nlohmann::json::parse(info.out)["complete_up_to"] == ewn_tb_complete_up_to(tb));
  ewn_tb_close(tb);
}

TEST_CASE("ewn probe exits with the C API's code of the same failure", "[c_api][cli]") {
  TempDir copy("vocabulary-damaged");
  fs::copy(generated_set(3), copy.path(), fs::copy_options::recursive);
  fs::resize_file(copy.path() / "1v1.ewt", 10);
  ewn_tablebase* tb = ewn_tb_open(copy.path().c_str(), nullptr, 0);
  REQUIRE(tb);
  for (const char* position :
       {"r14/5/5/5/4b1 r", "r1r2/5/5 r", "r1r23/5/2b3b41/5/5 r", "5/5/5/r1b13/5 r"}) {
    INFO(position);
    double value = 0;
    int code = ewn_tb_value(tb, position, &value);
    ChildResult probe = run_ewn({"probe", "--tables", copy.path().string(), position});
    CHECK(probe.exit_code == code);
  }
  ewn_tb_close(tb);
}

TEST_CASE("the setup advisor: the C API's documents are ewn setup --json's", "[c_api][cli]") {
  TempDir dir("vocabulary-setups");
  std::string matrix = (dir.path() / "m.ewns").string();
  REQUIRE(
      run_ewn({"setup", "make", "--matrix", matrix, "--depth", "1", "--classes", "4"}).exit_code ==
      0);
  int code = -1;
  char err[512];
  ewn_setups* s = ewn_setups_open(matrix.c_str(), &code, err, sizeof err);
  REQUIRE(s);
  char buf[8192];
  size_t needed = 0;
  REQUIRE(ewn_setups_reply_json(s, "654312", 2, buf, sizeof buf, &needed) == EWN_OK);
  CHECK(std::string(buf) + "\n" ==
        run_ewn({"setup", "reply", "654312", "--count", "2", "--json", "--matrix", matrix}).out);
  REQUIRE(ewn_setups_best_json(s, 3, buf, sizeof buf, &needed) == EWN_OK);
  CHECK(std::string(buf) + "\n" ==
        run_ewn({"setup", "best", "--count", "3", "--json", "--matrix", matrix}).out);
  REQUIRE(ewn_setups_equilibrium_json(s, buf, sizeof buf, &needed) == EWN_OK);
  CHECK(std::string(buf) + "\n" ==
        run_ewn({"setup", "equilibrium", "--json", "--matrix", matrix}).out);
  CHECK(ewn_setups_equilibrium_json(s, buf, 10, &needed) == EWN_E_BUFFER);
  CHECK(needed > 10);
  CHECK(ewn_setups_reply_json(s, "1625x4", 2, buf, sizeof buf, &needed) == EWN_E_ARGUMENT);
  CHECK_THAT(ewn_last_error(), Catch::Contains("character 5 is not a digit 1-6"));
  ewn_setups_close(s);
  CHECK_FALSE(ewn_setups_open((dir.path() / "none").c_str(), &code, err, sizeof err));
  CHECK(code == EWN_E_TABLE);
  CHECK_THAT(err, Catch::Contains("missing (make it with: ewn setup make --matrix"));
}
