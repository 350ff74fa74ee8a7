#include <atomic>
#include <catch2/catch.hpp>
#include <memory>
#include <optional>
#include <vector>

#include "dice_groups.h"
#include "eval.h"
#include "movegen.h"
#include "network_training.h"
#include "notation.h"
#include "player_test_support.h"
#include "search.h"
#include "setup.h"

using namespace ewn;

namespace {

SearchOptions plain_options() {
  SearchOptions o;
  o.star1 = o.star2 = false;
  o.use_tt = false;
  o.tt_bytes = 1 << 16;
  return o;
}

// Direct expectimax over all six dice (no grouping, no pruning, no table) with `leaf` at
// depth 0. If `random_side` is given, that side picks its move uniformly at random: its value
// for a die is the mean over its legal moves, a move that wins at once counting 1. Otherwise,
// and for the other side, the best move.
template <class Leaf>
double direct_model_value(const Position& pos, int depth, std::optional<Side> random_side,
                          const Leaf& leaf) {
  if (depth == 0) return leaf(pos);
  double sum = 0;
  for (int die = 1; die <= 6; ++die) {
    MoveList moves = legal_moves(pos, die);
    double best = 0, total = 0;
    for (Move m : moves) {
      double w;
      if (wins_at_once(pos, m)) {
        w = 1;
      } else {
        Position child = pos;
        child.play(m);
        w = 1 - direct_model_value(child, depth - 1, random_side, leaf);
      }
      best = std::max(best, w);
      total += w;
    }
    sum += (pos.to_move == random_side ? total / moves.size : best) / 6;
  }
  return sum;
}

// Both sides take their best moves.
template <class Leaf>
double direct_value(const Position& pos, int depth, const Leaf& leaf) {
  return direct_model_value(pos, depth, std::nullopt, leaf);
}

SearchOptions random_model(SearchOptions o) {
  o.model = OpponentModel::Random;
  return o;
}

// Star1, Star2, Star2 with a transposition table of same-depth entries, and the defaults give
// plain expectimax's values, before and after the roll, on `count` random positions with at
// least `min_pieces` pieces, at the depth `depth_of(i)` for the i-th; `model` adapts each
// mode's options. Star2 also visits fewer nodes.
template <class DepthOf>
void check_pruning_against_plain(uint64_t seed, int count, int min_pieces, DepthOf depth_of,
                                 SearchOptions (*model)(SearchOptions)) {
  Rng rng(seed);
  SearchOptions star1 = plain_options(), star2 = plain_options(), star2_tt = plain_options();
  star1.star1 = true;
  star2.star1 = star2.star2 = true;
  star2_tt.star1 = star2_tt.star2 = star2_tt.use_tt = star2_tt.tt_same_depth_only = true;
  star2_tt.tt_bytes = 1 << 20;
  Search plain(model(plain_options())), s1(model(star1)), s2(model(star2)), s2tt(model(star2_tt)),
      deflt(model(SearchOptions{}));
  uint64_t plain_nodes = 0, star2_nodes = 0;
  for (int i = 0; i < count; ++i) {
    Position pos = random_position(rng, min_pieces + int(rng.below(13 - min_pieces)));
    int depth = depth_of(i);
    double v = plain.chance_value(pos, depth);
    plain_nodes += plain.nodes();
    CHECK(s1.chance_value(pos, depth) == Approx(v).margin(1e-9));
    CHECK(s2.chance_value(pos, depth) == Approx(v).margin(1e-9));
    star2_nodes += s2.nodes();
    CHECK(s2tt.chance_value(pos, depth) == Approx(v).margin(1e-9));
    CHECK(deflt.chance_value(pos, depth) == Approx(v).margin(1e-9));
    int die = 1 + int(rng.below(6));
    double dv = plain.die_value(pos, die, depth);
    CHECK(s2.die_value(pos, die, depth) == Approx(dv).margin(1e-9));
    CHECK(s2tt.die_value(pos, die, depth) == Approx(dv).margin(1e-9));
  }
  CHECK(star2_nodes < plain_nodes);
}

}  // namespace

TEST_CASE("dice groups cover every face once and share the movable pieces") {
  for (unsigned mask = 1; mask < 64; ++mask) {
    const DiceGroups& g = dice_groups(mask);
    int total = 0;
    for (int i = 0; i < g.size; ++i) total += g.group[i].count;
    CHECK(total == 6);
    for (int die = 1; die <= 6; ++die) {
      const Movable& m = movable_pieces(mask, die);
      const Movable& r = movable_pieces(mask, g.group[g.group_of_die[die]].die);
      if (std::popcount(mask) > 1) {
        CHECK(m.count == r.count);
        CHECK(m.number == r.number);
      }
    }
  }
  CHECK(dice_groups(0b100001).size == 3);  // {1,6}: die 1, dice 2..5, die 6
  CHECK(dice_groups(0b100001).group[0].count == 4);
  CHECK(dice_groups(0b000100).size == 1);  // a lone piece
}

