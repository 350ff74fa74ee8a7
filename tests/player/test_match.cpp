#include <catch2/catch.hpp>
#include <map>
#include <thread>

#include "match.h"
#include "match_stats.h"
#include "movegen.h"
#include "notation.h"
#include "player_spec.h"
#include "setup.h"
#include "time_control.h"

using namespace ewn;

namespace {

std::vector<MatchGame> play(const std::string& a, const std::string& b, MatchConfig config) {
  PlayerFactory fa(parse_player_spec(a)), fb(parse_player_spec(b));
  return run_match(fa, fb, config);
}

bool same_games(const std::vector<MatchGame>& x, const std::vector<MatchGame>& y) {
  if (x.size() != y.size()) return false;
  for (size_t i = 0; i < x.size(); ++i)
    if (!(x[i].setup == y[i].setup) || x[i].dice != y[i].dice || x[i].moves != y[i].moves ||
        x[i].winner != y[i].winner || x[i].a_side != y[i].a_side)
      return false;
  return true;
}

// Replays a record: every move legal for its die, and the game ends as recorded.
void check_replay(const MatchGame& g) {
  Position pos = g.setup;
  REQUIRE(g.moves.size() <= g.dice.size());
  for (size_t i = 0; i < g.moves.size(); ++i) {
    REQUIRE(!pos.winner());
    REQUIRE(legal_moves(pos, g.dice[i]).contains(g.moves[i]));
    pos.play(g.moves[i]);
  }
  if (g.end == GameEnd::Goal || g.end == GameEnd::Capture) {
    REQUIRE(pos.winner());
    CHECK(*pos.winner() == g.winner);
  }
}

}  // namespace

TEST_CASE("a match with a fixed seed is reproducible, with any number of threads") {
  MatchConfig config;
  config.count = 8;
  config.seed = 42;
  auto first = play("expectimax:depth=2", "mcts:playouts=300", config);
  auto again = play("expectimax:depth=2", "mcts:playouts=300", config);
  config.threads = 2;
  auto threaded = play("expectimax:depth=2", "mcts:playouts=300", config);
  CHECK(same_games(first, again));
  CHECK(same_games(first, threaded));
  config.seed = 43;
  CHECK(!same_games(first, play("expectimax:depth=2", "mcts:playouts=300", config)));
  for (const MatchGame& g : first) check_replay(g);
}

TEST_CASE("pairs share setup and dice with colours swapped; the first mover alternates") {
  MatchConfig config;
  config.count = 8;
  config.seed = 7;
  auto games = play("random", "greedy", config);
  REQUIRE(games.size() == 8);
  int a_first = 0;
  for (size_t i = 0; i < games.size(); i += 2) {
    const MatchGame &x = games[i], &y = games[i + 1];
    CHECK(x.round == y.round);
    CHECK(x.setup == y.setup);
    CHECK(x.a_side == Red);
    CHECK(y.a_side == Blue);
    size_t common = std::min(x.dice.size(), y.dice.size());
    CHECK(std::equal(x.dice.begin(), x.dice.begin() + long(common), y.dice.begin()));
    for (const MatchGame* g : {&x, &y}) a_first += g->setup.to_move == g->a_side;
  }
  CHECK(a_first == 4);
  // A moves first in games 1, 4, 5, 8: alternating from game to game.
  CHECK(games[0].setup.to_move == games[0].a_side);
  CHECK(games[1].setup.to_move != games[1].a_side);
  CHECK(games[2].setup.to_move != games[2].a_side);
  CHECK(games[3].setup.to_move == games[3].a_side);
  CHECK(games[0].setup.to_move != games[2].setup.to_move);
}

TEST_CASE("best of 7: first to 4, A starts games 1, 4 and 5") {
  MatchConfig config;
  config.format = MatchFormat::BestOf7;
  config.count = 6;
  config.seed = 3;
  auto games = play("greedy", "random", config);
  std::map<int, std::pair<int, int>> score;
  for (const MatchGame& g : games) {
    auto& [a, b] = score[g.round];
    REQUIRE(a < 4);
    REQUIRE(b < 4);
    (g.a_won() ? a : b)++;
    bool a_starts = g.setup.to_move == g.a_side;
    CHECK(a_starts == (g.number == 1 || g.number == 4 || g.number == 5));
    check_replay(g);
  }
  CHECK(score.size() == 6);
  for (auto& [round, s] : score) CHECK(std::max(s.first, s.second) == 4);
  MatchStats stats = match_stats(games, MatchFormat::BestOf7);
  CHECK(stats.rounds == 6);
  CHECK(stats.a_rounds + stats.b_rounds == 6);
}

