// `ewn analyse` as users and scripts meet it: the document of the library, the text, every game of
// a log, and the messages and exit codes of games, files and tables that are not right.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include <fstream>
#include "analysis_answer.h"
#include "analysis_games.h"
#include "cli_run.h"
#include "game_analysis.h"
#include "generated_set.h"
#include "tablebase_values.h"
#include "temp_dir.h"

using namespace ewn;
using namespace ewn::test;
namespace fs = std::filesystem;

namespace {

fs::path game_file(const TempDir& dir, const std::string& name, const std::string& text) {
  fs::path p = dir.path() / name;
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

}  // namespace

TEST_CASE("ewn analyse --json prints the library's document", "[cli][analysis]") {
  TempDir dir("analyse-json");
  fs::path game = game_file(dir, "game.txt", kBlunderGame);
  std::string tables = generated_set(3).string();
  ChildResult r = run_ewn({"analyse", game.string(), "--tables", tables, "--json"});
  REQUIRE(r.exit_code == 0);
  AnalysisEngine engine;
  engine.tables = open_tablebase(tables);
  Json expected = analysis_answer(analyse_game(read_game(kBlunderGame), engine, {}));
  CHECK(nlohmann::ordered_json::parse(r.out) == expected);
  // From stdin too, with the same answer.
  ChildOptions from_file;
  from_file.input = game;
  ChildResult piped =
      run_ewn({"analyse", "--tables", tables, "--json"}, std::chrono::seconds(60), from_file);
  CHECK(piped.exit_code == 0);
  CHECK(piped.out == r.out);
}

TEST_CASE("ewn analyse's text: turns, marks, chart and the sides' sums", "[cli][analysis]") {
  TempDir dir("analyse-text");
  fs::path game = game_file(dir, "game.txt", kBlunderGame);
  ChildResult r = run_ewn({"analyse", game.string(), "--tables", generated_set(3).string()});
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("Game 1 (list), 5 turns, Red won"));
  CHECK_THAT(r.out, Catch::Contains("   1 Red    2 c3d3  0.992  +0.008  0.000  c3d2   1.000  "
                                    "1.000  blunder"));
  CHECK_THAT(r.out, Catch::Contains("Red's win probability before each turn"));
  CHECK_THAT(r.out, Catch::Contains("      XX     marks: X blunder"));
  CHECK_THAT(r.out, Catch::Contains("Blue   "));
}

TEST_CASE("ewn analyse --all: every game of a match log, one document a line", "[cli][analysis]") {
  TempDir dir("analyse-all");
  fs::path log = dir.path() / "match.log";
  ChildResult match = run_ewn({"match", "--a", "greedy", "--b", "random", "--games", "4", "--seed",
                               "7", "--log", log.string(), "--quiet"});
  REQUIRE(match.exit_code == 0);
  ChildResult r =
      run_ewn({"analyse", log.string(), "--all", "--json", "--tables", "none", "--nodes", "1000"});
  REQUIRE(r.exit_code == 0);
  std::istringstream lines(r.out);
  int n = 0;
  for (std::string line; std::getline(lines, line); ++n) {
    auto j = nlohmann::json::parse(line);
    CHECK(j["game"] == n + 1);
    CHECK(j["games"] == 4);
    CHECK(j["format"] == "match log");
    CHECK(j["turns"][0]["source"] == "estimate");
  }
  CHECK(n == 4);
  ChildResult missing = run_ewn({"analyse", log.string(), "--game", "9", "--tables", "none"});
  CHECK(missing.exit_code == 13);  // as the C API's EWN_E_GAME
  CHECK_THAT(missing.err,
             Catch::Contains("the match log holds no game 9 (it holds games 1, 2, 3, 4)"));
}

TEST_CASE("ewn analyse: what is wrong, and where", "[cli][analysis]") {
  TempDir dir("analyse-errors");
  fs::path bad = game_file(dir, "bad.txt", "5/1r13/2r22/3b11/5 r\nr 2 c3d3\nb 4 d2b1\n");
  ChildResult r = run_ewn({"analyse", bad.string(), "--tables", "none"});
  CHECK(r.exit_code == 13);  // a game text that cannot be read
  CHECK(r.err == "ewn analyse: " + bad.string() +
                     ": line 3: d2b1 is not a legal move for Blue with die 4 (legal: d2c2 d2d3 "
                     "d2c3)\n");
  CHECK(r.out.empty());

  ChildResult absent =
      run_ewn({"analyse", (dir.path() / "absent.txt").string(), "--tables", "none"});
  CHECK(absent.exit_code == 2);
  CHECK_THAT(absent.err, Catch::Contains("cannot read the game file"));

  fs::path game = game_file(dir, "game.txt", kBlunderGame);
  ChildResult no_tables =
      run_ewn({"analyse", game.string(), "--tables", (dir.path() / "nowhere").string()});
  CHECK(no_tables.exit_code == 7);  // no such directory
  CHECK_THAT(no_tables.err, Catch::Contains("no such directory"));
  CHECK_THAT(no_tables.err, Catch::Contains("ewn gen"));

  // A damaged table: exit 4, naming the file.
  TempDir copy("analyse-damaged");
  fs::copy(generated_set(3), copy.path(), fs::copy_options::recursive);
  fs::resize_file(copy.path() / "12v1.ewt", 100);
  ChildResult damaged = run_ewn({"analyse", game.string(), "--tables", copy.path().string()});
  CHECK(damaged.exit_code == 4);
  CHECK_THAT(damaged.err, Catch::Contains("12v1.ewt"));
}