TEST_CASE("search at depth 1 equals a direct expectimax over the evaluation") {
  Rng rng(11);
  Search search(plain_options());
  Search pruned;
  for (int i = 0; i < 200; ++i) {
    Position pos = random_position(rng, 3 + int(rng.below(10)));
    double direct = direct_value(pos, 1, [](const Position& p) { return evaluate(p); });
    CHECK(search.chance_value(pos, 1) == Approx(direct).margin(1e-12));
    CHECK(pruned.chance_value(pos, 1) == Approx(direct).margin(1e-12));
  }
}

TEST_CASE("with a network the search's leaves are the corrected evaluation") {
  EvalNetwork net;
  Rng rng(13);
  for (int i = 0; i < 300; ++i)
    net.update(random_position(rng, 3 + int(rng.below(10))), 0.05f, 0.05f);
  SearchOptions options;
  options.network = std::make_shared<const EvalNetwork>(net);
  Search search(options);
  int corrected = 0;
  for (int i = 0; i < 200; ++i) {
    Position pos = random_position(rng, 3 + int(rng.below(10)));
    auto leaf = [&](const Position& p) { return evaluate_with(p, tuned_eval_weights(), net); };
    double direct = direct_value(pos, 1, leaf);
    CHECK(search.chance_value(pos, 1) == Approx(direct).margin(1e-12));
    corrected += leaf(pos) != evaluate(pos);
  }
  CHECK(corrected > 100);
}

TEST_CASE("leaf values through the evaluation cache are the evaluation's") {
  // More positions than the cache has entries, twice: first misses, then hits and slots
  // that other positions took over in between.
  Rng rng(14);
  std::vector<Position> positions;
  for (int i = 0; i < 12000; ++i) positions.push_back(random_position(rng, 3 + int(rng.below(10))));
  Search search;
  for (int pass = 0; pass < 2; ++pass)
    for (const Position& pos : positions) {
      double direct = evaluate(pos);
      if (search.chance_value(pos, 0) != direct)
        FAIL("cached value differs at " << format_position(pos));
    }
  SUCCEED();
}

TEST_CASE("search at depth 1 equals a direct expectimax over exact values") {
  Rng rng(12);
  auto exact = std::make_shared<test::BruteForceValues>(3);
  Search search(SearchOptions{}, exact);
  for (int i = 0; i < 100; ++i) {
    Position pos = random_position(rng, 4);  // children with a capture are covered
    auto leaf = [&](const Position& p) {
      return p.piece_count() <= 3 ? exact->solve(p) : evaluate(p);
    };
    CHECK(search.chance_value(pos, 1) == Approx(direct_value(pos, 1, leaf)).margin(1e-12));
  }
}

TEST_CASE("Star1 and Star2 pruning give the plain expectimax value at fixed depth") {
  check_pruning_against_plain(
      13, 60, 4, [](int i) { return 1 + i % 3; }, [](SearchOptions o) { return o; });
}

TEST_CASE("search values are exact where the search reaches only decided or covered nodes") {
  Rng rng(14);
  auto exact = std::make_shared<test::BruteForceValues>(3);
  Search search(SearchOptions{}, std::shared_ptr<const ExactValues>());
  for (int i = 0; i < 40; ++i) {
    Position pos = random_position(rng, 1, 1, rng.below(2) ? Red : Blue);
    // Two lone pieces: at most 8 plies to go, so depth 9 solves it without evaluation.
    CHECK(search.chance_value(pos, 9) == Approx(exact->solve(pos)).margin(1e-9));
  }
}

TEST_CASE("chance_value stops at its deadline and says so") {
  Position start = parse_position("r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r").position;
  Search search;
  // A deadline already past stops the search the first time it reads the clock (every 256
  // nodes), where depth 8 would search millions.
  Duration now = clock_now(ClockKind::Wall);
  search.chance_value(start, 8, Deadline::after(ClockKind::Wall, now, Duration(0)));
  CHECK(search.last_stopped());
  CHECK(search.nodes() <= 256);
  // One far away, like none, lets a shallow search finish.
  double timed =
      search.chance_value(start, 2, Deadline::after(ClockKind::Wall, now, std::chrono::hours(1)));
  CHECK_FALSE(search.last_stopped());
  search.clear();
  CHECK(search.chance_value(start, 2) == Approx(timed).margin(1e-12));
  CHECK_FALSE(search.last_stopped());
}

