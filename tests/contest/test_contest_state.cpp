// The contest's state machine without a terminal and without an engine: events go in with the
// time they happen (a clock the test moves on), the test plays the engine's moves itself, and
// an observer records what the state tells. Whole games, a best-of-7 match to its end at 4 wins,
// events that do not fit, takebacks, the confirm step and the clocks.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "contest_state.h"
#include "movegen.h"
#include "notation.h"
#include "rng.h"
#include "setup.h"

using namespace ewn;
using namespace std::chrono_literals;

namespace {

// The names of the happenings told, in order (string literals: views of them suffice).
struct Recorder : ContestObserver {
  std::vector<std::string_view> told;
  std::vector<bool> over_time;  // per turn played
  TakenBack last_taken;
  int count(std::string_view name) const { return int(std::count(told.begin(), told.end(), name)); }

  void match_game_begins(const ContestState&) override { told.push_back("match_game_begins"); }
  void setup_asked(const ContestState&) override { told.push_back("setup_asked"); }
  void fixed_setup_refused(const ContestState&, SetupProblem) override {
    told.push_back("fixed_setup_refused");
  }
  void game_started(const ContestState&) override { told.push_back("game_started"); }
  void die_rolled(const ContestState&) override { told.push_back("die_rolled"); }
  void turn_asked(const ContestState&) override { told.push_back("turn_asked"); }
  void engine_move_replaced(Move) override { told.push_back("engine_move_replaced"); }
  void turn_played(const ContestState&, bool over) override {
    told.push_back("turn_played");
    over_time.push_back(over);
  }
  void move_to_confirm(const ContestState&, const ContestTurn&) override {
    told.push_back("move_to_confirm");
  }
  void game_finished(const ContestState&) override { told.push_back("game_finished"); }
  void match_finished(const ContestState&) override { told.push_back("match_finished"); }
  void game_reopened(const ContestState&, bool) override { told.push_back("game_reopened"); }
  void took_back(const ContestState&, const TakenBack& taken) override {
    told.push_back("took_back");
    last_taken = taken;
  }
  void game_left(const ContestState&) override { told.push_back("game_left"); }
  void input_ended(const ContestState&, bool) override { told.push_back("input_ended"); }
};

SetupChoice rolls_setup() {
  SetupChoice c;
  c.kind = SetupChoice::Rolls;
  c.rolls = {6, 5, 4, 3, 2, 1};
  return c;
}

ContestRules typed_rules() {
  ContestRules r;
  r.typed_dice = true;
  r.clock.per_game = 4min;
  r.overhead = 2s;
  r.fixed_setup = rolls_setup();
  r.engine_side = Blue;  // Red, the opponent, moves first
  return r;
}

const SteadyClock::time_point t0 = SteadyClock::time_point{} + 1h;

EngineMove engine_answer(const ContestState& s) {
  EngineMove m;
  m.move = legal_moves(s.position(), *s.pending_die()).moves[0];
  m.value = 0.5;
  return m;
}

// Plays whatever the state asks for (dice, random opponent moves, the engine's first legal
// move) until it asks something else; moves the clock on one second per event.
void play_until_not(ContestState& s, Ask stop_unless, Rng& rng, SteadyClock::time_point& now) {
  for (int i = 0; i < 2000 && s.asking() == stop_unless; ++i) {
    now += 1s;
    switch (s.asking()) {
      case Ask::Die:
        REQUIRE(s.die(rng.die(), now));
        break;
      case Ask::Move: {
        MoveList legal = legal_moves(s.position(), *s.pending_die());
        REQUIRE(s.opponent_move(legal.moves[rng.below(uint32_t(legal.size))], now));
        break;
      }
      case Ask::EngineMove:
        REQUIRE(s.engine_move(engine_answer(s), now));
        break;
      default:
        return;
    }
  }
}

// Plays the game to its end, whatever is asked on the way.
void play_game(ContestState& s, Rng& rng, SteadyClock::time_point& now) {
  for (int i = 0; i < 2000 && s.playing(); ++i) play_until_not(s, s.asking(), rng, now);
}

// Every finished game replays legally to its winner.
void check_games(const ContestState& s) {
  for (const ContestGame& g : s.finished_games()) {
    Position pos = g.start;
    for (const ContestTurn& t : g.turns) {
      REQUIRE(t.before == pos);
      REQUIRE(legal_moves(pos, t.die).contains(t.move));
      CHECK((t.actor == Actor::Engine) == (t.before.to_move == g.engine_side));
      pos.play(t.move);
    }
    REQUIRE(g.winner);
    if (g.end == "goal" || g.end == "capture") CHECK(pos.winner() == g.winner);
  }
}

}  // namespace

