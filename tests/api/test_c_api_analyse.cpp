// The analysis of a game from C and C++ (ewn_analyse_json, ewn::analyse_json): the document of
// `ewn analyse --json` for the same text, tables and nodes, and every error as a code with its
// message. Only the public headers: what a program using the library sees.
#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "cli_run.h"
#include "ewn/ewn.h"
#include "ewn/ewn.hpp"
#include "temp_dir.h"

namespace fs = std::filesystem;

namespace {

// Four pieces, then three after the capture of the second turn: two turns estimated (the tables
// have three pieces), two from the tables, the last one's die not known.
const std::string kGame =
    "r1r23/5/2b3b41/5/5 r\n"
    "r 2 b5c4\n"
    "b 3 c3c4\n"
    "r 5 a5b4\n"
    "b ? d3c3\n";
constexpr uint64_t kNodes = 2'000;  // small: the test is fast, and the answer the same

struct OpenTables {
  explicit OpenTables(const fs::path& dir) : tb(ewn_tb_open(dir.c_str(), nullptr, 0)) {
    REQUIRE(tb != nullptr);
  }
  ~OpenTables() { ewn_tb_close(tb); }
  ewn_tablebase* tb;
};

// What `ewn analyse --json` prints for `game` (without the newline), with `tables` ("none"
// or a directory); its exit code in `exit_code`.
std::string cli_analysis(const std::string& game, const std::string& tables, int& exit_code) {
  static ewn::test::TempDir scratch("c-api-analyse");
  fs::path file = scratch.path() / "game.txt";
  std::ofstream(file, std::ios::binary) << game;
  ewn::test::ChildResult run = ewn::test::run_ewn(
      {"analyse", file.string(), "--tables", tables, "--nodes", std::to_string(kNodes), "--json"});
  exit_code = run.exit_code;
  if (!run.out.empty() && run.out.back() == '\n') run.out.pop_back();
  return run.out;
}

std::string c_analysis(const ewn_tablebase* tb, const std::string& game) {
  static char buf[1 << 16];
  size_t needed = 0;
  REQUIRE(ewn_analyse_json(tb, game.c_str(), 0, kNodes, 1, buf, sizeof buf, &needed) == EWN_OK);
  CHECK(needed == std::strlen(buf) + 1);
  return buf;
}

// A <= 3 set made by `ewn gen` itself: the generator's headers declare the library's own
// ewn::Position, which a program that sees only the public headers must not meet.
const fs::path& tables_up_to_3() {
  static ewn::test::TempDir dir("c-api-analyse-tables");
  static const int made =
      ewn::test::run_ewn({"gen", "--pieces", "3", "--tables", dir.path().string(), "--quiet"})
          .exit_code;
  REQUIRE(made == 0);
  return dir.path();
}

}  // namespace

TEST_CASE("ewn_analyse_json gives the document of `ewn analyse --json`", "[c_api][cli]") {
  const fs::path& dir = tables_up_to_3();
  OpenTables open(dir);
  int exit_code = -1;
  std::string with_tables = cli_analysis(kGame, dir.string(), exit_code);
  REQUIRE(exit_code == 0);
  CHECK(c_analysis(open.tb, kGame) == with_tables);
  // Both kinds of value are in it: the test compares estimates and exact values alike.
  CHECK_THAT(with_tables, Catch::Contains("\"source\":\"tables\""));
  CHECK_THAT(with_tables, Catch::Contains("\"source\":\"estimate\""));
  std::string without = cli_analysis(kGame, "none", exit_code);
  REQUIRE(exit_code == 0);
  CHECK(c_analysis(nullptr, kGame) == without);
  CHECK(without != with_tables);

  SECTION("the C++ class gives the same, and threads do not change it") {
    ewn::cpp::Tablebase tables(dir.string());
    CHECK(ewn::analyse_json(kGame, &tables, 0, kNodes, 3) == with_tables);
    CHECK(ewn::analyse_json(kGame, nullptr, 1, kNodes) == without);
  }
}

