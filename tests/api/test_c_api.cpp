// The C API (api/include/ewn/ewn.h): the same answers as the Tablebase and the probe report,
// every error as a code with its message, and threads sharing one handle.
#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "ewn/ewn.h"
#include "failure.h"
#include "generated_set.h"
#include "index.h"
#include "movegen.h"
#include "notation.h"
#include "probe_answer.h"
#include "random_position.h"
#include "table_format.h"
#include "tablebase.h"
#include "temp_dir.h"

using namespace ewn;
namespace fs = std::filesystem;

namespace {

struct OpenTables {
  explicit OpenTables(const fs::path& dir) {
    char err[256] = "unset";
    tb = ewn_tb_open(dir.c_str(), err, sizeof err);
    REQUIRE(tb != nullptr);
    CHECK(std::string(err).empty());
  }
  ~OpenTables() { ewn_tb_close(tb); }
  ewn_tablebase* tb = nullptr;
};

// Random covered positions (<= 3 pieces), with a die now and then and a decided one or two.
std::vector<std::string> sample_positions(int count, uint64_t seed) {
  Rng rng(seed);
  std::vector<std::string> out;
  while (int(out.size()) < count) {
    Position pos = random_position(rng, 2 + int(rng.below(2)));
    std::optional<int> die;
    if (rng.below(3) == 0) die = rng.die();
    out.push_back(format_position(pos, die));
  }
  out.emplace_back("5/5/2b32/5/4r1 b");  // decided: red stands on its goal
  return out;
}

std::string probe_json(const ewn_tablebase* tb, const std::string& pos, int expect_code) {
  char buf[4096];
  size_t needed = 0;
  REQUIRE(ewn_tb_probe_json(tb, pos.c_str(), buf, sizeof buf, &needed) == expect_code);
  CHECK(needed == std::strlen(buf) + 1);
  return buf;
}

}  // namespace

TEST_CASE("the C API answers as the tables and `ewn probe` do", "[c_api]") {
  const fs::path& dir = test::generated_set(3);
  OpenTables open(dir);
  Tablebase tb(dir);
  CHECK(ewn_tb_complete_up_to(open.tb) == 3);
  for (const std::string& text : sample_positions(300, 11)) {
    INFO(text);
    ParsedPosition parsed = parse_position(text);
    double v = -1;
    REQUIRE(ewn_tb_value(open.tb, text.c_str(), &v) == EWN_OK);
    CHECK(v == *tb.value(parsed.position));
    CHECK(probe_json(open.tb, text, EWN_OK) == json_text(probe_answer(tb, text).json));
    for (int die = 1; die <= 6; ++die) {
      ewn_move_value moves[EWN_MAX_DIE_MOVES];
      int n = -1;
      int rc = ewn_tb_moves(open.tb, text.c_str(), die, moves, &n);
      if (parsed.die && *parsed.die != die) {
        CHECK(rc == EWN_E_ARGUMENT);
        continue;
      }
      REQUIRE(rc == EWN_OK);
      auto expected = *tb.best_moves(parsed.position, die);
      REQUIRE(n == int(expected.size()));
      for (int i = 0; i < n; ++i) {
        CHECK(moves[i].move == format_move(expected[i].move));
        CHECK(moves[i].move_value == expected[i].value);
        CHECK(moves[i].wins == int(expected[i].wins));
      }
      char best[EWN_MOVE_TEXT_MAX];
      rc = ewn_tb_best_move(open.tb, text.c_str(), die, best);
      if (parsed.position.winner()) {
        CHECK(rc == EWN_E_GAME_OVER);
      } else {
        REQUIRE(rc == EWN_OK);
        CHECK(std::string(best) == moves[0].move);
      }
    }
    // Die 0: the die the position names.
    ewn_move_value moves[EWN_MAX_DIE_MOVES];
    int n = 0;
    CHECK(ewn_tb_moves(open.tb, text.c_str(), 0, moves, &n) ==
          (parsed.die ? EWN_OK : EWN_E_ARGUMENT));
  }
}