TEST_CASE("a stop flag set stops the search as a past deadline does") {
  Position start = parse_position("r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r").position;
  Search search;
  std::atomic<bool> gone = true;
  search.set_stop_flag(&gone);
  search.chance_value(start, 8);
  CHECK(search.last_stopped());
  CHECK(search.nodes() <= 256);
  // Without a deadline the move's search would deepen to its last depth (millions of nodes).
  SearchResult r = search.choose(start, 3, Deadline::none());
  CHECK(r.nodes < 5000);
  // Cleared (or unset), it stops nothing.
  gone = false;
  double flagged = search.chance_value(start, 2);
  CHECK_FALSE(search.last_stopped());
  search.set_stop_flag(nullptr);
  search.clear();
  CHECK(search.chance_value(start, 2) == Approx(flagged).margin(1e-12));
}

TEST_CASE("at covered positions the chosen move is a table-best move") {
  Rng rng(15);
  auto exact = std::make_shared<test::BruteForceValues>(3);
  Search search(SearchOptions{}, exact);
  for (int i = 0; i < 300; ++i) {
    Position pos = random_position(rng, 2 + int(rng.below(2)));
    int die = 1 + int(rng.below(6));
    SearchResult r = search.choose(pos, die, Deadline::none());
    auto values = exact->move_values(pos, die);
    REQUIRE(values);
    double best = 0, chosen = -1;
    for (const ExactMoveValue& mv : *values) {
      best = std::max(best, mv.value);
      if (mv.move == r.move) chosen = mv.value;
    }
    CHECK(chosen == Approx(best).margin(1e-12));
  }
}

TEST_CASE("one ply above the tables the search plays a best move exactly") {
  Rng rng(16);
  auto exact = std::make_shared<test::BruteForceValues>(3);
  Search search(SearchOptions{}, exact);
  auto truth = std::make_shared<test::BruteForceValues>(4);
  for (int i = 0; i < 40; ++i) {
    Position pos = random_position(rng, 4);
    int die = 1 + int(rng.below(6));
    SearchResult r = search.choose(pos, die, Deadline::none());
    double best = truth->die_value(pos, die), chosen = -1;
    auto values = truth->move_values(pos, die);
    for (const ExactMoveValue& mv : *values)
      if (mv.move == r.move) chosen = mv.value;
    CHECK((r.exact || legal_moves(pos, die).size == 1));
    CHECK(chosen == Approx(best).margin(1e-9));
  }
}

TEST_CASE("a short time limit is respected", "[timing]") {
  // On the thread's CPU clock, which stands still while the thread waits for a core, the bounds
  // are tight. On the wall clock a busy machine may keep the search waiting: the bound there only
  // catches a search that ignores its deadline.
  using std::chrono::milliseconds;
  Search search;
  Position start = parse_position("r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r").position;
  for (ClockKind clock : {ClockKind::ThreadCpu, ClockKind::Wall})
    for (auto limit : {milliseconds(20), milliseconds(100)}) {
      bool cpu = clock == ClockKind::ThreadCpu;
      INFO((cpu ? "CPU" : "wall") << " clock, limit " << limit.count() << " ms");
      Duration t0 = clock_now(clock);
      SearchResult r = search.choose(start, 3, Deadline::after(clock, t0, limit));
      Duration took = clock_now(clock) - t0;
      CHECK(took < limit + (cpu ? milliseconds(100) : milliseconds(2000)));
      if (cpu) CHECK(r.depth >= 2);
      CHECK(legal_moves(start, 3).contains(r.move));
    }
}

TEST_CASE("model=random: the search equals a direct expectimax averaging the opponent's moves") {
  Rng rng(31);
  Search pruned(random_model(SearchOptions{})), plain(random_model(plain_options()));
  auto eval = [](const Position& p) { return evaluate(p); };
  for (int i = 0; i < 150; ++i) {
    Position pos = random_position(rng, 3 + int(rng.below(10)));
    Side opponent = opposite(pos.to_move);
    int depth = 1 + i % 2;
    double direct = direct_model_value(pos, depth, opponent, eval);
    CHECK(pruned.chance_value(pos, depth) == Approx(direct).margin(1e-12));
    CHECK(plain.chance_value(pos, depth) == Approx(direct).margin(1e-12));
    // After the root mover's roll: its best move, the opponent averaged below.
    int die = 1 + int(rng.below(6));
    double best = 0;
    for (Move m : legal_moves(pos, die)) {
      Position child = pos;
      child.play(m);
      best = std::max(best, wins_at_once(pos, m)
                                ? 1.0
                                : 1 - direct_model_value(child, depth - 1, opponent, eval));
    }
    CHECK(pruned.die_value(pos, die, depth) == Approx(best).margin(1e-12));
  }
}