TEST_CASE("players keep to a short time limit", "[timing]") {
  // On each game thread's CPU clock, which waiting for a core on a busy machine does not move.
  using std::chrono::milliseconds;
  MatchConfig config;
  config.count = 2;
  config.clock = ClockKind::ThreadCpu;
  auto games = play("expectimax:movetime=60ms", "mcts:movetime=60ms", config);
  for (const MatchGame& g : games)
    for (Side s : {Red, Blue}) CHECK(g.longest[s] < milliseconds(60 + 100));
  auto budget = play("expectimax:gametime=300ms", "mcts:gametime=300ms", config);
  for (const MatchGame& g : budget)
    for (Side s : {Red, Blue}) CHECK(g.thinking[s] < milliseconds(300 + 100));
}

TEST_CASE("the referee forfeits a move over the limit", "[timing]") {
  // A player whose stated limit is far below what any move takes.
  class Slow : public Player {
   public:
    Slow() : Player(TimeLimits{std::chrono::nanoseconds(1), std::nullopt}) {}
    Move choose(const Position& pos, int die, const MoveRequest&) override {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      return legal_moves(pos, die).moves[0];
    }
  } slow;
  PlayerFactory greedy(parse_player_spec("greedy"));
  auto other = greedy.make(1);
  Position setup = parse_position("r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r").position;
  MatchGame g = play_game(slow, *other, setup, 5);
  CHECK(g.end == GameEnd::Time);
  CHECK(g.winner == Blue);
  CHECK(g.moves.size() == 1);
}

TEST_CASE("player specs: options, defaults and clear errors") {
  PlayerSpec s = parse_player_spec("expectimax:movetime=100ms,gametime=4min,depth=6,hash=8");
  CHECK(s.kind == "expectimax");
  CHECK(*s.limits.per_move == std::chrono::milliseconds(100));
  CHECK(*s.limits.per_game == std::chrono::minutes(4));
  CHECK(s.search.max_depth == 6);
  CHECK(s.search.tt_bytes == 8u << 20);
  CHECK(s.tables == "none");
  CHECK(*parse_player_spec("mcts").limits.per_move == std::chrono::seconds(1));
  CHECK(!parse_player_spec("mcts:playouts=100").limits.per_move);
  CHECK(*parse_player_spec("mcts:movetime=1.5s").limits.per_move ==
        std::chrono::milliseconds(1500));
  CHECK_THROWS_WITH(parse_player_spec("alphabeta"), Catch::Contains("unknown player 'alphabeta'"));
  CHECK_THROWS_WITH(parse_player_spec("mcts:depth=3"), Catch::Contains("unknown option 'depth'"));
  // A bare number is milliseconds, the unit of every surface (docs/API.md).
  CHECK(*parse_player_spec("expectimax:movetime=100").limits.per_move ==
        std::chrono::milliseconds(100));
  CHECK_THROWS_WITH(parse_player_spec("expectimax:movetime=100x"),
                    Catch::Contains("not a duration"));
  CHECK_THROWS_WITH(parse_player_spec("expectimax:depth=x"), Catch::Contains("depth='x'"));
  CHECK_THROWS_WITH(parse_player_spec("expectimax:depth"), Catch::Contains("key=value"));
  CHECK_THROWS_WITH(parse_player_spec("expectimax:prune=all"), Catch::Contains("star2"));
  SearchOptions star1 = parse_player_spec("expectimax:prune=star1").search;
  CHECK((star1.star1 && !star1.star2));
  SearchOptions plain = parse_player_spec("expectimax:prune=none").search;
  CHECK((!plain.star1 && !plain.star2));
  SearchOptions star2 = parse_player_spec("expectimax:prune=star2").search;
  CHECK((star2.star1 && star2.star2));
  CHECK(!parse_player_spec("expectimax:eval=tuned").search.eval_weights);
  PlayerSpec given = parse_player_spec("expectimax:eval=0.5/1/2/3/4/5/6/-7");
  REQUIRE(given.search.eval_weights);
  CHECK(given.search.eval_weights->bias == 0.5);
  CHECK(given.search.eval_weights->w[kEvalFeatureCount - 1] == -7);
  CHECK_THROWS_WITH(parse_player_spec("expectimax:eval=1/2"), Catch::Contains("numbers"));
}

TEST_CASE("player specs: a long search gets the large transposition table") {
  auto tt = [](const char* text) { return parse_player_spec(text).search.tt_bytes; };
  CHECK(tt("expectimax:movetime=100ms") == kShortSearchTTBytes);
  CHECK(tt("expectimax") == kShortSearchTTBytes);  // 1 s a move by default
  CHECK(tt("expectimax:depth=4") == kShortSearchTTBytes);
  CHECK(tt("expectimax:movetime=30s") == kLongSearchTTBytes);
  CHECK(tt("expectimax:gametime=4min") == kLongSearchTTBytes);
  CHECK(tt("expectimax:gametime=20s") == kShortSearchTTBytes);
  CHECK(tt("expectimax:gametime=4min,depth=5") == kShortSearchTTBytes);
  CHECK(tt("expectimax:movetime=30s,hash=64") == 64u << 20);  // hash= always wins
  CHECK(kLongSearchTTBytes > kShortSearchTTBytes);
}

