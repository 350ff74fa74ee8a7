// `ewn analyse` as users and scripts meet it: the document of the library, the text, every game of
// a log, and the messages and exit codes of games, files and tables that are not right.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "analysis_answer.h"
#include "analysis_games.h"
#include "cli_run.h"
#include "failure.h"
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

// The paths of the keys that start with "error" in `j`, outside not_analysed (a message there).
static std::vector<std::string> keys_named_error(const nlohmann::json& j,
                                                 const std::string& at = "") {
  std::vector<std::string> found;
  if (j.is_array())
    for (const auto& e : j) {
      auto inner = keys_named_error(e, at + "[]");
      found.insert(found.end(), inner.begin(), inner.end());
    }
  if (!j.is_object()) return found;
  for (const auto& [key, value] : j.items()) {
    if (key == "not_analysed") continue;
    if (key.rfind("error", 0) == 0) found.push_back(at + "." + key);
    auto inner = keys_named_error(value, at + "." + key);
    found.insert(found.end(), inner.begin(), inner.end());
  }
  return found;
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
  std::vector<nlohmann::json> docs;
  for (std::string line; std::getline(lines, line);) docs.push_back(nlohmann::json::parse(line));
  REQUIRE(docs.size() == 5);  // the games, then the totals
  for (int n = 0; n < 4; ++n) {
    const auto& j = docs[size_t(n)];
    CHECK(j["game"] == n + 1);
    CHECK(j["games"] == 4);
    CHECK(j["format"] == "match log");
    CHECK(j["turns"][0]["source"] == "estimate");
  }
  const auto& summary = docs[4]["summary"];
  CHECK(summary["games"] == 4);
  CHECK(summary["game_ends"]["board"] == 4);
  REQUIRE(summary["players"].size() == 2);
  CHECK(summary["players"][0]["games"] == 4);
  int wins = 0, choices = 0;
  for (const auto& p : summary["players"]) wins += p["wins"].get<int>();
  for (const auto& row : summary["players"][0]["by_pieces"]) choices += row["choices"].get<int>();
  CHECK(wins == 4);
  CHECK(choices == summary["players"][0]["choices"]);
  // The value a move gave away is value_lost everywhere; `error` is only ever a failure's message.
  for (const auto& doc : docs) CHECK(keys_named_error(doc).empty());
  CHECK(summary["players"][0]["by_pieces"][0].contains("value_lost_mean"));
  CHECK(docs[0]["sides"]["r"].contains("value_lost_mean_se"));
  CHECK(docs[0]["turns"][0].contains("value_lost"));
  // The text ends with the same totals.
  ChildResult text =
      run_ewn({"analyse", log.string(), "--all", "--tables", "none", "--nodes", "1000"});
  REQUIRE(text.exit_code == 0);
  CHECK_THAT(text.out, Catch::Contains("All 4 games: 4 on the board\n"));
  CHECK_THAT(text.out,
             Catch::Contains("Value lost per move with a choice by the pieces on the board"));
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
  fs::resize_file(copy.path() / "12v1.ewt", 100);  // it answers for 1v12 too (format 3)
  ChildResult damaged = run_ewn({"analyse", game.string(), "--tables", copy.path().string()});
  CHECK(damaged.exit_code == 4);
  CHECK_THAT(damaged.err, Catch::Contains("12v1.ewt"));
}