TEST_CASE("contest state: whole games with rolled and with typed dice", "[contest][state]") {
  for (bool typed : {false, true}) {
    ContestRules rules = typed_rules();
    rules.typed_dice = typed;
    rules.seed = 17;
    ContestState s(rules);
    Recorder rec;
    s.watch(rec);
    auto now = t0;
    Rng rng(5);
    s.begin(now);
    CHECK(rec.count("game_started") == 1);
    CHECK(s.game().start == referee_setup(std::array<int, 6>{6, 5, 4, 3, 2, 1}, Red));
    for (int game = 1; game <= 3; ++game) {
      REQUIRE(s.playing());
      CHECK(s.game().number == game);
      play_game(s, rng, now);
      REQUIRE(s.asking() == Ask::After);
      REQUIRE(int(s.finished_games().size()) == game);
      CHECK(s.engine_score() + s.opponent_score() == game);
      CHECK(rec.count("game_finished") == game);
      if (game < 3) REQUIRE(s.new_game(now));
    }
    check_games(s);
    int turns = 0;
    for (const ContestGame& g : s.finished_games()) turns += int(g.turns.size());
    CHECK(rec.count("turn_played") == turns);
    CHECK(rec.count("die_rolled") == (typed ? 0 : turns));
    CHECK(rec.count("match_finished") == 0);
    REQUIRE(s.close());
    CHECK(s.asking() == Ask::Done);
  }
}

TEST_CASE("contest state: events that do not fit the question change nothing", "[contest][state]") {
  ContestRules rules = typed_rules();
  rules.fixed_setup.reset();
  ContestState s(rules);
  Recorder rec;
  s.watch(rec);
  auto now = t0;
  s.begin(now);
  REQUIRE(s.asking() == Ask::Setup);
  CHECK(rec.told == std::vector<std::string_view>{"setup_asked"});
  // Nothing but a setup is taken now.
  CHECK_FALSE(s.die(3, now));
  CHECK_FALSE(s.opponent_move(parse_move("a5b4"), now));
  CHECK_FALSE(s.engine_move(EngineMove{}, now));
  CHECK_FALSE(s.engine_failed(now));
  CHECK_FALSE(s.confirm(true, now));
  CHECK_FALSE(s.declare(Red, "declared", now));
  CHECK_FALSE(s.set_position(s.position(), 3, now));
  CHECK_FALSE(s.new_game(now));
  CHECK_FALSE(s.close());
  CHECK_FALSE(s.choose_colour(Red, now));
  CHECK(s.asking() == Ask::Setup);
  CHECK(rec.told.size() == 1);

  // A free setup may let the engine arrange only its own side.
  SetupChoice free;
  free.kind = SetupChoice::Free;
  free.sides[Red].kind = SideSetup::Engine;  // the engine plays Blue
  CHECK(s.setup(free, now) == SetupProblem::EngineIsOtherSide);
  CHECK(s.asking() == Ask::Setup);
  REQUIRE(s.setup(rolls_setup(), now) == SetupProblem::None);
  CHECK(s.setup(rolls_setup(), now) == SetupProblem::NotAsked);

  REQUIRE(s.asking() == Ask::Die);
  Position start = s.position();
  for (int bad : {0, 7, -1, 100}) CHECK_FALSE(s.die(bad, now));
  CHECK_FALSE(s.opponent_move(parse_move("c5c4"), now));  // no die yet
  REQUIRE(s.die(3, now));
  REQUIRE(s.asking() == Ask::Move);
  CHECK_FALSE(s.die(4, now));
  CHECK_FALSE(s.opponent_move(parse_move("a5a4"), now));            // not a move for die 3
  CHECK_FALSE(s.opponent_move(parse_move("e1d1"), now));            // not Red's
  CHECK_FALSE(s.engine_move(EngineMove{parse_move("c5c4")}, now));  // not the engine's turn
  // A decided position is no place to go on from.
  CHECK_FALSE(s.set_position(parse_position("5/5/2b12/5/4r1 b").position, std::nullopt, now));
  CHECK(s.position() == start);
  CHECK(s.game().turns.empty());
  CHECK(s.pending_die() == 3);
  CHECK(s.asking() == Ask::Move);
}