TEST_CASE("the C API reports errors by code and message", "[c_api]") {
  const fs::path& dir = test::generated_set(3);
  OpenTables open(dir);
  double v = 0;

  SECTION("a malformed position: the message of `ewn probe`") {
    CHECK(ewn_tb_value(open.tb, "r1r2/5/5 r", &v) == EWN_E_POSITION);
    std::string message = ewn_last_error();
    CHECK(message.rfind("bad position: ", 0) == 0);
    std::string json = probe_json(open.tb, "r1r2/5/5 r", EWN_E_POSITION);
    CHECK(Json::parse(json)["error"] == message);
    CHECK(std::string(ewn_strerror(EWN_E_POSITION)) == "bad position");
  }
  SECTION("more pieces than the tables cover, with the command that makes them") {
    const char* four = "r1r23/5/2b3b41/5/5 r";
    CHECK(ewn_tb_value(open.tb, four, &v) == EWN_E_NOT_COVERED);
    CHECK(std::string(ewn_last_error()).find("ewn gen --pieces 4") != std::string::npos);
    ewn_move_value moves[EWN_MAX_DIE_MOVES];
    int n = 0;
    CHECK(ewn_tb_moves(open.tb, four, 3, moves, &n) == EWN_E_NOT_COVERED);
    probe_json(open.tb, four, EWN_E_NOT_COVERED);
  }
  SECTION("null pointers, bad dice, small buffers") {
    CHECK(ewn_tb_value(nullptr, "5/5/5/5/5 r", &v) == EWN_E_ARGUMENT);
    CHECK(ewn_tb_value(open.tb, nullptr, &v) == EWN_E_ARGUMENT);
    CHECK(ewn_tb_value(open.tb, "r14/5/5/5/4b1 r", nullptr) == EWN_E_ARGUMENT);
    ewn_move_value moves[EWN_MAX_DIE_MOVES];
    int n = 0;
    CHECK(ewn_tb_moves(open.tb, "r14/5/5/5/3b11 r", 7, moves, &n) == EWN_E_ARGUMENT);
    CHECK(std::string(ewn_last_error()).find("die 7") != std::string::npos);
    char small[8];
    size_t needed = 0;
    CHECK(ewn_tb_probe_json(open.tb, "r14/5/5/5/3b11 r", small, sizeof small, &needed) ==
          EWN_E_BUFFER);
    CHECK(needed > sizeof small);
    CHECK(ewn_tb_complete_up_to(nullptr) == 0);
  }
  SECTION("a missing directory") {
    char err[256];
    int code = 0;
    CHECK(ewn_tb_open_ex("/nonexistent/ewn-tables", 0, &code, err, sizeof err) == nullptr);
    CHECK(code == EWN_E_DIRECTORY);
    CHECK(std::string(err) == "/nonexistent/ewn-tables: no such directory");
    // NULL: $EWN_TABLES, else data, as the program; here neither is there.
    ::unsetenv("EWN_TABLES");
    CHECK(ewn_tb_open_ex(nullptr, 0, &code, err, sizeof err) == nullptr);
    CHECK(code == EWN_E_DIRECTORY);
    CHECK(std::string(err) == "data: no such directory");
    ::setenv("EWN_TABLES", "/nonexistent/ewn-tables", 1);
    CHECK(ewn_tb_open_ex(nullptr, 0, &code, err, sizeof err) == nullptr);
    CHECK(std::string(err) == "/nonexistent/ewn-tables: no such directory");
    ::unsetenv("EWN_TABLES");
    CHECK(ewn_tb_open("/nonexistent/ewn-tables", nullptr, 0) == nullptr);
  }
  SECTION("a file given for the directory: its own code, not a missing directory's") {
    char err[256];
    int code = 0;
    fs::path file = dir / table_file_name(*parse_material_class("1v1"));
    CHECK(ewn_tb_open_ex(file.c_str(), 0, &code, err, sizeof err) == nullptr);
    CHECK(code == EWN_E_NOT_DIRECTORY);
    CHECK(std::string(err) == file.string() + ": not a directory");
  }
  SECTION("a damaged table: the message names the file") {
    test::TempDir copy("c-api-damaged");
    fs::copy(dir, copy.path(), fs::copy_options::recursive);
    const char* text = "r14/5/5/5/3b11 r";
    fs::path file =
        copy.path() / table_file_name(canonical_key(parse_position(text).position).material);
    fs::resize_file(file, 10);
    OpenTables damaged(copy.path());
    CHECK(ewn_tb_value(damaged.tb, text, &v) == EWN_E_TABLE);
    CHECK(std::string(ewn_last_error()).find(file.string()) != std::string::npos);
  }
}

