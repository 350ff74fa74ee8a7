// The player's search where the tables are probed all the time: positions with one piece more
// than the largest tables (so that every capture lands in them), searched to a fixed depth with
// the tables of a directory. At a fixed depth the search visits the same nodes whatever the
// table format (the stored values are the same), so nodes per second compare what the probes
// cost. One Tablebase for all positions (as in a game: its cache of decoded blocks is kept and
// its files are open before the timing), the search's tables emptied before each position. Times
// are CPU time of the thread in the searches.
//   bench_table_search TABLES [positions=200] [depth=4] [seed=3]
#include <cstdio>
#include <cstdlib>
#include <string>

#include "open_tables.h"
#include "position_sampler.h"
#include "rng.h"
#include "search.h"
#include "tablebase_values.h"
#include "time_control.h"

using namespace ewn;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_table_search TABLES [positions=200] [depth=4] [seed=3]\n");
    return 2;
  }
  int count = argc > 2 ? std::atoi(argv[2]) : 200;
  int depth = argc > 3 ? std::atoi(argv[3]) : 4;
  uint64_t seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 3;
  try {
    auto tables = open_tablebase(argv[1]);
    const double opening = open_every_table(tables->tablebase(), tables->complete_up_to());
    const int pieces = tables->complete_up_to() + 1;
    Rng rng(seed);
    // Every 4th of the positions with `pieces` pieces from many games, so that they come from
    // different games.
    std::vector<Position> pool = positions_from_games(rng, size_t(count) * 4, pieces, pieces);
    std::vector<Position> positions;
    for (size_t i = 0; i < pool.size(); i += 4) positions.push_back(pool[i]);
    SearchOptions options;
    options.max_depth = depth;
    uint64_t nodes = 0;
    Duration searching{};
    Search search(options, tables);
    for (const Position& pos : positions) {
      // Emptied between positions (the same nodes as a fresh search) but not timed: clearing a
      // transposition table costs more than a shallow search, and a game clears it once.
      search.clear();
      Duration t0 = clock_now(ClockKind::ThreadCpu);
      nodes += search.choose(pos, rng.die(), Deadline::none()).nodes;
      searching += clock_now(ClockKind::ThreadCpu) - t0;
    }
    double seconds = std::chrono::duration<double>(searching).count();
    std::printf("%zu positions with %d pieces, depth %d, tables %s (up to %d pieces)\n",
                positions.size(), pieces, depth, argv[1], tables->complete_up_to());
    std::printf(
        "nodes %llu, CPU %.2f s, %.0f nodes/s, %.1f ms a position (opening the tables "
        "before: %.2f s)\n",
        (unsigned long long)nodes, seconds, double(nodes) / seconds,
        1000 * seconds / double(positions.size()), opening);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_table_search: %s\n", e.what());
    return 1;
  }
  return 0;
}
