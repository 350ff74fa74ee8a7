// The console line by line: whole games, takebacks, confirmations, declared results, the clocks
// and a best-of-7 match with its schedule and score.
#include <catch2/catch.hpp>
#include <sstream>

#include "console.h"
#include "console_commands.h"
#include "movegen.h"
#include "notation.h"
#include "player_test_support.h"
#include "rng.h"

using namespace ewn;
using Catch::Contains;

namespace {

Engine quick_engine() {
  return Engine(parse_player_spec("expectimax:depth=2"), nullptr);
}

ConsoleConfig operator_config() {
  ConsoleConfig c;
  c.mode = ConsoleMode::Operator;
  c.typed_dice = true;
  c.clock.per_game = std::chrono::minutes(4);
  c.overhead = std::chrono::seconds(2);
  c.setup = "random";
  return c;
}

// Answers whatever the console asks as a random opponent would; returns the line typed.
std::string answer(Console& c, Rng& rng) {
  switch (c.asking()) {
    case Console::Ask::Colour:
      return rng.below(2) ? "red" : "blue";
    case Console::Ask::Setup:
      return "random";
    case Console::Ask::Die:
      return std::to_string(rng.die());
    case Console::Ask::Move: {
      MoveList legal = legal_moves(c.position(), *c.pending_die());
      return format_move(legal.moves[rng.below(uint32_t(legal.size))]);
    }
    case Console::Ask::Confirm:
      return "y";
    default:
      return "quit";
  }
}

// Every finished game replays legally to its winner.
void check_games(const Console& c) {
  for (const ContestGame& g : c.finished_games()) {
    Position pos = g.start;
    for (const ContestTurn& t : g.turns) {
      REQUIRE(t.before == pos);
      REQUIRE(legal_moves(pos, t.die).contains(t.move));
      pos.play(t.move);
    }
    REQUIRE(g.winner);
    if (g.end == "goal" || g.end == "capture") REQUIRE(pos.winner() == g.winner);
  }
}

}  // namespace

TEST_CASE("contest engine: the server's long clock gets the large transposition table",
          "[contest]") {
  auto tt = [](const char* text) {
    return Engine(parse_player_spec(text), nullptr).spec().search.tt_bytes;
  };
  CHECK(tt("expectimax") == kLongSearchTTBytes);
  CHECK(tt("expectimax:movetime=10s") == kLongSearchTTBytes);
  CHECK(tt("expectimax:movetime=30ms") == kShortSearchTTBytes);
  CHECK(tt("expectimax:depth=2") == kShortSearchTTBytes);
  CHECK(tt("expectimax:hash=32") == 32u << 20);
}

TEST_CASE("console: an operator relays a whole game", "[contest][console]") {
  Engine engine = quick_engine();
  std::ostringstream out, log;
  ConsoleConfig config = operator_config();
  config.engine_side = Blue;
  Console c(config, engine, out, &log);
  c.start();
  Rng rng(11);
  int lines = 0;
  while (c.asking() != Console::Ask::After && lines++ < 1000) c.handle(answer(c, rng));
  REQUIRE(c.asking() == Console::Ask::After);
  REQUIRE(c.finished_games().size() == 1);
  check_games(c);
  const ContestGame& g = c.finished_games()[0];
  CHECK(g.engine_side == Blue);
  for (const ContestTurn& t : g.turns)
    CHECK((t.actor == Actor::Engine) == (t.before.to_move == Blue));
  CHECK(c.engine_score() + c.opponent_score() == 1);
  CHECK_THAT(out.str(), Contains("ENGINE (Blue) PLAYS"));
  CHECK_THAT(log.str(), Contains("game 1 mode=operator engine=blue first=red"));
  CHECK_THAT(log.str(), Contains("\nresult "));
  c.handle("");
  CHECK(c.done());
}