TEST_CASE("the C API's positions: parse, format, moves, play, winner", "[c_api]") {
  ewn_position pos;
  const char* start = "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r 5";
  REQUIRE(ewn_position_parse(start, &pos) == EWN_OK);
  CHECK(pos.side == EWN_RED);
  CHECK(pos.die == 5);
  CHECK(pos.board[0] == 1);
  CHECK(pos.board[24] == 7);
  char text[EWN_POSITION_TEXT_MAX];
  REQUIRE(ewn_position_format(&pos, text, sizeof text) == EWN_OK);
  CHECK(std::string(text) == start);
  CHECK(ewn_position_format(&pos, text, 5) == EWN_E_BUFFER);

  char moves[EWN_MAX_DIE_MOVES][EWN_MOVE_TEXT_MAX];
  int n = 0;
  REQUIRE(ewn_position_moves(&pos, 0, moves, &n) == EWN_OK);
  ParsedPosition parsed = parse_position(start);
  MoveList legal = legal_moves(parsed.position, 5);
  REQUIRE(n == legal.size);
  for (int i = 0; i < n; ++i) CHECK(moves[i] == format_move(legal.moves[i]));
  CHECK(ewn_position_moves(&pos, 4, moves, &n) == EWN_E_ARGUMENT);  // the position names 5

  CHECK(ewn_position_play(&pos, "a5a4") == EWN_E_ARGUMENT);  // piece 1 is not die 5's
  CHECK(std::string(ewn_last_error()) == "a5a4 is not a legal move in " + std::string(start));
  CHECK(ewn_position_play(&pos, "zz") == EWN_E_POSITION);
  REQUIRE(ewn_position_play(&pos, moves[0]) == EWN_OK);
  CHECK(pos.side == EWN_BLUE);
  CHECK(pos.die == 0);
  Position after = parsed.position;
  after.play(legal.moves[0]);
  REQUIRE(ewn_position_format(&pos, text, sizeof text) == EWN_OK);
  CHECK(std::string(text) == format_position(after));

  int winner = 7;
  REQUIRE(ewn_position_winner(&pos, &winner) == EWN_OK);
  CHECK(winner == -1);
  REQUIRE(ewn_position_parse("5/5/2b32/5/4r1 b", &pos) == EWN_OK);
  REQUIRE(ewn_position_winner(&pos, &winner) == EWN_OK);
  CHECK(winner == EWN_RED);
  CHECK(ewn_position_moves(&pos, 1, moves, &n) == EWN_OK);
  CHECK(n == 0);
  CHECK(ewn_position_play(&pos, "e1d1") == EWN_E_GAME_OVER);

  // Taking the last enemy piece: decided, with no notation.
  REQUIRE(ewn_position_parse("r14/b14/5/5/5 r 1", &pos) == EWN_OK);
  REQUIRE(ewn_position_play(&pos, "a5a4") == EWN_OK);
  REQUIRE(ewn_position_winner(&pos, &winner) == EWN_OK);
  CHECK(winner == EWN_RED);
  CHECK(ewn_position_format(&pos, text, sizeof text) == EWN_E_POSITION);
  CHECK(std::string(ewn_last_error()).find("Blue has no pieces") == 0);
  CHECK(ewn_position_moves(&pos, 2, moves, &n) == EWN_OK);
  CHECK(n == 0);

  SECTION("a struct that is no position") {
    ewn_position bad{};
    bad.board[3] = 13;
    CHECK(ewn_position_format(&bad, text, sizeof text) == EWN_E_POSITION);
    CHECK(std::string(ewn_last_error()).find("d5 holds code 13") != std::string::npos);
    bad.board[3] = 2;
    bad.board[4] = 2;
    CHECK(ewn_position_format(&bad, text, sizeof text) == EWN_E_POSITION);
    bad.board[4] = 0;
    bad.side = 2;
    CHECK(ewn_position_winner(&bad, &winner) == EWN_E_POSITION);
    CHECK(ewn_position_parse("r1/5", nullptr) == EWN_E_ARGUMENT);
    CHECK(ewn_position_parse("r1/5", &bad) == EWN_E_POSITION);
  }
}