TEST_CASE("player specs: the opponent model") {
  CHECK(parse_player_spec("expectimax").search.model == OpponentModel::Best);
  CHECK(parse_player_spec("expectimax:model=best").search.model == OpponentModel::Best);
  CHECK(parse_player_spec("expectimax:depth=3,model=random").search.model == OpponentModel::Random);
  CHECK_THROWS_WITH(parse_player_spec("expectimax:model=greedy"),
                    Catch::Contains("model='greedy' must be best") && Catch::Contains("or random"));
  CHECK_THROWS_WITH(parse_player_spec("expectimax:model="), Catch::Contains("model=''"));
  CHECK_THROWS_WITH(parse_player_spec("mcts:model=random"), Catch::Contains("unknown option"));
}

TEST_CASE("time plans keep a margin and spread a game budget") {
  Duration t0 = clock_now(ClockKind::Wall);
  TimeLimits per_move{std::chrono::milliseconds(100), std::nullopt};
  Deadline d = plan_move(per_move, std::nullopt, 10, ClockKind::Wall, t0);
  REQUIRE(d.hard);
  CHECK(*d.hard - t0 == std::chrono::milliseconds(70));  // 30 ms kept back
  TimeLimits budget{std::chrono::seconds(30), std::chrono::minutes(4)};
  Deadline g = plan_move(budget, std::chrono::minutes(4), 12, ClockKind::Wall, t0);
  CHECK(*g.soft - t0 < std::chrono::seconds(20));
  CHECK(*g.hard - t0 <= std::chrono::seconds(29));
  Deadline late = plan_move(budget, std::chrono::milliseconds(500), 12, ClockKind::Wall, t0);
  CHECK(*late.hard - t0 < std::chrono::milliseconds(250));
  CHECK(!plan_move(TimeLimits{}, std::nullopt, 5, ClockKind::Wall, t0).hard);
}

TEST_CASE("a referee's own deadline: the player keeps to it or to its limit, the earlier",
          "[timing]") {
  using std::chrono::milliseconds;
  Duration t0 = clock_now(ClockKind::Wall);
  Deadline a{ClockKind::Wall, t0 + milliseconds(10), t0 + milliseconds(50)};
  Deadline b{ClockKind::Wall, t0 + milliseconds(20), t0 + milliseconds(30)};
  Deadline e = earliest(a, b);
  CHECK(*e.soft == t0 + milliseconds(10));
  CHECK(*e.hard == t0 + milliseconds(30));
  Deadline one = earliest(Deadline::none(), b);
  CHECK(*one.soft == *b.soft);
  CHECK(*one.hard == *b.hard);
  CHECK_FALSE(earliest(Deadline::none(), Deadline::none()).hard);
  // Players without limits of their own stop at the deadline they are given: closely on the
  // thread's CPU clock; on the wall clock, which a busy machine's waits count on, in seconds.
  for (ClockKind clock : {ClockKind::ThreadCpu, ClockKind::Wall})
    for (const char* spec : {"expectimax:depth=60", "mcts:playouts=1000000000"}) {
      INFO(spec << (clock == ClockKind::Wall ? " on the wall clock" : " on the CPU clock"));
      PlayerFactory factory(parse_player_spec(spec));
      auto player = factory.make(1);
      Position pos = random_setup(3);
      MoveRequest request;
      request.clock = clock;
      Duration start = clock_now(clock);
      request.deadline = Deadline::after(clock, start, milliseconds(50));
      Move m = player->choose(pos, 4, request);
      CHECK(legal_moves(pos, 4).contains(m));
      CHECK(clock_now(clock) - start <
            milliseconds(50) + (clock == ClockKind::Wall ? milliseconds(2000) : milliseconds(200)));
    }
}

TEST_CASE("match statistics: score, interval and Elo") {
  CHECK(elo_from_score(0.5) == Approx(0));
  CHECK(elo_from_score(0.75) == Approx(190.85).margin(0.01));
  Interval w = wilson_interval(50, 100);
  CHECK(w.low == Approx(0.4038).margin(1e-3));
  CHECK(w.high == Approx(0.5962).margin(1e-3));
  std::vector<MatchGame> games(4);
  for (int i = 0; i < 4; ++i) {
    games[i].round = 1 + i / 2;
    games[i].a_side = i % 2 ? Blue : Red;
    games[i].winner = i == 3 ? Red : games[i].a_side;  // A wins 3 of 4
  }
  MatchStats s = match_stats(games, MatchFormat::Pairs);
  CHECK(s.games == 4);
  CHECK(s.a_wins == 3);
  CHECK(s.score == 0.75);
  CHECK(s.score_ci.low < 0.75);
  CHECK(s.score_ci.high == 1.0);
}
