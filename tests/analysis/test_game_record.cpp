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
      "turn 5/1r13/2r22/3b11/5 r 2 c3d3 send 2|3 time=12ms move_value=0.0000 exact\n"
      "opponent d2c2\n"
      "turn 5/1r13/3r21/2b12/5 r 5 d3e2 send 2|1 time=10ms move_value=1.0000 exact\n"
      "opponent c2b3\n"
      "turn 5/1r13/1b13/4r2/5 r 6 e2e1 send 2|2 time=9ms move_value=1.0000 exact\n"
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

TEST_CASE("games decided off the board are read up to where they ended", "[analysis]") {
  // ewn match: a game lost on time (the late move is logged), one lost by an illegal move (its
  // die is logged, the move is not) and one won on the board, in one log.
  const char* match =
      "game 1 round 1 red=A blue=B first=red\nA greedy\nB random\n"
      "setup 5/1r13/2r22/3b11/5 r\ndice 2 4 5\nmoves c3d3 d2c2 d3e2\ntimes 0.1 0.0 9.9\n"
      "result blue B time\n\n"
      "game 2 round 1 red=B blue=A first=red\nA greedy\nB random\n"
      "setup 5/1r13/2r22/3b11/5 r\ndice 2 4 5\nmoves c3d3 d2c2\ntimes 0.1 0.0\n"
      "result blue A illegal\n\n"
      "game 3 round 2 red=A blue=B first=red\nA greedy\nB random\n"
      "setup 5/1r13/2r22/3b11/5 r\ndice 2\nmoves c3d2\ntimes 0.0\nresult red A goal\n";
  std::vector<GameRecord> games = read_games(match);
  REQUIRE(games.size() == 3);
  CHECK(games[0].game_end == RecordEnd::Time);
  CHECK(games[0].winner == Blue);
  CHECK(moves_of(games[0]) == "2:c3d3 4:d2c2 5:d3e2");
  CHECK(games[1].game_end == RecordEnd::IllegalMove);
  CHECK(games[1].winner == Blue);
  CHECK(moves_of(games[1]) == "2:c3d3 4:d2c2");
  REQUIRE(games[1].notes.size() == 1);
  CHECK_THAT(games[1].notes[0], Catch::Contains("illegal move of its last turn (die 5)"));
  CHECK(games[2].game_end == RecordEnd::Board);
  CHECK(games[2].winner == Red);
  // A move over time that reached the goal still loses: the time came first.
  std::string late_win = match;
  late_win.replace(late_win.find("result red A goal"), 17, "result blue B time");
  CHECK(read_games(late_win)[2].winner == Blue);
  CHECK(read_games(late_win)[2].game_end == RecordEnd::Time);

  // ewn play: the operator declared the opponent over time.
  GameRecord play = read_game(
      "# ewn play: engine expectimax\n"
      "game 1 mode=operator engine=blue first=red\n"
      "setup 5/1r13/2r22/3b11/5 r\n"
      "turn 1 5/1r13/2r22/3b11/5 r 2 c3d3 opponent time=1.00s\n"
      "declare win opponent over time\n"
      "result blue engine declared opponent over time\n"
      "start 5/1r13/2r22/3b11/5 r\ndice 2\nmoves c3d3\n");
  CHECK(play.game_end == RecordEnd::Time);
  CHECK(play.winner == Blue);
  CHECK(play.turns.size() == 1);
  GameRecord declared = read_game(
      "# ewn play\ngame 1 mode=operator engine=red first=red\nsetup 5/1r13/2r22/3b11/5 r\n"
      "result blue opponent declared\nstart 5/1r13/2r22/3b11/5 r\ndice\nmoves\n");
  CHECK(declared.game_end == RecordEnd::Declaration);
  CHECK(declared.winner == Blue);
  GameRecord unfinished = read_game(kPlayLog);
  CHECK(unfinished.game_end == RecordEnd::Unfinished);
  CHECK_FALSE(unfinished.winner);

  // ewn connect: the engine's answer came after the server's limit; the opponent's winning
  // move (not in the log) ended a game on the board.
  std::string connect =
      "game 1 engine=red\n"
      "turn 5/1r13/2r22/3b11/5 r 2 c3d3 send 2|3 time=12ms\n"
      "opponent d2c2\n"
      "turn 5/1r13/3r21/2b12/5 r 5 d3e2 send 2|1 time=10ms\n"
      "result game 1 lost on time (the engine's answer d3e2 came after the server's limit)\n";
  GameRecord late = read_game(connect);
  CHECK(late.game_end == RecordEnd::Time);
  CHECK(late.winner == Blue);
  CHECK(late.turns.size() == 3);
  connect.replace(connect.find("(the engine's"), std::string::npos,
                  "(the opponent could win at once (c2b1))\n");
  GameRecord on_board = read_game(connect);
  CHECK(on_board.game_end == RecordEnd::Board);
  CHECK(on_board.winner == Blue);

  // A game whose stated result its moves do not give is set aside; the others are read.
  std::string wrong = match;
  wrong.replace(wrong.find("result red A goal"), 17, "result blue B goal");
  CHECK_THROWS_AS(read_games(wrong), GameTextError);
  std::vector<GameTextError> refused;
  CHECK(read_games(wrong, &refused).size() == 2);
  REQUIRE(refused.size() == 1);
  CHECK(std::string(refused[0].what()) ==
        "line 26: the text says Blue won, but the moves give Red the win");
}

