// Games decided off the board, as the programs themselves log them (ewn match's format_game_log,
// ewn play's format_turn_log and format_game_summary), read back to where they ended: the
// reader and the writers agree on how a game lost on time, by an illegal move or by a
// declaration is written.
#include <catch2/catch.hpp>

#include "contest_game.h"
#include "game_record.h"
#include "match.h"
#include "notation.h"

using namespace ewn;

namespace {

const char* kStart = "5/1r13/2r22/3b11/5 r";

MatchGame match_game(int number, std::vector<int> dice, std::vector<const char*> moves,
                     GameEnd end) {
  MatchGame g;
  g.number = number;
  g.round = 1;
  g.setup = parse_position(kStart).position;
  g.dice = std::move(dice);
  for (const char* m : moves) g.moves.push_back(parse_move(m));
  g.move_times.assign(g.dice.size(), std::chrono::milliseconds(5));  // as play_game times them
  g.winner = Blue;
  g.end = end;
  return g;
}

}  // namespace

TEST_CASE("ewn match's own log of games lost on time and by an illegal move", "[analysis]") {
  // Game 3 is won by Red on the board: its logged winner is Red.
  MatchGame won =
      match_game(3, {2, 4, 5, 1, 6}, {"c3d3", "d2c2", "d3e2", "c2b3", "e2e1"}, GameEnd::Goal);
  won.winner = Red;
  std::string log =
      format_game_log(match_game(1, {2, 4, 5}, {"c3d3", "d2c2", "d3e2"}, GameEnd::Time), "a", "b") +
      format_game_log(match_game(2, {2, 4, 5}, {"c3d3", "d2c2"}, GameEnd::Illegal), "a", "b") +
      format_game_log(won, "a", "b");
  std::vector<GameRecord> games = read_games(log);
  REQUIRE(games.size() == 3);
  CHECK(games[0].game_end == RecordEnd::Time);
  CHECK(games[0].turns.size() == 3);
  CHECK(games[0].winner == Blue);
  CHECK(games[1].game_end == RecordEnd::IllegalMove);
  CHECK(games[1].turns.size() == 2);
  CHECK(games[1].winner == Blue);
  CHECK(games[2].game_end == RecordEnd::Board);
  CHECK(games[2].winner == Red);
}

TEST_CASE("ewn play's own log of a game the operator declared", "[analysis]") {
  ContestGame game;
  game.engine_side = Blue;
  game.start = parse_position(kStart).position;
  ContestTurn turn;
  turn.before = game.start;
  turn.die = 2;
  turn.move = parse_move("c3d3");
  game.turns.push_back(turn);
  game.winner = Blue;
  for (const char* end : {"declared opponent over time", "declared illegal move", "declared"}) {
    INFO(end);
    game.end = end;
    std::string log = "# ewn play: engine expectimax\ngame 1 mode=operator engine=blue first=red\n";
    log += "setup ";
    log += kStart;
    log += "\n";
    log += format_turn_log(1, turn);
    log += "declare win\n";
    log += format_game_summary(game);
    GameRecord g = read_game(log);
    CHECK(g.turns.size() == 1);
    CHECK(g.winner == Blue);
    CHECK(g.game_end == (game.end == std::string("declared opponent over time") ? RecordEnd::Time
                         : game.end == std::string("declared illegal move")
                             ? RecordEnd::IllegalMove
                             : RecordEnd::Declaration));
  }
}