TEST_CASE("ewn analyse --all: games lost on time or by an illegal move are analysed too",
          "[cli][analysis]") {
  TempDir dir("analyse-ends");
  fs::path log = game_file(dir, "match.log",
                           "game 1 round 1 red=A blue=B first=red\nA greedy\nB random\n"
                           "setup 5/1r13/2r22/3b11/5 r\ndice 2 4 5\nmoves c3d3 d2c2 d3e2\n"
                           "times 0.1 0.0 9.9\nresult blue B time\n\n"
                           "game 2 round 1 red=B blue=A first=red\nA greedy\nB random\n"
                           "setup 5/1r13/2r22/3b11/5 r\ndice 2 4 5\nmoves c3d3 d2c2\n"
                           "times 0.1 0.0\nresult blue A illegal\n\n"
                           "game 3 round 2 red=A blue=B first=red\nA greedy\nB random\n"
                           "setup 5/1r13/2r22/3b11/5 r\ndice 2\nmoves c3d2\ntimes 0.0\n"
                           "result blue B goal\n\n"
                           // A line that cannot be read: this game alone is not analysed.
                           "game 4 round 2 red=B blue=A first=red\nA greedy\nB random\n"
                           "setup 5/1r13/2r22/3b11/5 r\ndice 2 4\nmoves c3d3 zz99\n"
                           "times 0.0 0.0\nresult red B goal\n\n"
                           "game 5 round 3 red=A blue=B first=red\nA greedy\nB random\n"
                           "setup 5/1r13/2r22/3b11/5 r\ndice 2\nmoves c3d2\ntimes 0.0\n"
                           "result red A goal\n");
  std::string tables = generated_set(3).string();
  ChildResult r = run_ewn({"analyse", log.string(), "--all", "--json", "--tables", tables});
  // Game 3 states a result its moves do not give: named, and the others are still analysed; the
  // exit code is that of a game text that cannot be read.
  CHECK(r.exit_code == ways_of(Failure::BadGameText).exit_code);
  CHECK(r.err == "ewn analyse: " + log.string() +
                     ": game 3: line 26: the text says Blue won, but the moves give Red the win "
                     "(not analysed)\n"
                     "ewn analyse: " +
                     log.string() +
                     ": game 4: line 33: bad move 'zz99': a move is a from- and a to-square, "
                     "e.g. a5b4 (not analysed)\n");
  std::istringstream lines(r.out);
  std::vector<nlohmann::json> docs;
  for (std::string line; std::getline(lines, line);) docs.push_back(nlohmann::json::parse(line));
  REQUIRE(docs.size() == 4);
  CHECK(docs[0]["game_end"] == "time");
  CHECK(docs[0]["winner"] == "b");
  CHECK(docs[0]["turns"].size() == 3);
  CHECK(docs[1]["game_end"] == "illegal_move");
  CHECK(docs[1]["turns"].size() == 2);
  CHECK(docs[2]["game"] == 5);
  // The summary names the games not analysed, with the line and what is wrong there.
  const nlohmann::json& unread = docs[3]["summary"]["not_analysed"];
  REQUIRE(unread.size() == 2);
  CHECK(unread[0]["game"] == 3);
  CHECK(unread[0]["line"] == 26);
  CHECK(unread[1] == nlohmann::json{{"game", 4},
                                    {"line", 33},
                                    {"error",
                                     "line 33: bad move 'zz99': a move is a from- and a "
                                     "to-square, e.g. a5b4"}});
  ChildResult all_text = run_ewn({"analyse", log.string(), "--all", "--tables", tables});
  CHECK(all_text.exit_code == ways_of(Failure::BadGameText).exit_code);
  CHECK_THAT(all_text.out, Catch::Contains("All 3 games:"));
  CHECK_THAT(all_text.out, Catch::Contains("Not analysed: game 4, line 33: bad move 'zz99'"));
  fs::path html = dir.path() / "report.html";
  ChildResult report =
      run_ewn({"analyse", log.string(), "--all", "--tables", tables, "--html", html.string()});
  CHECK(report.exit_code == ways_of(Failure::BadGameText).exit_code);
  std::ifstream page(html);
  std::string page_text((std::istreambuf_iterator<char>(page)), std::istreambuf_iterator<char>());
  CHECK_THAT(page_text, Catch::Contains("Not analysed: game 4, line 33: bad move"));

  ChildResult text = run_ewn({"analyse", log.string(), "--game", "1", "--tables", tables});
  CHECK(text.exit_code == 0);
  CHECK_THAT(text.out, Catch::Contains("Game 1 of 5 (match log), 3 turns, Blue won on time"));
}

TEST_CASE("ewn analyse: the text names the roll's luck and an assumed die", "[cli][analysis]") {
  TempDir dir("analyse-marks");
  std::string tables = generated_set(3).string();
  fs::path one = game_file(dir, "one.txt", "5/1r13/2r22/3b11/5 r\nr ? c3d2\n");
  ChildResult r = run_ewn({"analyse", one.string(), "--tables", tables});
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("Game 1 (list), 1 turn, Red won on the board"));
  // c3d2 wins with 2 (and 3): the die assumed is the first of those, shown after the ?.
  CHECK_THAT(r.out, Catch::Contains("   1 Red   ?2 c3d2"));
  CHECK_THAT(r.out, Catch::Contains("?N: the die is not in the record"));
  // Red wins at once with a 1 and loses at once with any other die: a very lucky roll.
  fs::path lucky = game_file(dir, "lucky.txt", "4r2/1b13/5/3r11/5 r\nr 1 d2e1\n");
  ChildResult shown = run_ewn({"analyse", lucky.string(), "--tables", tables});
  REQUIRE(shown.exit_code == 0);
  CHECK_THAT(shown.out, Catch::Contains("   1 Red    1 d2e1  0.167  +0.833  1.000  d2e1   1.000  "
                                        "0.000              very lucky\n"));
}

TEST_CASE("ewn analyse: a directory, --game 0 and 32 MB of NUL bytes", "[cli][analysis]") {
  TempDir dir("analyse-input");
  ChildResult folder = run_ewn({"analyse", dir.path().string(), "--tables", "none"});
  CHECK(folder.exit_code == 2);
  CHECK(folder.err ==
        "ewn analyse: '" + dir.path().string() + "' is a directory, not a game file\n");
  ChildResult zero = run_ewn({"analyse", "--game", "0", "--tables", "none"});
  CHECK(zero.exit_code != 0);
  CHECK(zero.err.size() < 200);
  CHECK_THAT(zero.err, Catch::Contains("--game"));
  fs::path nuls = game_file(dir, "nuls.txt", std::string(32u << 20, '\0'));
  ChildOptions from_file;
  from_file.input = nuls;
  ChildResult r = run_ewn({"analyse", "--tables", "none"}, std::chrono::seconds(60), from_file);
  CHECK(r.exit_code == ways_of(Failure::BadGameText).exit_code);
  CHECK_THAT(r.err, Catch::StartsWith("ewn analyse: stdin: line 1: a line of 33554432 characters"));
  CHECK(r.err.size() < 200);
}