TEST_CASE("contest state: the engine's illegal move or failure plays its first legal move",
          "[contest][state]") {
  ContestRules rules = typed_rules();
  rules.engine_side = Red;  // the engine moves first
  ContestState s(rules);
  Recorder rec;
  s.watch(rec);
  auto now = t0;
  s.begin(now);
  REQUIRE(s.die(1, now));
  REQUIRE(s.asking() == Ask::EngineMove);
  Position pos = s.position();
  Move first = legal_moves(pos, 1).moves[0];
  EngineMove bad;
  bad.move = parse_move("e1d1");  // Blue's piece
  bad.value = 0.9;
  REQUIRE(s.engine_move(bad, now + 1s));
  CHECK(rec.count("engine_move_replaced") == 1);
  REQUIRE(s.game().turns.size() == 1);
  CHECK(s.game().turns[0].move == first);
  CHECK(s.game().turns[0].engine->value == -1);
  CHECK(s.game().turns[0].took == 1s);
  CHECK(s.last_engine_move()->move == first);

  // The opponent moves; the engine fails on its next turn.
  REQUIRE(s.die(2, now));
  MoveList legal = legal_moves(s.position(), 2);
  REQUIRE(s.opponent_move(legal.moves[0], now));
  REQUIRE(s.die(4, now));
  Position before = s.position();
  REQUIRE(s.engine_failed(now));
  REQUIRE(s.game().turns.size() == 3);
  CHECK(s.game().turns[2].before == before);
  CHECK(s.game().turns[2].move == legal_moves(before, 4).moves[0]);
}

TEST_CASE("contest state: an operator takes back one typed input at a time", "[contest][state]") {
  ContestState s(typed_rules());
  Recorder rec;
  s.watch(rec);
  auto now = t0;
  s.begin(now);
  Position start = s.position();
  s.undo(Takeback::LastInput, now);
  CHECK(rec.last_taken.kind == TakenBack::NothingInGame);
  CHECK(s.asking() == Ask::Die);

  REQUIRE(s.die(3, now, true));  // the move follows on the same line: not asked for
  CHECK(s.asking() == Ask::Move);
  CHECK(rec.count("turn_asked") == 1);  // the first die only
  REQUIRE(s.opponent_move(parse_move("c5d4"), now));
  REQUIRE(s.asking() == Ask::Die);   // the engine's die
  s.undo(Takeback::LastInput, now);  // the opponent's move was mistyped: back to it, same die
  CHECK(rec.last_taken.kind == TakenBack::Turn);
  CHECK(rec.last_taken.turn == 1);
  CHECK(s.asking() == Ask::Move);
  CHECK(s.pending_die() == 3);
  CHECK(s.position() == start);
  s.undo(Takeback::LastInput, now);  // and the die too
  CHECK(rec.last_taken.kind == TakenBack::Die);
  CHECK(rec.last_taken.die == 3);
  CHECK(s.asking() == Ask::Die);
  CHECK_FALSE(s.pending_die());

  REQUIRE(s.die(3, now));
  REQUIRE(s.opponent_move(parse_move("c5c4"), now));
  REQUIRE(s.die(5, now));
  REQUIRE(s.asking() == Ask::EngineMove);
  REQUIRE(s.engine_move(engine_answer(s), now));
  REQUIRE(s.game().turns.size() == 2);
  CHECK(s.last_engine_move());
  s.undo(Takeback::LastInput, now);  // the engine's move: its die is typed again
  CHECK(s.game().turns.size() == 1);
  CHECK(s.asking() == Ask::Die);
  CHECK_FALSE(s.last_engine_move());
  CHECK(s.position().to_move == Blue);
}

