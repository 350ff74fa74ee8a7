// How deep the player's search gets: the time the iterative-deepening search (transposition
// table on, as in play) takes to complete each depth, and the depth it completes within a
// thinking time, over opening positions (random setups) and midgame positions (8 to 11 pieces,
// from noisy greedy games). Times are CPU time of the thread. No tables: the opening and the
// midgame lie beyond them anyway.
//   bench_depth [positions=20] [think_ms=70] [max_depth=6] [network|none] [hash_mb=16]
// think_ms = 70 is what a 100 ms per-move limit leaves after the safety margin; hash_mb is the
// transposition table's size (the `hash=` option of an expectimax spec).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

#include "eval_network.h"
#include "position_sampler.h"
#include "rng.h"
#include "search.h"
#include "setup.h"
#include "time_control.h"

using namespace ewn;

namespace {

double seconds_since(Duration t0) {
  return std::chrono::duration<double>(clock_now(ClockKind::ThreadCpu) - t0).count();
}

void measure(const char* name, const std::vector<Position>& positions, Rng& dice,
             const SearchOptions& base, int max_depth, int think_ms) {
  std::vector<int> die(positions.size());
  for (int& d : die) d = dice.die();
  std::printf("%s: %zu positions\n", name, positions.size());
  std::printf("  %5s %12s %10s\n", "depth", "nodes/pos", "ms/pos");
  for (int depth = 1; depth <= max_depth; ++depth) {
    SearchOptions o = base;
    o.max_depth = depth;
    uint64_t nodes = 0;
    double s = 0;
    for (size_t i = 0; i < positions.size(); ++i) {
      Search search(o);  // a fresh table per move, as a new game would have
      Duration t0 = clock_now(ClockKind::ThreadCpu);
      nodes += search.choose(positions[i], die[i], Deadline::none()).nodes;
      s += seconds_since(t0);
    }
    std::printf("  %5d %12.0f %10.2f\n", depth, double(nodes) / positions.size(),
                1000 * s / positions.size());
  }
  std::map<int, int> reached;  // depth 0: played at once (one legal move, or a winning one)
  double depth_sum = 0;
  int searched = 0;
  for (size_t i = 0; i < positions.size(); ++i) {
    Search search(base);
    Duration start = clock_now(ClockKind::ThreadCpu);
    Deadline deadline =
        Deadline::after(ClockKind::ThreadCpu, start, std::chrono::milliseconds(think_ms));
    SearchResult r = search.choose(positions[i], die[i], deadline);
    ++reached[r.depth];
    depth_sum += r.depth;
    searched += r.depth > 0;
  }
  std::printf("  depth completed in %d ms: mean %.2f over %d searched;", think_ms,
              depth_sum / std::max(searched, 1), searched);
  for (auto [depth, count] : reached) std::printf(" %d: %d", depth, count);
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  int count = argc > 1 ? std::atoi(argv[1]) : 20;
  int think_ms = argc > 2 ? std::atoi(argv[2]) : 70;
  int max_depth = argc > 3 ? std::atoi(argv[3]) : 6;
  SearchOptions options;
  if (argc > 4 && std::string(argv[4]) != "none")
    options.network = std::make_shared<const EvalNetwork>(EvalNetwork::load(argv[4]));
  if (argc > 5) options.tt_bytes = size_t(std::atoi(argv[5])) << 20;

  Rng rng(11);
  std::vector<Position> openings;
  for (int i = 0; i < count; ++i) openings.push_back(random_setup(rng.next(), i % 2 ? Blue : Red));
  // Every count-th of many game positions, so that they come from different games.
  std::vector<Position> pool = positions_from_games(rng, size_t(count) * 8, 8, 11);
  std::vector<Position> midgame;
  for (size_t i = 0; i < pool.size(); i += 8) midgame.push_back(pool[i]);

  Rng dice(5);
  measure("opening", openings, dice, options, max_depth, think_ms);
  measure("midgame", midgame, dice, options, max_depth, think_ms);
}
