// Game texts read back: each format the program writes, the plain list, and the errors that
// name the line.
#include <catch2/catch.hpp>

#include "analysis_games.h"
#include "game_record.h"
#include "notation.h"

using namespace ewn;
using namespace ewn::test;

namespace {

std::string moves_of(const GameRecord& g) {
  std::string out;
  for (const RecordedTurn& t : g.turns) {
    if (!out.empty()) out += ' ';
    out.append(std::to_string(t.die.value_or(0))).append(":").append(format_move(t.move));
  }
  return out;
}

const char* kMoves = "2:c3d3 4:d2c2 5:d3e2 1:c2b3 6:e2e1";

std::string error_of(const std::string& text, std::optional<int> number = std::nullopt) {
  try {
    read_game(text, number);
  } catch (const GameTextError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("a plain list: setup line, then side, die and move a line", "[analysis]") {
  GameRecord g = read_game(kBlunderGame);
  CHECK(g.format == GameFormat::List);
  CHECK(format_position(g.start) == kBlunderGameStart);
  CHECK(moves_of(g) == kMoves);
  CHECK(g.turns[1].line == 3);
  CHECK(g.turns[1].before.to_move == Blue);
  REQUIRE(g.winner);
  CHECK(*g.winner == Red);
  // Numbers, words for the sides, comments and blank lines are fine too.
  GameRecord numbered = read_game(
      "# a game\nsetup 5/1r13/2r22/3b11/5 r\n\n1. red 2 c3d3\n2. Blue 4 d2c2\n3 r 5 d3e2\n"
      "4. b 1 c2b3\n5. r 6 e2e1\n");
  CHECK(moves_of(numbered) == kMoves);
}

TEST_CASE("the page's game text", "[analysis]") {
  GameRecord g = read_game(
      "EinStein wuerfelt nicht! (ewn serve)\n"
      "Setup: 5/1r13/2r22/3b11/5 r\n"
      "Red: player; Blue: engine (500 ms a move)\n"
      "Moves (number, side, die, move):\n"
      "1. r 2 c3d3\n2. b 4 d2c2\n3. r 5 d3e2\n4. b 1 c2b3\n5. r 6 e2e1\n"
      "Result: Red wins\n");
  CHECK(g.format == GameFormat::Page);
  CHECK(moves_of(g) == kMoves);
  CHECK(g.players[Red] == "player");
  CHECK(g.players[Blue] == "engine (500 ms a move)");
}

TEST_CASE("ewn play's log: the summary wins over turn lines, undone turns are gone", "[analysis]") {
  const char* log = kPlayLog;
  GameRecord first = read_game(log, 1);
  CHECK(first.format == GameFormat::PlayLog);
  CHECK(first.games == 2);
  CHECK(moves_of(first) == kMoves);
  CHECK(first.turns[0].line == 6);  // the turn line of the move played, not the undone one
  CHECK(first.players[Blue] == "engine");
  CHECK(first.players[Red] == "player");
  // The last game by default; a game without a summary (the program was killed) from its turns.
  GameRecord last = read_game(log);
  CHECK(last.number == 2);
  CHECK(moves_of(last) == "3:d2c2");
  CHECK_FALSE(last.winner);
  CHECK_THAT(error_of(log, 3), Catch::Contains("holds no game 3 (it holds games 1, 2)"));
}

TEST_CASE("ewn connect's log: the opponent's dice are not known", "[analysis]") {
  const char* log =
      "# ewn connect: engine expectimax; positions and moves in SPEC section 3 notation\n"
      "connect 127.0.0.1:9000 id=ewn\n"
      "game 1 engine=red\n"
      "recv whatever the server sent\n"
      "turn 5/1r13/2r22/3b11/5 r 2 c3d3 send 2|3 time=12ms value=0.0000 exact\n"
      "opponent d2c2\n"
      "turn 5/1r13/3r21/2b12/5 r 5 d3e2 send 2|1 time=10ms value=1.0000 exact\n"
      "opponent c2b3\n"
      "turn 5/1r13/1b13/4r2/5 r 6 e2e1 send 2|2 time=9ms value=1.0000 exact\n"
      "result game 1 won (goal)\n";
  GameRecord g = read_game(log);
  CHECK(g.format == GameFormat::ConnectLog);
  CHECK(moves_of(g) == "2:c3d3 0:d2c2 5:d3e2 0:c2b3 6:e2e1");
  CHECK(g.players[Red] == "engine");
  REQUIRE(g.winner);
  CHECK(*g.winner == Red);
  // A position that does not follow from the moves before is named.
  std::string broken = log;
  broken.replace(broken.find("5/1r13/3r21/2b12/5 r 5"), 22, "5/1r13/3r21/1b13/5 r 5");
  CHECK_THAT(error_of(broken), Catch::StartsWith("line 7: the position 5/1r13/3r21/1b13/5 r does "
                                                 "not follow from the moves before"));
}

TEST_CASE("ewn match's log: every game, with the players", "[analysis]") {
  const char* log = kMatchLog;
  std::vector<GameRecord> games = read_games(log);
  REQUIRE(games.size() == 2);
  CHECK(games[0].format == GameFormat::MatchLog);
  CHECK(moves_of(games[0]) == kMoves);
  CHECK(games[0].players[Red] == "expectimax:depth=2");
  CHECK(games[1].players[Red] == "random");
  CHECK(moves_of(games[1]) == "2:c3d2");
  CHECK(read_game(log).number == 2);
}

TEST_CASE("a game text that cannot be read names the line", "[analysis]") {
  auto with = [](const std::string& line) {
    return std::string("5/1r13/2r22/3b11/5 r\nr 2 c3d3\n") + line + "\n";
  };
  CHECK(error_of(with("b 4 d2c2")) == "no error");
  CHECK(error_of(with("b 4 d2b1")) ==
        "line 3: d2b1 is not a legal move for Blue with die 4 (legal: d2c2 d2d3 d2c3)");
  CHECK(error_of(with("r 4 b4c4")) == "line 3: it is Blue's turn, not Red's");
  CHECK(error_of(with("b 7 d2c2")) == "line 3: expected a die 1-6 (or ? if not known), not '7'");
  CHECK(error_of(with("b 4")) ==
        "line 3: expected a turn: side, die and move (e.g. 'r 3 "
        "a5b4'), not 'b 4'");
  CHECK_THAT(error_of(with("b 4 d2x9")), Catch::StartsWith("line 3: bad move 'd2x9'"));
  CHECK(error_of(with("x 4 d2c2")) == "line 3: expected a side (r or b), not 'x'");
  CHECK(error_of("5/1r13/2r22/3b11/5 r\nr 2 c3d2\nb 4 d2c2\n") ==
        "line 3: a move after the end of the game (Red has won)");
  CHECK(error_of("5/1r13/2r22/3b11/5 r\nr 2 c3d2\nResult: Blue wins\n") ==
        "line 3: the text says Blue won, but the moves give Red the win");
  CHECK_THAT(error_of("5/1r13/2r22/3b11 r\n"), Catch::StartsWith("line 1: bad position"));
  CHECK(error_of("") == "the text holds no game: expected a setup position first");
  CHECK(error_of("# only a comment\n") ==
        "the text holds no game: expected a setup position first");
  CHECK_THAT(error_of("game 1 mode=play engine=red first=red\nbogus line\n"),
             Catch::StartsWith("line 2: not a line of an ewn play log"));
  // Lines of white space alone are blank, whatever the white space (found by fuzz_game_text).
  CHECK(error_of("5/1r13/2r22/3b11/5 r\n\v\f \nr 2 c3d2\n") == "no error");
  CHECK(error_of("\v\n") == "the text holds no game: expected a setup position first");
  CHECK(error_of("# ewn play\ngame\n") == "line 2: expected a game number, not ''");
  // The die may be unknown, but the move must be legal for some die.
  CHECK(error_of(with("b ? d2c2")) == "no error");
  CHECK(error_of(with("b ? d2d1")) == "line 3: d2d1 is not a legal move for Blue with any die");
}