TEST_CASE("contest state: a person takes back their move and the engine's answer",
          "[contest][state]") {
  ContestRules rules = typed_rules();
  rules.typed_dice = false;
  rules.seed = 4;
  ContestState s(rules);
  Recorder rec;
  s.watch(rec);
  auto now = t0;
  s.begin(now);
  REQUIRE(s.asking() == Ask::Move);
  s.undo(Takeback::OwnMove, now);
  CHECK(rec.last_taken.kind == TakenBack::NoOwnMove);
  Position before = s.position();
  int die = *s.pending_die();
  REQUIRE(s.opponent_move(legal_moves(before, die).moves[0], now));
  REQUIRE(s.asking() == Ask::EngineMove);
  REQUIRE(s.engine_move(engine_answer(s), now));
  REQUIRE(s.game().turns.size() == 2);
  s.undo(Takeback::OwnMove, now);
  CHECK(rec.last_taken.kind == TakenBack::OwnMoveAndAfter);
  CHECK(s.game().turns.empty());
  CHECK(s.position() == before);
  CHECK(s.pending_die() == die);  // the same die again
  CHECK(s.asking() == Ask::Move);
}

TEST_CASE("contest state: the confirm step", "[contest][state]") {
  ContestRules rules = typed_rules();
  rules.confirm = true;
  ContestState s(rules);
  Recorder rec;
  s.watch(rec);
  auto now = t0;
  s.begin(now);
  REQUIRE(s.die(3, now));
  REQUIRE(s.opponent_move(parse_move("c5d4"), now));
  REQUIRE(s.asking() == Ask::Confirm);
  CHECK(rec.count("move_to_confirm") == 1);
  CHECK(s.game().turns.empty());
  s.undo(Takeback::LastInput, now);  // not at the confirmation
  CHECK(s.asking() == Ask::Confirm);
  REQUIRE(s.confirm(false, now));
  CHECK(s.asking() == Ask::Move);
  CHECK(s.pending_die() == 3);
  REQUIRE(s.opponent_move(parse_move("c5c4"), now));
  REQUIRE(s.confirm(true, now));
  REQUIRE(s.game().turns.size() == 1);
  CHECK(s.game().turns[0].move == parse_move("c5c4"));
  CHECK(s.asking() == Ask::Die);
}