TEST_CASE("a game text is read as a person would read it", "[analysis]") {
  // A byte-order mark, tabs, comments after a turn, CRLF and CR line ends.
  std::string plain = "5/1r13/2r22/3b11/5 r\nr 2 c3d3\nb 4 d2c2\nr 5 d3e2\nb 1 c2b3\nr 6 e2e1\n";
  CHECK(moves_of(read_game("\xEF\xBB\xBF" + plain)) == kMoves);
  CHECK(moves_of(read_game("5/1r13/2r22/3b11/5\tr\nr\t2 c3d3  # not the best\nb 4 d2c2\n"
                           "r 5 d3e2\nb 1 c2b3 #\nr 6 e2e1 # the goal\n")) == kMoves);
  std::string crlf, cr;
  for (char c : plain) {
    crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    cr += c == '\n' ? '\r' : c;
  }
  CHECK(moves_of(read_game(crlf)) == kMoves);
  CHECK(moves_of(read_game(cr)) == kMoves);
  // A CR inside a line of a text with LF ends is not a line end: what a server sent (a connect
  // log's recv line) is kept whole.
  CHECK(read_game("game 1 engine=red\nrecv 2|3\rjunk\n"
                  "turn 5/1r13/2r22/3b11/5 r 2 c3d2 send 2|3\nresult game 1 won (goal)\n")
            .winner == Red);
  CHECK(read_game(cr).turns[2].line == 4);
  CHECK(error_of("5/1r13/2r22/3b11/5 r\rr 2 c3d3\rb 4 d2b1\r") ==
        "line 3: d2b1 is not a legal move for Blue with die 4 (legal: d2c2 d2d3 d2c3)");
}

TEST_CASE("a bad line is quoted in a short excerpt", "[analysis]") {
  // 32 MB of NUL bytes fails at once, with a short message.
  std::string message = error_of(std::string(32u << 20, '\0'));
  CHECK_THAT(message, Catch::StartsWith("line 1: a line of 33554432 characters"));
  CHECK(message.size() < 150);
  std::string nul_line(1000, '\0');
  nul_line += '\n';
  std::string nuls = error_of(nul_line);
  CHECK_THAT(nuls, Catch::StartsWith("line 1: a control character (\\x00) at column 1"));
  CHECK(nuls.size() < 150);
  std::string long_position(5000, 'x');
  long_position += " r\n";
  std::string long_setup = error_of(long_position);
  CHECK_THAT(long_setup, Catch::StartsWith("line 1: bad position 'xxxx"));
  CHECK(long_setup.size() < 200);
  // The excerpt is core's one (quoted_excerpt, tests/core/test_printable.cpp).
  CHECK_THAT(long_setup, Catch::Contains("...' (5002 bytes): "));
}