TEST_CASE("console: operator takebacks, one typed input at a time", "[contest][console]") {
  Engine engine = quick_engine();
  std::ostringstream out;
  ConsoleConfig config = operator_config();
  config.setup = "rolls 6 5 4 3 2 1";
  config.engine_side = Blue;  // Red (the opponent) moves first
  Console c(config, engine, out, nullptr);
  c.start();
  Position start = c.position();
  REQUIRE(c.asking() == Console::Ask::Die);
  c.handle("undo");  // nothing to take back yet
  CHECK(c.asking() == Console::Ask::Die);
  CHECK(c.position() == start);

  c.handle("3 c5d4");                        // die and move on one line
  REQUIRE(c.asking() == Console::Ask::Die);  // the engine's die
  REQUIRE(c.game().turns.size() == 1);
  c.handle("undo");  // the opponent's move was mistyped: back to it, same die
  CHECK(c.asking() == Console::Ask::Move);
  CHECK(c.pending_die() == 3);
  CHECK(c.position() == start);
  c.handle("undo");  // and the die too
  CHECK(c.asking() == Console::Ask::Die);
  CHECK_FALSE(c.pending_die());
  c.handle("3");
  c.handle("3 down");
  REQUIRE(c.game().turns.size() == 1);
  CHECK(c.game().turns[0].move == parse_move("c5c4"));
  c.handle("5");  // the engine answers at once
  REQUIRE(c.game().turns.size() == 2);
  CHECK(c.game().turns[1].actor == Actor::Engine);
  CHECK(c.asking() == Console::Ask::Die);
  c.handle("undo");  // takes back the engine's move: its die is typed again
  CHECK(c.game().turns.size() == 1);
  CHECK(c.asking() == Console::Ask::Die);
  CHECK(c.position().to_move == Blue);
  c.handle("5");
  CHECK(c.game().turns.size() == 2);
}

TEST_CASE("console: a person takes back a move and the engine's answer", "[contest][console]") {
  Engine engine = quick_engine();
  std::ostringstream out;
  ConsoleConfig config;  // play mode: the program rolls
  config.engine_side = Blue;
  config.setup = "random";
  config.seed = 4;
  Console c(config, engine, out, nullptr);
  c.start();
  REQUIRE(c.asking() == Console::Ask::Move);
  Position before = c.position();
  int die = *c.pending_die();
  c.handle("undo");
  CHECK_THAT(out.str(), Contains("you have not moved yet"));
  MoveList legal = legal_moves(before, die);
  c.handle(format_move(legal.moves[0]));
  REQUIRE(c.game().turns.size() == 2);  // the engine answered at once
  c.handle("undo");
  CHECK(c.game().turns.empty());
  CHECK(c.position() == before);
  CHECK(c.pending_die() == die);  // the same die again
  CHECK(c.asking() == Console::Ask::Move);
  // Nonsense is explained and asked again.
  for (const char* bad : {"", "zz", "9 up", "a1a1", "win", "clock 1:00"}) {
    c.handle(bad);
    CHECK(c.asking() == Console::Ask::Move);
    CHECK(c.position() == before);
  }
}

TEST_CASE("console: the confirm step and declared results", "[contest][console]") {
  Engine engine = quick_engine();
  std::ostringstream out, log;
  ConsoleConfig config = operator_config();
  config.confirm = true;
  config.engine_side = Blue;
  config.setup = "rolls 6 5 4 3 2 1";
  Console c(config, engine, out, &log);
  c.start();
  c.handle("3");
  c.handle("c5d4");
  REQUIRE(c.asking() == Console::Ask::Confirm);
  CHECK(c.game().turns.empty());
  c.handle("n");
  CHECK(c.asking() == Console::Ask::Move);
  c.handle("c5c4");
  c.handle("maybe");
  CHECK(c.asking() == Console::Ask::Confirm);
  c.handle("");  // Enter: yes
  CHECK(c.game().turns.size() == 1);
  CHECK(c.game().turns[0].move == parse_move("c5c4"));
  // The opponent oversteps its time: the operator declares the game won, then reopens it.
  c.handle("win time");
  REQUIRE(c.asking() == Console::Ask::After);
  CHECK(c.engine_score() == 1);
  CHECK_THAT(log.str(), Contains("result blue engine declared time"));
  c.handle("undo");
  CHECK(c.engine_score() == 0);
  CHECK(c.asking() == Console::Ask::Die);
  CHECK(c.game().turns.size() == 1);
}

