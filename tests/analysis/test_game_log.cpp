// The game logs written through their one definition (core/game_log.h, and the programs' own
// writers over it: ewn match's format_game_log, ewn play's format_turn_log and
// format_game_summary) are byte for byte the logs the programs have always written, and read
// back (analysis/game_record.h) to the game that was written.
#include <catch2/catch.hpp>

#include "contest_game.h"
#include "game_log.h"
#include "game_record.h"
#include "match.h"
#include "notation.h"

using namespace ewn;

namespace {

const char* kStart = "5/1r13/2r22/3b11/5 r";

Position start() {
  return parse_position(kStart).position;
}

std::vector<Move> moves_of(std::vector<const char*> texts) {
  std::vector<Move> out;
  for (const char* t : texts) out.push_back(parse_move(t));
  return out;
}

}  // namespace

TEST_CASE("ewn match's log: written once, read back", "[analysis][game_log]") {
  MatchGame g;
  g.number = 2;
  g.round = 1;
  g.a_side = Blue;
  g.setup = start();
  g.dice = {2, 4, 5};
  g.moves = moves_of({"c3d3", "d2c2", "d3e2"});
  g.move_times = {std::chrono::microseconds(100), std::chrono::microseconds(12'345),
                  std::chrono::milliseconds(9'900)};
  g.winner = Blue;
  g.end = GameEnd::Time;
  std::string log = format_game_log(g, "greedy", "expectimax:depth=2");
  CHECK(log ==
        "game 2 round 1 red=B blue=A first=red\n"
        "A greedy\n"
        "B expectimax:depth=2\n"
        "setup 5/1r13/2r22/3b11/5 r\n"
        "dice 2 4 5\n"
        "moves c3d3 d2c2 d3e2\n"
        "times 0.1 12.3 9900.0\n"
        "result blue A time\n\n");
  GameRecord read = read_game(log);
  CHECK(read.format == GameFormat::MatchLog);
  CHECK(read.number == 2);
  CHECK(read.start == g.setup);
  REQUIRE(read.turns.size() == 3);
  for (size_t i = 0; i < 3; ++i) {
    CHECK(read.turns[i].die == g.dice[i]);
    CHECK(read.turns[i].move == g.moves[i]);
  }
  CHECK(read.winner == Blue);
  CHECK(read.game_end == RecordEnd::Time);
  CHECK(read.players[Red] == "expectimax:depth=2");
  CHECK(read.players[Blue] == "greedy");
}

TEST_CASE("ewn play's log: written once, read back", "[analysis][game_log]") {
  ContestGame game;
  game.number = 1;
  game.engine_side = Red;
  game.start = start();
  Position pos = game.start;
  std::vector<int> dice = {2, 4};
  std::vector<Move> moves = moves_of({"c3d3", "d2c2"});
  std::string log = game_log::play_title(true, "engine random") +
                    game_log::play_game_line(1, true, Red, Red, 'A') + game_log::setup_line(pos);
  for (size_t i = 0; i < moves.size(); ++i) {
    ContestTurn t;
    t.before = pos;
    t.die = dice[i];
    t.move = moves[i];
    t.actor = game.actor(pos.to_move);
    t.took = std::chrono::milliseconds(250);
    if (t.actor == Actor::Engine) {
      t.clock_left = std::chrono::milliseconds(239'900);
      t.engine = EngineMove{t.move, 0.5110, false, 2};
    }
    game.turns.push_back(t);
    log += format_turn_log(int(i) + 1, t);
    pos.play(t.move);
  }
  log += game_log::undo_turn_line(2) + format_turn_log(2, game.turns.back());
  log += game_log::declare_line("win", "opponent over time");
  game.winner = Red;
  game.end = "declared opponent over time";
  log += format_game_summary(game) + game_log::match_score_lines(1, 0);
  CHECK(log ==
        "# ewn play --operator: engine random; positions and moves in SPEC section 3 notation\n"
        "game 1 mode=operator engine=red first=red match=bo7 seat=A\n"
        "setup 5/1r13/2r22/3b11/5 r\n"
        "turn 1 5/1r13/2r22/3b11/5 r 2 c3d3 engine time=0.25s clock=3:59.9 move_value=0.5110 "
        "depth=2\n"
        "turn 2 5/1r13/3r21/3b11/5 b 4 d2c2 opponent time=0.25s\n"
        "undo turn 2\n"
        "turn 2 5/1r13/3r21/3b11/5 b 4 d2c2 opponent time=0.25s\n"
        "declare win opponent over time\n"
        "result red engine declared opponent over time\n"
        "start 5/1r13/2r22/3b11/5 r\n"
        "dice 2 4\n"
        "moves c3d3 d2c2\n\n"
        "match engine 1 - 0 opponent\n\n");
  GameRecord read = read_game(log);
  CHECK(read.format == GameFormat::PlayLog);
  REQUIRE(read.turns.size() == 2);
  CHECK(read.turns[1].move == moves[1]);
  CHECK(read.turns[1].die == 4);
  CHECK(read.winner == Red);
  CHECK(read.game_end == RecordEnd::Time);
  CHECK(read.players[Red] == "engine");
  CHECK(read.players[Blue] == "opponent");
}

TEST_CASE("ewn connect's log: written once, read back", "[analysis][game_log]") {
  using namespace game_log;
  Position pos = start();
  Position after = pos;
  after.play(parse_move("c3d3"));
  after.play(parse_move("d2c2"));
  std::string log =
      connect_title("engine random") + connect_line("127.0.0.1:50006", "TEAM") +
      recv_line("[[0, 0]]|2") + connect_game_line(1, Red) +
      connect_turn_line(pos, 2, parse_move("c3d3"), "3|right", 31.4, {0.5017, false, 2}) +
      recv_line("[[0, 0]]|5") + opponent_line(parse_move("d2c2")) +
      connect_turn_line(after, 5, parse_move("d3e2"), "3|rightdown", 0.2, {1.0, true, 0}) +
      connect_result_lines(1, kLostOnTime,
                           "the engine's answer d3e2 came after the server's limit") +
      close_line() + connect_summary_lines(1, 0, 1, 1, 0);
  CHECK(log ==
        "# ewn connect: engine random; positions and moves in SPEC section 3 notation\n"
        "connect 127.0.0.1:50006 id=TEAM\n"
        "recv [[0, 0]]|2\n"
        "game 1 engine=red\n"
        "turn 5/1r13/2r22/3b11/5 r 2 c3d3 send 3|right time=31 ms move_value=0.5017 depth=2\n"
        "recv [[0, 0]]|5\n"
        "opponent d2c2\n"
        "turn 5/1r13/3r21/2b12/5 r 5 d3e2 send 3|rightdown time=0 ms move_value=1.0000 exact\n"
        "result game 1 lost on time (the engine's answer d3e2 came after the server's limit)\n\n"
        "close\n"
        "summary games=1 won=0 lost=1 lost_on_time=1 unfinished=0\n\n");
  GameRecord read = read_game(log);
  CHECK(read.format == GameFormat::ConnectLog);
  REQUIRE(read.turns.size() == 3);
  CHECK(read.turns[1].move == parse_move("d2c2"));
  CHECK_FALSE(read.turns[1].die);
  CHECK(read.winner == Blue);
  CHECK(read.game_end == RecordEnd::Time);
}

TEST_CASE("a log's game that cannot be read is named; the others are read", "[analysis]") {
  std::string log =
      "game 1 round 1 red=A blue=B first=red\nA greedy\nB random\n"
      "setup 5/1r13/2r22/3b11/5 r\ndice 2\nmoves c3d2\ntimes 0.0\nresult red A goal\n\n"
      "game 2 round 1 red=B blue=A first=red\nA greedy\nB random\n"
      "setup 5/1r13/2r22/3b11/5 r\ndice 2 4\nmoves c3d3 zz99\ntimes 0.0 0.0\n"
      "result red B goal\n\n"
      "game 3 round 2 red=A blue=B first=red\nA greedy\nB random\n"
      "setup 5/1r13/2r22/3b11/5 r\ndice 2\nmoves c3d2\ntimes 0.0\nresult red A goal\n";
  std::vector<GameTextError> refused;
  std::vector<GameRecord> games = read_games(log, &refused);
  REQUIRE(games.size() == 2);
  CHECK(games[0].number == 1);
  CHECK(games[1].number == 3);
  REQUIRE(refused.size() == 1);
  CHECK(refused[0].game() == 2);
  CHECK(refused[0].line() == 15);
  CHECK_THAT(refused[0].what(), Catch::StartsWith("line 15: bad move 'zz99'"));
  // Without a list of refused games, the log is refused as before; one of its other games is
  // still read on its own.
  CHECK_THROWS_AS(read_games(log), GameTextError);
  CHECK(read_game(log, 3).number == 3);
  CHECK_THROWS_WITH(read_game(log, 2), Catch::StartsWith("line 15: bad move"));
}

TEST_CASE("a match log's result that contradicts the game's colours is refused", "[analysis]") {
  auto game = [](const std::string& result) {
    return "game 1 round 1 red=B blue=A first=red\nA greedy\nB random\n"
           "setup 5/1r13/2r22/3b11/5 r\ndice 2\nmoves c3d2\ntimes 0.0\n" +
           result + "\n";
  };
  CHECK(read_game(game("result red B goal")).number == 1);
  CHECK_THROWS_WITH(read_game(game("result red A goal")),
                    Catch::StartsWith("line 8: the result names red as player A, but game 1's "
                                      "line has red=B"));
  CHECK_THROWS_WITH(read_game(game("result blue B goal")),
                    Catch::Contains("names blue as player B") && Catch::Contains("blue=A"));
}

// The text the page writes (web/static/game.js, text()) for a game played there, byte for byte
// (web/tests/test_browser.py plays a game on the page and checks its lines are these).
const char* kPageGame =
    "EinStein wuerfelt nicht! (ewn serve)\n"
    "Setup: r1r2r32/5/2b3b41/5/5 r\n"
    "Red: player; Blue: engine (100 ms a move)\n"
    "Moves (number, side, die, move):\n"
    "1. r 3 c5d5\n"
    "2. b 4 d3c4\n"
    "3. r 1 a5b5\n"
    "4. b 5 c4b4\n"
    "5. r 3 d5e4\n"
    "6. b 1 c3b4\n"
    "7. r 2 b5c5\n"
    "8. b 1 b4b5\n"
    "9. r 4 e4e3\n"
    "10. b 2 b5a5\n"
    "Result: Blue wins\n";

TEST_CASE("the page's game text: core's reader reads what the page writes", "[game_log]") {
  GameRecord g = read_game(kPageGame);
  CHECK(g.format == GameFormat::Page);
  CHECK(format_position(g.start) == "r1r2r32/5/2b3b41/5/5 r");
  CHECK(g.players[Red] == "player");
  CHECK(g.players[Blue] == "engine (100 ms a move)");
  REQUIRE(g.turns.size() == 10);
  CHECK(format_move(g.turns[0].move) == "c5d5");
  CHECK(g.turns[0].die == 3);
  CHECK(format_move(g.turns[9].move) == "b5a5");
  CHECK(g.winner == Blue);
  // A game going on: the page writes no result line.
  std::string going_on = kPageGame;
  going_on.erase(going_on.find("6. b"));
  CHECK_FALSE(read_game(going_on).winner);
  CHECK(read_game(going_on).turns.size() == 5);
}

TEST_CASE("the page's game text: core's writer writes what the page writes", "[game_log]") {
  GameRecord g = read_game(kPageGame);
  std::vector<game_log::PageTurn> turns;
  for (const auto& t : g.turns) turns.push_back({t.before.to_move, *t.die, t.move});
  CHECK(game_log::page_text(g.start, g.players[Red], g.players[Blue], turns, g.winner) ==
        kPageGame);
  // And its text reads back to the same game (the round trip).
  turns.resize(5);  // a game going on: no result line
  std::string going_on = game_log::page_text(g.start, "a", "b", turns, std::nullopt);
  CHECK(going_on.find(game_log::kPageResult) == std::string::npos);
  GameRecord again = read_game(going_on);
  CHECK(again.players[Red] == "a");
  CHECK(again.players[Blue] == "b");
  REQUIRE(again.turns.size() == 5);
  CHECK(again.turns[4].move == g.turns[4].move);
  CHECK_FALSE(again.winner);
  CHECK(game_log::page_players("Red: x y; Blue: z") ==
        std::make_pair(std::string("x y"), std::string("z")));
  CHECK_FALSE(game_log::page_players("Red: x"));
  CHECK_FALSE(game_log::page_players("Setup: r1r2r32/5/2b3b41/5/5 r"));
}