TEST_CASE("ewn_analyse_json keeps a document that did not fit for the call again", "[c_api]") {
  OpenTables open(tables_up_to_3());
  std::string expected = c_analysis(open.tb, kGame);
  char small[16] = "untouched";
  size_t needed = 0;
  CHECK(ewn_analyse_json(open.tb, kGame.c_str(), 0, kNodes, 1, small, sizeof small, &needed) ==
        EWN_E_BUFFER);
  CHECK(needed == expected.size() + 1);
  CHECK(std::string(small) == "untouched");
  CHECK_THAT(ewn_last_error(), Catch::Contains(std::to_string(needed) + " bytes"));
  std::string buf(needed, 'x');
  CHECK(ewn_analyse_json(open.tb, kGame.c_str(), 0, kNodes, 1, buf.data(), needed, nullptr) ==
        EWN_OK);
  CHECK(buf.c_str() == expected);
  // A call asking for another analysis gets it, not the document kept.
  CHECK(ewn_analyse_json(open.tb, kGame.c_str(), 0, kNodes, 1, small, sizeof small, nullptr) ==
        EWN_E_BUFFER);
  CHECK(c_analysis(nullptr, kGame) != expected);
}

TEST_CASE("ewn_analyse_json: a game text that cannot be read, a bad argument", "[c_api][cli]") {
  OpenTables open(tables_up_to_3());
  char buf[4096] = "untouched";
  auto analyse = [&](const char* game, int number, uint64_t nodes, int threads) {
    return ewn_analyse_json(open.tb, game, number, nodes, threads, buf, sizeof buf, nullptr);
  };
  std::string bad_die = kGame.substr(0, kGame.find("r 5")) + "r 7 a5b4\n";
  CHECK(analyse(bad_die.c_str(), 0, kNodes, 1) == EWN_E_GAME);
  CHECK_THAT(ewn_last_error(), Catch::StartsWith("line 4: expected a die 1-6"));
  CHECK(std::string(buf) == "untouched");
  std::string illegal = kGame.substr(0, kGame.find("r 5")) + "r 5 a5c3\n";
  CHECK(analyse(illegal.c_str(), 0, kNodes, 1) == EWN_E_GAME);
  CHECK_THAT(ewn_last_error(), Catch::StartsWith("line 4: "));
  CHECK(analyse(kGame.c_str(), 2, kNodes, 1) == EWN_E_GAME);  // the list holds one game
  CHECK_THAT(ewn_last_error(), Catch::Contains("no game 2"));
  CHECK(analyse("", 0, kNodes, 1) == EWN_E_GAME);
  CHECK(std::string(ewn_strerror(EWN_E_GAME)) == "a game text that cannot be read");
  // `ewn analyse` fails on the same text with the same code (answers/failure.h).
  int exit_code = -1;
  cli_analysis(bad_die, "none", exit_code);
  CHECK(exit_code == EWN_E_GAME);

  CHECK(analyse(nullptr, 0, kNodes, 1) == EWN_E_ARGUMENT);
  CHECK_THAT(ewn_last_error(), Catch::Contains("null"));
  CHECK(analyse(kGame.c_str(), -1, kNodes, 1) == EWN_E_ARGUMENT);
  CHECK(analyse(kGame.c_str(), 0, EWN_ANALYSIS_NODES_MIN - 1, 1) == EWN_E_ARGUMENT);
  CHECK_THAT(ewn_last_error(), Catch::Contains("give 1000 to 20000000"));
  CHECK(analyse(kGame.c_str(), 0, EWN_ANALYSIS_NODES_MAX + 1, 1) == EWN_E_ARGUMENT);
  CHECK(analyse(kGame.c_str(), 0, kNodes, -1) == EWN_E_ARGUMENT);
  CHECK(analyse(kGame.c_str(), 0, kNodes, 257) == EWN_E_ARGUMENT);
  CHECK(std::string(buf) == "untouched");

  try {
    ewn::analyse_json(bad_die);
    FAIL("no exception");
  } catch (const ewn::Error& e) {
    CHECK(e.code() == EWN_E_GAME);
    CHECK_THAT(e.what(), Catch::StartsWith("line 4: "));
  }
}
