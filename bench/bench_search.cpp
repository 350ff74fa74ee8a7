// Search effort by depth and pruning mode: nodes and time of a fixed-depth search from the
// opening positions of random setups (each with a random die). Times are CPU time of the
// thread (the machine may be shared). Nodes are chance nodes, leaves included.
// With a network file (ewn train-eval), Star2 runs again with the network's evaluation: what
// the correction costs per node.
//   bench_search [positions=20] [max_depth=5] [network]
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "eval_network.h"
#include "rng.h"
#include "search.h"
#include "setup.h"
#include "time_control.h"

using namespace ewn;

int main(int argc, char** argv) {
  int positions = argc > 1 ? std::atoi(argv[1]) : 20;
  int max_depth = argc > 2 ? std::atoi(argv[2]) : 5;
  std::shared_ptr<const EvalNetwork> network;
  if (argc > 3) network = std::make_shared<const EvalNetwork>(EvalNetwork::load(argv[3]));
  struct Mode {
    const char* name;
    bool star1, star2, network;
  } modes[] = {{"plain", false, false, false},
               {"star1", true, false, false},
               {"star2", true, true, false},
               {"+net", true, true, true}};
  std::printf("%-6s %5s %12s %10s %12s\n", "prune", "depth", "nodes/pos", "ms/pos", "nodes/s");
  for (const Mode& mode : modes) {
    if (mode.network && !network) continue;
    for (int depth = 1; depth <= max_depth; ++depth) {
      SearchOptions o;
      o.star1 = mode.star1;
      o.star2 = mode.star2;
      o.use_tt = false;
      if (mode.network) o.network = network;
      Search search(o);
      Rng rng(7);
      uint64_t nodes = 0;
      Duration t0 = clock_now(ClockKind::ThreadCpu);
      for (int i = 0; i < positions; ++i) {
        Position pos = random_setup(rng.next(), i % 2 ? Blue : Red);
        search.die_value(pos, rng.die(), depth);
        nodes += search.nodes();
      }
      double s = std::chrono::duration<double>(clock_now(ClockKind::ThreadCpu) - t0).count();
      std::printf("%-6s %5d %12.0f %10.2f %12.0f\n", mode.name, depth, double(nodes) / positions,
                  1000 * s / positions, nodes / s);
    }
  }
}
