// `ewn probe` as a script reads it: the value after a rolled die, and JSON that stays valid
// whatever bytes the input holds.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli_run.h"
#include "failure.h"
#include "generated_set.h"
#include "printable.h"

using namespace ewn;
using namespace ewn::test;
using nlohmann::json;

namespace {

std::string fixed6(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6f", v);
  return buf;
}

// Lines of output hold nothing printable() would escape.
bool safe_to_print(std::string text) {
  std::erase(text, '\n');
  return printable(text) == text;
}

}  // namespace

TEST_CASE("probe with a rolled die answers for that die", "[cli]") {
  std::string tables = generated_set(3).string();
  ChildResult before = run_ewn({"probe", "r1r23/5/5/5/3b11 r", "--json", "--tables", tables});
  ChildResult rolled = run_ewn({"probe", "r1r23/5/5/5/3b11 r 2", "--json", "--tables", tables});
  REQUIRE(before.exit_code == 0);
  REQUIRE(rolled.exit_code == 0);
  json b = json::parse(before.out), r = json::parse(rolled.out);
  CHECK(b["die"].is_null());
  CHECK(b["die_value"].is_null());
  CHECK(r["die"] == 2);
  CHECK(r["value"] == b["value"]);
  // The value after rolling 2 is that of the best move for 2 (SPEC section 4).
  json moves = b["dice"][1]["moves"];
  REQUIRE(b["dice"][1]["die"] == 2);
  CHECK(r["die_value"] == moves[0]["move_value"]);
  CHECK(r["die_value"] != r["value"]);
  CHECK(r["dice"].size() == 1);

  ChildResult text = run_ewn({"probe", "r1r23/5/5/5/3b11 r 2", "--tables", tables});
  REQUIRE(text.exit_code == 0);
  double after = r["die_value"], pre = r["value"];
  CHECK_THAT(text.out, Catch::Contains("Red to move, having rolled 2, wins with probability " +
                                       fixed6(after)));
  CHECK_THAT(text.out, Catch::Contains("value before the roll: " + fixed6(pre)));
  CHECK_THAT(text.out, !Catch::Contains("to move wins with probability"));
}

TEST_CASE("JSON errors stay valid UTF-8 whatever the input bytes", "[cli]") {
  std::string tables = generated_set(3).string();
  for (std::string bad :
       {std::string("r1\xff\xfe/5/5/5/5 r"), std::string("\xc3("), std::string("5/5/5/5/5 \x1b[2J"),
        std::string("\xed\xa0\x80 r 7"), std::string("r1r23/5/5/5/3b11 r \x7f")}) {
    INFO(printable(bad));
    ChildResult r = run_ewn({"probe", bad, "--json", "--tables", tables});
    CHECK(r.exit_code == 2);
    json j = json::parse(r.out);  // throws on invalid UTF-8
    CHECK(j["position"] == printable(bad));
    CHECK_THAT(j["error"].get<std::string>(), Catch::StartsWith("bad position: "));
    CHECK(safe_to_print(r.err));
    CHECK(safe_to_print(r.out));
  }
}

TEST_CASE("connect --json: a server that cannot be reached answers the error document", "[cli]") {
  ChildResult r =
      run_ewn({"connect", "--port", "9", "--tables", "none", "--log", "none", "--json"});
  CHECK(r.exit_code == ways_of(Failure::Unavailable).exit_code);
  json j = json::parse(r.out);  // one document, the error's alone (not connect's summary)
  CHECK(j.size() == 2);
  CHECK(j["error_kind"] == "unavailable");
  CHECK_THAT(j["error"].get<std::string>(), Catch::Contains("cannot connect to 127.0.0.1:9"));
  CHECK_FALSE(j.contains("games"));
}
