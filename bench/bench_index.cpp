// bench_index: speed of PositionIndex::rank and ::unrank, of IndexWalk, and the index's waste.
//
// For the largest 4-, 5- and 6-piece classes it times rank() and unrank() on random valid
// entries (the squares are prepared beforehand, so only the index code is timed), and an
// IndexWalk stepping through consecutive entries with their waste flag (as the generator walks
// every class), and prints the median over several runs, in CPU time of the benchmark's thread.
// Then it sums size() and canonical_count() over the classes of each piece count: the difference is
// the waste, entries that hold no canonical position.
//
// Usage: bench_index [runs] (default 11)
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <vector>

#include "index.h"
#include "index_walk.h"
#include "material.h"

using namespace ewn;

namespace {

constexpr int kEntries = 1 << 16;      // distinct random entries per class
constexpr int kCallsPerRun = 1 << 21;  // calls timed per run

struct Sample {
  std::vector<uint64_t> index;
  std::vector<SquareList> squares;
};

Sample random_valid_entries(const PositionIndex& idx, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<uint64_t> entry(0, idx.size() - 1);
  Sample s;
  while (int(s.index.size()) < kEntries) {
    uint64_t i = entry(rng);
    SquareList sq{};
    if (!idx.unrank(i, sq)) continue;
    s.index.push_back(i);
    s.squares.push_back(sq);
  }
  return s;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// CPU time of this thread in nanoseconds. On a machine shared with other work, wall time would
// also count the time the benchmark waits for a core.
double thread_cpu_ns() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e9 + double(t.tv_nsec);
}

// CPU nanoseconds per call of `body(k)` over kCallsPerRun calls, cycling through the sample.
template <class Body>
double time_per_call(Body body) {
  double start = thread_cpu_ns();
  for (int k = 0; k < kCallsPerRun; ++k) body(k & (kEntries - 1));
  return (thread_cpu_ns() - start) / kCallsPerRun;
}

MaterialClass largest_class(int pieces) {
  MaterialClass best = material_classes(pieces).front();
  for (MaterialClass mc : material_classes(pieces))
    if (PositionIndex(mc).size() > PositionIndex(best).size()) best = mc;
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = argc > 1 ? std::atoi(argv[1]) : 11;
  if (runs < 1) {
    std::fprintf(stderr, "bench_index: runs must be a positive number, not '%s'\n", argv[1]);
    return 2;
  }
  std::printf(
      "Position index: CPU ns per call, median of %d runs of %d calls on %d random valid "
      "entries\n\n",
      runs, kCallsPerRun, kEntries);
  std::printf("%-7s %-10s %14s %10s %10s %10s\n", "pieces", "class", "entries", "rank", "unrank",
              "walk");
  volatile uint64_t sink = 0;  // keeps the timed calls from being optimised away
  for (int pieces = 4; pieces <= 6; ++pieces) {
    MaterialClass mc = largest_class(pieces);
    PositionIndex idx(mc);
    Sample s = random_valid_entries(idx, 12345 + uint64_t(pieces));
    std::vector<double> rank_ns, unrank_ns, walk_ns;
    for (int r = 0; r < runs; ++r) {
      // kCallsPerRun consecutive entries (from the first again after the last) from a start
      // that moves with the run.
      IndexWalk walk(idx, (uint64_t(r) * 7919 * 1024) % idx.size());
      walk_ns.push_back(time_per_call([&](int) {
        sink = sink + walk.valid() + walk.squares()[pieces - 1];
        if (walk.entry() + 1 < idx.size())
          walk.next();
        else
          walk = IndexWalk(idx, 0);
      }));
      uint64_t acc = 0;
      rank_ns.push_back(time_per_call([&](int k) { acc += idx.rank(s.squares[size_t(k)]); }));
      unrank_ns.push_back(time_per_call([&](int k) {
        SquareList sq;
        acc += idx.unrank(s.index[size_t(k)], sq) + sq[pieces - 1];
      }));
      sink = sink + acc;
    }
    std::printf("%-7d %-10s %14llu %10.1f %10.1f %10.1f\n", pieces, mc.name().c_str(),
                static_cast<unsigned long long>(idx.size()), median(rank_ns), median(unrank_ns),
                median(walk_ns));
  }

  std::printf("\nIndex waste: entries that hold no canonical undecided position\n\n");
  std::printf("%-7s %8s %16s %16s %14s %7s %16s\n", "pieces", "classes", "entries", "canonical",
              "waste", "waste%", "~renumber twins");
  uint64_t all_size = 0, all_canonical = 0, all_twins = 0;
  for (int pieces = 2; pieces <= 6; ++pieces) {
    uint64_t size = 0, canonical = 0, twins = 0;
    auto classes = material_classes(pieces);
    for (MaterialClass mc : classes) {
      PositionIndex idx(mc);
      size += idx.size();
      canonical += idx.canonical_count();
      // A renumber-symmetric side keeps both numberings: about 1 - 1/2^k of such a class's
      // canonical entries repeat another one (k = how many of its sides are symmetric).
      int k = renumber_symmetric(mc.mover) + renumber_symmetric(mc.opponent);
      twins += idx.canonical_count() - (idx.canonical_count() >> k);
    }
    std::printf("%-7d %8zu %16llu %16llu %14llu %6.2f%% %15.2f%%\n", pieces, classes.size(),
                static_cast<unsigned long long>(size), static_cast<unsigned long long>(canonical),
                static_cast<unsigned long long>(size - canonical),
                100.0 * double(size - canonical) / double(size),
                100.0 * double(twins) / double(size));
    all_size += size;
    all_canonical += canonical;
    all_twins += twins;
  }
  std::printf("%-7s %8s %16llu %16llu %14llu %6.2f%% %15.2f%%\n", "2-6", "",
              static_cast<unsigned long long>(all_size),
              static_cast<unsigned long long>(all_canonical),
              static_cast<unsigned long long>(all_size - all_canonical),
              100.0 * double(all_size - all_canonical) / double(all_size),
              100.0 * double(all_twins) / double(all_size));
  return 0;
}