TEST_CASE("contest state: clocks, time over the limit and a declared loss on time",
          "[contest][state]") {
  ContestState s(typed_rules());  // 4 minutes a game, 2 s kept free a move
  Recorder rec;
  s.watch(rec);
  auto now = t0;
  s.begin(now);
  // The opponent (Red) thinks five minutes over its first move: over its game budget.
  REQUIRE(s.die(3, now + 10s));
  now += 5min;
  REQUIRE(s.opponent_move(parse_move("c5c4"), now));
  REQUIRE(rec.over_time.size() == 1);
  CHECK(rec.over_time[0]);
  CHECK(s.game().turns[0].took == 5min);
  CHECK(*s.game().turns[0].clock_left == -1min);
  CHECK(s.clock().running() == Blue);
  // The engine's clock runs from the opponent's move: with it set to 3 s it has no time but
  // the overhead for the moves to come, and must answer at once.
  REQUIRE(s.set_clocks(3s, 2min, now));
  CHECK(*s.clock().left(Red, now) == 2min);
  REQUIRE(s.die(5, now));
  REQUIRE(s.asking() == Ask::EngineMove);
  Deadline d = s.engine_deadline(now);
  REQUIRE(d.hard);
  CHECK(*d.hard - now.time_since_epoch() < 100ms);
  REQUIRE(s.engine_move(engine_answer(s), now + 1s));
  CHECK_FALSE(rec.over_time[1]);
  CHECK(*s.game().turns[1].clock_left == 2s);
  // The referee agrees the opponent lost on time: the operator declares the game won.
  REQUIRE(s.die(1, now));
  REQUIRE(s.declare(Blue, "declared time", now + 2s));
  CHECK(s.asking() == Ask::After);
  CHECK(s.engine_score() == 1);
  CHECK(s.finished_games().back().end == "declared time");
  CHECK_FALSE(s.clock().running());
  // Taken back: the game is open again where it stood, with its die to type again.
  s.undo(Takeback::LastInput, now + 3s);
  CHECK(rec.count("game_reopened") == 1);
  CHECK(s.engine_score() == 0);
  CHECK(s.asking() == Ask::Die);
  CHECK(s.game().turns.size() == 2);
  CHECK(s.clock().running() == Red);

  // A per-move limit: over it on one move; no game clock to set.
  ContestRules per_move = typed_rules();
  per_move.clock = ClockRules{std::nullopt, 30s};
  ContestState m(per_move);
  Recorder mrec;
  m.watch(mrec);
  m.begin(t0);
  CHECK_FALSE(m.set_clocks(1min, std::nullopt, t0));
  REQUIRE(m.die(3, t0));
  REQUIRE(m.opponent_move(parse_move("c5c4"), t0 + 31s));
  CHECK(mrec.over_time == std::vector<bool>{true});
  REQUIRE(m.die(5, t0 + 31s));
  Deadline md = m.engine_deadline(t0 + 31s);
  REQUIRE(md.hard);
  CHECK(*md.hard - (t0 + 31s).time_since_epoch() <= 28s);  // 30 s less the 2 s overhead
}

TEST_CASE("contest state: a game won on the board is reopened with its last move taken back",
          "[contest][state]") {
  for (Takeback takeback : {Takeback::LastInput, Takeback::OwnMove}) {
    for (bool best_of_7 : {false, true}) {
      ContestRules rules = typed_rules();
      rules.best_of_7 = best_of_7;
      ContestState s(rules);
      Recorder rec;
      s.watch(rec);
      Rng rng(7);
      auto now = t0;
      s.begin(now);
      if (s.asking() == Ask::Colour) REQUIRE(s.choose_colour(std::nullopt, now));
      play_game(s, rng, now);
      REQUIRE(s.finished_games().size() == 1);
      const ContestGame ended = s.finished_games().back();
      REQUIRE((ended.end == "goal" || ended.end == "capture"));
      CHECK(s.engine_score() + s.opponent_score() == 1);
      s.undo(takeback, now + 1s);
      CHECK(rec.count("game_reopened") == 1);
      CHECK(s.finished_games().empty());
      CHECK(s.engine_score() + s.opponent_score() == 0);
      CHECK(s.playing());
      CHECK_FALSE(s.game().winner);
      CHECK(s.game().number == ended.number);
      // Back before the last input, or before the opponent's last move and what followed it.
      size_t own = ended.turns.size();
      while (own > 0 && ended.turns[own - 1].actor != Actor::Opponent) --own;
      size_t expected = takeback == Takeback::LastInput ? ended.turns.size() - 1 : own - 1;
      CHECK(s.game().turns.size() == expected);
      // And the reopened game is played to an end again.
      play_game(s, rng, now);
      CHECK(s.finished_games().size() == 1);
    }
  }
}

