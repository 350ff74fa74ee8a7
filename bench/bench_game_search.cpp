// The player's search in whole games with the tables of a directory: nodes per second where a
// game spends its time, not only where the tables are probed all the time (bench_table_search).
// Both sides are the same expectimax search at a fixed depth (so that two table formats with the
// same values search the same nodes), one Search per side kept through a game as a match keeps
// it, one Tablebase for all games, its files open before the timing. Times are CPU time of the
// thread in the searches.
//   bench_game_search TABLES [games=100] [depth=4] [seed=3]
#include <cstdio>
#include <cstdlib>
#include <string>

#include "open_tables.h"
#include "rng.h"
#include "search.h"
#include "setup.h"
#include "tablebase_values.h"
#include "time_control.h"

using namespace ewn;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_game_search TABLES [games=100] [depth=4] [seed=3]\n");
    return 2;
  }
  int games = argc > 2 ? std::atoi(argv[2]) : 100;
  int depth = argc > 3 ? std::atoi(argv[3]) : 4;
  uint64_t seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 3;
  try {
    auto tables = open_tablebase(argv[1]);
    const double opening = open_every_table(tables->tablebase(), tables->complete_up_to());
    SearchOptions options;
    options.max_depth = depth;
    Search red(options, tables), blue(options, tables);
    Rng rng(seed);
    uint64_t nodes = 0, moves = 0, table_moves = 0;
    Duration searching{};
    for (int g = 0; g < games; ++g) {
      red.clear();
      blue.clear();
      Position pos = random_setup(rng.next(), rng.below(2) ? Red : Blue);
      while (!pos.winner()) {
        Search& search = pos.to_move == Red ? red : blue;
        Duration t0 = clock_now(ClockKind::ThreadCpu);
        SearchResult r = search.choose(pos, rng.die(), Deadline::none());
        searching += clock_now(ClockKind::ThreadCpu) - t0;
        nodes += r.nodes;
        ++moves;
        table_moves += r.from_tables;
        pos.play(r.move);
      }
    }
    double seconds = std::chrono::duration<double>(searching).count();
    std::printf("%d games, depth %d, tables %s (up to %d pieces)\n", games, depth, argv[1],
                tables->complete_up_to());
    std::printf(
        "moves %llu (%llu from the tables), nodes %llu, CPU %.2f s, %.0f nodes/s "
        "(opening the tables before: %.2f s)\n",
        (unsigned long long)moves, (unsigned long long)table_moves, (unsigned long long)nodes,
        seconds, double(nodes) / seconds, opening);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_game_search: %s\n", e.what());
    return 1;
  }
  return 0;
}