TEST_CASE("the C API's engine plays legal moves and the tables' best", "[c_api]") {
  const fs::path& dir = test::generated_set(3);
  int code = -1;
  char err[256];
  ewn_engine* engine = ewn_engine_open(dir.c_str(), 50, &code, err, sizeof err);
  REQUIRE(engine != nullptr);
  CHECK(code == EWN_OK);
  OpenTables open(dir);
  for (std::string text : {"r1r23/5/5/5/4b1 r 2", "r14/5/2b32/5/5 b 3"}) {
    ewn_engine_choice choice;
    REQUIRE(ewn_engine_search(engine, text.c_str(), 0, &choice) == EWN_OK);
    ewn_move_value best[EWN_MAX_DIE_MOVES];
    int n = 0;
    REQUIRE(ewn_tb_moves(open.tb, text.c_str(), 0, best, &n) == EWN_OK);
    CHECK(choice.move_value == best[0].move_value);  // covered: the tables' value of its move
    CHECK(choice.exact == 1);
    // best_move: the move alone, the same shape from the engine as from the tables.
    char move[EWN_MOVE_TEXT_MAX];
    REQUIRE(ewn_engine_best_move(engine, text.c_str(), 0, move) == EWN_OK);
    CHECK(std::strlen(move) == 4);
    REQUIRE(ewn_tb_best_move(open.tb, text.c_str(), 0, move) == EWN_OK);
    CHECK(std::string(move) == best[0].move);
  }
  ewn_engine_choice choice;
  CHECK(ewn_engine_search(engine, "5/5/2b32/5/4r1 b", 1, &choice) == EWN_E_GAME_OVER);
  CHECK(ewn_engine_search(engine, "r1r2/5 r", 1, &choice) == EWN_E_POSITION);
  ewn_engine_close(engine);

  // Without tables: a searched, legal move.
  engine = ewn_engine_open(nullptr, 50, &code, err, sizeof err);
  REQUIRE(engine != nullptr);
  const char* start = "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r";
  REQUIRE(ewn_engine_search(engine, start, 6, &choice) == EWN_OK);
  CHECK(legal_moves(parse_position(start).position, 6).contains(parse_move(choice.move)));
  CHECK(choice.depth >= 1);
  ewn_engine_close(engine);

  CHECK(ewn_engine_open(nullptr, 0, &code, err, sizeof err) == nullptr);
  CHECK(code == EWN_E_ARGUMENT);
  CHECK(std::string(err) == "movetime_ms 0: give 1 to 86400000 (a day)");
  CHECK(ewn_engine_open("/nonexistent/ewn-tables", 1, &code, err, sizeof err) == nullptr);
  CHECK(code == EWN_E_DIRECTORY);
  CHECK(std::string(ewn_version()).find('.') != std::string::npos);
}

TEST_CASE("threads sharing one C API handle get the one-thread answers", "[c_api][concurrency]") {
  OpenTables open(test::generated_set(3));
  std::vector<std::string> positions = sample_positions(400, 5);
  std::vector<std::string> expected;
  for (const std::string& p : positions) expected.push_back(probe_json(open.tb, p, EWN_OK));
  std::vector<int> mismatches(8, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      char buf[4096];
      for (size_t i = 0; i < positions.size(); ++i) {
        size_t k = (i * 7 + size_t(t) * 53) % positions.size();
        if (ewn_tb_probe_json(open.tb, positions[k].c_str(), buf, sizeof buf, nullptr) != EWN_OK ||
            expected[k] != buf)
          ++mismatches[t];
      }
    });
  for (auto& th : threads) th.join();
  for (int m : mismatches) CHECK(m == 0);
}

TEST_CASE("C API: ewn_strerror gives the map's words, one text per failure kind", "[api]") {
  std::set<std::string> texts;
  for (const FailureWays& w : failure_table()) {
    std::optional<Failure> f = failure_of_c_code(w.c_code);
    REQUIRE(f);
    // A code several failures share (EWN_E_INTERNAL) names the one failure_of_c_code chooses.
    CHECK(std::string(ewn_strerror(w.c_code)) == ways_of(*f).meaning);
    if (*f == w.failure) CHECK(texts.insert(w.meaning).second);
  }
  CHECK(std::string(ewn_strerror(EWN_OK)) == "success");
  CHECK(std::string(ewn_strerror(-1)) == "unknown error code");
  CHECK(std::string(ewn_strerror(EWN_E_TABLE)) == ways_of(Failure::DamagedTable).meaning);
}