TEST_CASE("contest state: a best-of-7 match keeps its schedule and ends at 4 wins",
          "[contest][state]") {
  for (bool engine_is_a : {true, false}) {
    ContestRules rules = typed_rules();
    rules.best_of_7 = true;
    rules.engine_is_a = engine_is_a;
    rules.fixed_setup.reset();  // asked for each game
    ContestState s(rules);
    Recorder rec;
    s.watch(rec);
    auto now = t0;
    s.begin(now);
    // The engine wins games 1, 3 and 4, the opponent 2, then the engine game 5: 4 - 1.
    const char* results = "wlwww";
    for (int game = 1; game <= 5; ++game) {
      REQUIRE(s.asking() == Ask::Colour);
      CHECK(s.game().number == game);
      CHECK(rec.count("match_game_begins") == game);
      Side colour = game % 2 ? Red : Blue;
      REQUIRE(s.choose_colour(game == 2 ? std::nullopt : std::optional<Side>(colour), now));
      if (game == 2) CHECK(s.colour() == Red);  // Enter keeps the last colour
      REQUIRE(s.asking() == Ask::Setup);
      REQUIRE(s.setup(rolls_setup(), now) == SetupProblem::None);
      Side engine_side = game == 2 ? Red : colour;
      CHECK(s.game().engine_side == engine_side);
      bool a_first = game == 1 || game == 4 || game == 5;
      CHECK((s.game().start.to_move == engine_side) == (a_first == engine_is_a));
      Side winner = results[game - 1] == 'w' ? engine_side : opposite(engine_side);
      REQUIRE(s.declare(winner, "declared", now));
    }
    CHECK(s.asking() == Ask::After);
    CHECK(s.engine_score() == 4);
    CHECK(s.opponent_score() == 1);
    CHECK(rec.count("match_finished") == 1);
    CHECK(rec.count("match_game_begins") == 5);  // no sixth game
    CHECK_FALSE(s.new_game(now));                // the match is over
    // A wrong last result can be taken back: the match is open again.
    s.undo(Takeback::LastInput, now);
    CHECK(s.engine_score() == 3);
    CHECK(s.asking() == Ask::Die);
    CHECK(s.game().number == 5);
    REQUIRE(s.declare(opposite(s.game().engine_side), "declared", now));
    CHECK(s.opponent_score() == 2);
    CHECK(s.asking() == Ask::Colour);  // game 6
    CHECK(s.game().number == 6);
  }
}

TEST_CASE("contest state: a match played out move by move", "[contest][state]") {
  ContestRules rules = typed_rules();
  rules.best_of_7 = true;
  rules.typed_dice = false;
  rules.seed = 99;
  ContestState s(rules);
  auto now = t0;
  Rng rng(8);
  s.begin(now);
  for (int game = 1; game <= 7 && s.asking() == Ask::Colour; ++game) {
    REQUIRE(s.choose_colour(std::nullopt, now));
    play_game(s, rng, now);
  }
  REQUIRE(s.asking() == Ask::After);
  CHECK(std::max(s.engine_score(), s.opponent_score()) == 4);
  CHECK(s.finished_games().size() == size_t(s.engine_score() + s.opponent_score()));
  check_games(s);
}

TEST_CASE("contest state: going on from a position set by hand", "[contest][state]") {
  ContestState s(typed_rules());
  auto now = t0;
  s.begin(now);
  REQUIRE(s.die(3, now));
  REQUIRE(s.opponent_move(parse_move("c5c4"), now));
  ParsedPosition p = parse_position("5/1r13/2r22/3b2b1/5 r");
  REQUIRE(s.set_position(p.position, 4, now));
  CHECK(s.game().start == p.position);
  CHECK(s.game().turns.empty());
  CHECK(s.pending_die() == 4);
  CHECK(s.asking() == Ask::Move);  // Red is the opponent
}

TEST_CASE("contest state: leaving and the end of the input", "[contest][state]") {
  for (bool eof : {false, true}) {
    ContestState s(typed_rules());
    Recorder rec;
    s.watch(rec);
    auto now = t0;
    s.begin(now);
    REQUIRE(s.die(3, now));
    REQUIRE(s.opponent_move(parse_move("c5c4"), now));
    if (eof)
      s.end_of_input();
    else
      s.leave();
    CHECK(s.asking() == Ask::Done);
    CHECK(rec.count(eof ? "input_ended" : "game_left") == 1);
    CHECK(s.game().end == (eof ? "input ended" : ""));
    CHECK_FALSE(s.die(3, now));
    CHECK_FALSE(s.new_game(now));
  }
}