TEST_CASE("model=random: Star1 and Star2 give the plain expectimax value") {
  check_pruning_against_plain(
      32, 300, 3, [](int) { return 3; }, random_model);
}

TEST_CASE("model=random: values are at least those against a best opponent") {
  // Same leaves; the opponent's mean is at most its best, so the root mover gains.
  Rng rng(33);
  Search best(plain_options()), random(random_model(plain_options()));
  for (int i = 0; i < 100; ++i) {
    Position pos = random_position(rng, 3 + int(rng.below(10)));
    int depth = 1 + i % 3;
    CHECK(random.chance_value(pos, depth) >= best.chance_value(pos, depth) - 1e-12);
  }
}

TEST_CASE("model=random: entries do not leak between the colours modelled") {
  // One search object modelling Blue (Red at the root), then Red (Blue at the root) at the same
  // positions: each value must be what a fresh search finds.
  Rng rng(34);
  Search reused(random_model(SearchOptions{}));
  for (int i = 0; i < 60; ++i) {
    Position pos = random_position(rng, 4 + int(rng.below(9)));
    reused.chance_value(pos, 3);
    for (Move m : legal_moves(pos, 1 + int(rng.below(6)))) {
      if (wins_at_once(pos, m)) continue;
      Position child = pos;
      child.play(m);
      Search fresh(random_model(SearchOptions{}));
      CHECK(reused.chance_value(child, 2) == Approx(fresh.chance_value(child, 2)).margin(1e-12));
    }
  }
}

TEST_CASE("model=random: table values are leaf estimates only") {
  Rng rng(35);
  auto exact = std::make_shared<test::BruteForceValues>(3);
  Search search(random_model(SearchOptions{}), exact);
  SearchOptions up_to_3 = random_model(SearchOptions{});
  up_to_3.max_depth = 3;
  // Whether a direct search to `depth` reaches no leaf: its value does not depend on them.
  auto leafless = [](const Position& p, int depth) {
    Side opponent = opposite(p.to_move);
    return direct_model_value(p, depth, opponent, [](const Position&) { return 0.0; }) ==
           direct_model_value(p, depth, opponent, [](const Position&) { return 1.0; });
  };
  int differs = 0, exact_roots = 0;
  for (int i = 0; i < 60; ++i) {
    // Children with a capture are covered: at the horizon they take the table value.
    Position pos = random_position(rng, 4);
    auto leaf = [&](const Position& p) {
      return p.piece_count() <= 3 ? exact->solve(p) : evaluate(p);
    };
    CHECK(search.chance_value(pos, 1) ==
          Approx(direct_model_value(pos, 1, opposite(pos.to_move), leaf)).margin(1e-12));
    // A covered node is searched through, the tables standing in for the evaluation below,
    // and its value is exact only where no line reached them.
    Position small = random_position(rng, 2 + int(rng.below(2)));
    double v = search.chance_value(small, 2);
    CHECK(v == Approx(direct_model_value(small, 2, opposite(small.to_move), leaf)).margin(1e-12));
    if (search.last_exact()) CHECK(leafless(small, 2));
    exact_roots += search.last_exact();
    if (std::abs(v - exact->solve(small)) > 1e-6) ++differs;
    // The root does not play the tables' move at once, nor claims a value exact that is not.
    int die = 1 + int(rng.below(6));
    Search bounded(up_to_3, exact);
    SearchResult r = bounded.choose(small, die, Deadline::none());
    CHECK(!r.from_tables);
    if (r.exact && !wins_at_once(small, r.move)) {
      // An exact value is that of the chosen move whatever the leaves: none was reached.
      Position child = small;
      child.play(r.move);
      auto move_value = [&](double leaf_value) {
        return 1 - direct_model_value(child, r.depth - 1, child.to_move,
                                      [&](const Position&) { return leaf_value; });
      };
      CHECK(move_value(0) == Approx(r.value).margin(1e-12));
      CHECK(move_value(1) == Approx(r.value).margin(1e-12));
    }
  }
  CHECK(differs > 0);
  CHECK(exact_roots < 60);
}