TEST_CASE("console: clocks set to the official readings", "[contest][console][timing]") {
  // No depth or movetime: only the clock stops this engine.
  Engine engine(parse_player_spec("expectimax"), nullptr);
  std::ostringstream out;
  ConsoleConfig config = operator_config();
  Console c(config, engine, out, nullptr);
  c.start();
  auto before = SteadyClock::now();
  c.handle("clock 1:30 2:15");
  auto now = SteadyClock::now();
  Duration engine_left = *c.clock().left(Red, now), opponent_left = *c.clock().left(Blue, now);
  // The engine's clock runs from the reading on: at most the time the command took has gone.
  CHECK(engine_left <= std::chrono::seconds(90));
  CHECK(engine_left >= std::chrono::seconds(90) - (now - before));
  CHECK(opponent_left == std::chrono::seconds(135));
  c.handle("clock soon");
  CHECK_THAT(out.str(), Contains("Write the clocks as minutes:seconds"));
  // With little time left (less than the overhead of the moves to come) it answers at once.
  // Its deadline has passed when it starts: it stops after the first ply (a search given any
  // time goes deeper at once), however long the machine keeps it waiting.
  c.handle("clock 0:03");
  c.handle("4");
  REQUIRE(c.game().turns.size() == 1);
  REQUIRE(c.game().turns[0].engine);
  CHECK(c.game().turns[0].engine->depth <= 1);
  // With a per-move limit it keeps to what is left of it after the overhead: 2.5 s less 2 s,
  // less its safety margin, about 0.45 s (2.25 s without the overhead). The upper bound leaves
  // room for a busy machine.
  ConsoleConfig per_move = operator_config();
  per_move.clock = ClockRules{std::nullopt, std::chrono::milliseconds(2500)};
  Console m(per_move, engine, out, nullptr);
  // Its clock runs from the start of the game (it moves first), which also resets the engine: a
  // slow reset (a sanitizer build, a busy machine) leaves less of the move's time to search.
  auto start = SteadyClock::now();
  m.start();
  m.handle("4");
  CHECK(m.game().turns.size() == 1);
  Duration took = SteadyClock::now() - start;
  CHECK(took < std::chrono::milliseconds(2000));
  CHECK(took > std::chrono::milliseconds(200));
}

TEST_CASE("console: a best-of-7 match keeps its schedule and score", "[contest][console]") {
  for (bool engine_is_a : {true, false}) {
    Engine engine = quick_engine();
    std::ostringstream out, log;
    ConsoleConfig config = operator_config();
    config.best_of_7 = true;
    config.engine_is_a = engine_is_a;
    config.setup.clear();  // asked for each game
    Console c(config, engine, out, &log);
    c.start();
    // The opponent wins games 1-3, the engine 4-7: the match goes the full seven games.
    for (int game = 1; game <= 7; ++game) {
      REQUIRE(c.asking() == Console::Ask::Colour);
      c.handle(game % 2 ? "red" : "blue");
      REQUIRE(c.asking() == Console::Ask::Setup);
      c.handle("rolls 1 2 3 4 5 6");
      REQUIRE(c.game().number == game);
      Side engine_side = game % 2 ? Red : Blue;
      CHECK(c.game().engine_side == engine_side);
      bool a_first = game == 1 || game == 4 || game == 5;
      CHECK((c.game().start.to_move == engine_side) == (a_first == engine_is_a));
      c.handle(game <= 3 ? "loss" : "win");
    }
    CHECK(c.asking() == Console::Ask::After);
    CHECK(c.engine_score() == 4);
    CHECK(c.opponent_score() == 3);
    CHECK_THAT(log.str(), Contains("match engine 4 - 3 opponent"));
    // A wrong last result can be taken back: the match is open again.
    c.handle("undo");
    CHECK(c.engine_score() == 3);
    CHECK(c.asking() != Console::Ask::After);
  }
}

TEST_CASE("console: whatever is typed, it asks again and never fails", "[contest][console]") {
  Engine engine = quick_engine();
  Rng rng(2);
  const char* junk[] = {"",         " ",          "?",     "help",    "board",
                        "moves",    "undo",       "7",     "0",       "-1",
                        "xyz",      "a5b4",       "1 2 3", "clock",   "clock x y",
                        "position", "position x", "win",   "loss",    "red",
                        "blue",     "y",          "n",     "rolls 1", "new",
                        "\t\r",     "3 up",       "b3",    "e1",      "99999999999999999999",
                        "\x01\x02"};
  for (int round = 0; round < 4; ++round) {
    std::ostringstream out, log;
    ConsoleConfig config = operator_config();
    config.best_of_7 = round % 2 == 1;
    config.confirm = round >= 2;
    config.setup.clear();
    Console c(config, engine, out, &log);
    c.start();
    for (int i = 0; i < 1500 && !c.done(); ++i) {
      if (rng.below(3) == 0)
        c.handle(junk[rng.below(sizeof junk / sizeof *junk)]);
      else
        c.handle(answer(c, rng));
    }
    check_games(c);
    c.end_of_input();
    CHECK(c.done());
  }
}

TEST_CASE("console: the end of the input leaves the game unfinished in the log",
          "[contest][console]") {
  Engine engine = quick_engine();
  std::ostringstream out, log;
  ConsoleConfig config = operator_config();
  Console c(config, engine, out, &log);
  std::istringstream in("3\n");
  run_console(c, in, out, false);
  CHECK(c.done());
  CHECK_THAT(out.str(), Contains("End of input"));
  CHECK_THAT(log.str(), Contains("result none input ended"));
}

TEST_CASE("console: in table range the win probability shown is exact", "[contest][console]") {
  auto tables = std::make_shared<test::BruteForceValues>(4);
  Engine engine(parse_player_spec("expectimax:depth=2"), tables);
  std::ostringstream out;
  ConsoleConfig config;
  config.engine_side = Blue;
  config.seed = 9;
  config.setup = "5/1r13/2r22/3b2b1/5 r";  // the person (Red) to move, 4 pieces
  Console c(config, engine, out, nullptr);
  c.start();
  REQUIRE(c.asking() == Console::Ask::Move);
  Position pos = c.position();
  double person = tables->die_value(pos, *c.pending_die());
  char expected[64];
  std::snprintf(expected, sizeof expected, "Engine's win probability: %.1f%% (exact",
                100 * (1 - person));
  CHECK_THAT(out.str(), Contains(expected));
  // The engine's own move reports the tables' value of the move it chose.
  MoveList legal = legal_moves(pos, *c.pending_die());
  c.handle(format_move(legal.moves[0]));
  REQUIRE(c.game().turns.size() >= 2);
  const ContestTurn& reply = c.game().turns[1];
  REQUIRE(reply.engine);
  CHECK(reply.engine->exact);
  Position after = reply.before;
  after.play(reply.move);
  double expect = wins_at_once(reply.before, reply.move) ? 1.0 : 1 - tables->solve(after);
  CHECK(reply.engine->value == Approx(expect));
  CHECK(reply.engine->value == Approx(tables->die_value(reply.before, reply.die)));
}

TEST_CASE("console: the help is made from the table of commands", "[contest][console]") {
  std::string play = console_help(ConsoleMode::Play);
  std::string op = console_help(ConsoleMode::Operator);
  CHECK_THAT(play,
             Contains("  undo            take back: your last move and the engine's answer\n"));
  CHECK_THAT(
      op, Contains("  undo            take back: the last die or move typed (again and again)\n"));
  CHECK_THAT(op, Contains("  clock [E [O]]   show the clocks, or set them to the official readings "
                          "(m:ss),\n                  the engine's first\n"));
  CHECK_THAT(op, Contains("  position <P>    go on from position P"));
  for (const char* operator_only : {"  clock", "  win [why]", "  loss [why]", "4 d2c3"}) {
    CHECK_THAT(op, Contains(operator_only));
    CHECK_THAT(play, !Contains(operator_only));
  }
  // The commands shown in every mode are in the help of play too.
  for (const ConsoleCommand& command : console_commands())
    if (command.shown == ConsoleCommand::Shown::Always)
      CHECK_THAT(play, Contains("  " + std::string(command.names[0])));
}
