// bench_probe: probe latency (cached and first touch) and table size per unique position.
//
//   bench_probe --tables DIR [--pieces N] [--positions K] [--seed S] [--all-moves-only]
//
// Positions are random undecided positions with exactly N pieces (random material and side to
// move). Times are medians over single probes (first touch) or over batches of 64 probes
// (cached, where a single probe is too short to time alone); first touch is also given in CPU
// time of the thread, which a busy machine inflates less, as a median and as a mean (a cost paid
// once in many touches, such as fresh memory for the cache, shows in the mean only). The files are
// expected to be in the operating system's page cache (run it twice after generating, or read them
// once); the bytes the first touches read from disk are reported too (run it after dropping the
// page cache to see what a probe of files outside it reads). --all-moves-only runs the last
// measure alone, so that after dropping the page cache no earlier measure has read its blocks.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "bench_positions.h"
#include "index.h"
#include "open_tables.h"
#include "random_position.h"
#include "tablebase.h"

using namespace ewn;
using bench::thread_ns;
using Clock = std::chrono::steady_clock;

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}
double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[std::min(v.size() - 1, size_t(p * v.size()))];
}
double mean(const std::vector<double>& v) {
  double sum = 0;
  for (double x : v) sum += x;
  return v.empty() ? 0 : sum / double(v.size());
}
double ns_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
}
// Bytes this process has had read from storage (Linux /proc/self/io); 0 where unknown.
uint64_t storage_read_bytes() {
  std::FILE* f = std::fopen("/proc/self/io", "r");
  if (!f) return 0;
  char line[128];
  unsigned long long bytes = 0;
  while (std::fgets(line, sizeof line, f))
    if (std::sscanf(line, "read_bytes: %llu", &bytes) == 1) break;
  std::fclose(f);
  return bytes;
}

// Format 3: probes of positions of derived classes, each on a cold cache of its own blocks
// (random positions of a large set share almost none): the blocks each decodes (first
// touches) and its CPU time.
void derived_probes(const std::string& dir, const std::vector<Position>& sample) {
  Tablebase tb(dir, size_t(1) << 30);
  std::vector<double> touches, cpu;
  for (const Position& p : sample) {
    if (!tb.is_derived(canonical_key(p).material)) continue;
    const uint64_t before = tb.blocks_decoded();
    double c0 = thread_ns();
    volatile double v = *tb.value(p);
    (void)v;
    cpu.push_back(thread_ns() - c0);
    touches.push_back(double(tb.blocks_decoded() - before));
  }
  if (touches.empty()) {
    std::printf("derived-side probes: none (every class has its own file)\n");
    return;
  }
  std::printf(
      "derived-side probe (format 3, %zu of the positions): first touches mean %.2f, median %.0f, "
      "p90 %.0f, max %.0f; CPU time median %.0f ns, p90 %.0f ns\n",
      touches.size(), mean(touches), median(touches), percentile(touches, 0.9),
      percentile(touches, 1.0), median(cpu), percentile(cpu, 0.9));
}

// Every position with all its moves (best_moves of every die), as analysis and the player ask
// for them: once cold (a fresh tablebase; the files in the page cache, unless it was dropped
// before an --all-moves-only run) and then warm (every block cached), CPU time per position;
// cold also in wall time, which includes waiting for storage, and the bytes read from it.
void all_moves(const std::string& dir, const std::vector<Position>& sample) {
  Tablebase tb(dir, size_t(2) << 30);
  auto pass = [&] {
    double c0 = thread_ns();
    double sum = 0;
    for (const Position& p : sample)
      for (int die = 1; die <= 6; ++die) {
        auto moves = tb.best_moves(p, die);  // kept: a range over *temporary would dangle
        for (const auto& m : *moves) sum += m.value;
      }
    volatile double keep = sum;
    (void)keep;
    return (thread_ns() - c0) / double(sample.size());
  };
  const uint64_t before = tb.blocks_decoded(), read_before = storage_read_bytes();
  auto t0 = Clock::now();
  double cold = pass();
  double cold_wall = ns_since(t0) / double(sample.size());
  double touches = double(tb.blocks_decoded() - before) / double(sample.size());
  double read_bytes = double(storage_read_bytes() - read_before);
  std::vector<double> warm;
  for (int round = 0; round < 5; ++round) warm.push_back(pass());
  std::printf(
      "all moves of a position (6 dice): cold %.0f ns CPU, %.0f ns wall (%.1f blocks decoded, "
      "%.0f bytes read from storage), warm median %.0f ns CPU\n",
      cold, cold_wall, touches, read_bytes / double(sample.size()), median(warm));
}

// Size: total file bytes over unique positions, for each piece count and the whole set.
void print_sizes(const Tablebase& probe_dir, int pieces) {
  uint64_t bytes = 0, positions = 0;
  for (int n = 2; n <= pieces; ++n) {
    uint64_t b = 0, p = 0;
    for (MaterialClass mc : material_classes(n)) {
      // A class derived from its twin (format 3) has no file: its positions count, no bytes.
      if (!probe_dir.is_derived(mc)) b += std::filesystem::file_size(probe_dir.path_of(mc));
      p += PositionIndex(mc).canonical_count();
    }
    std::printf("size %d pieces: %llu bytes, %llu positions, %.3f bytes/position\n", n,
                (unsigned long long)b, (unsigned long long)p, double(b) / double(p));
    bytes += b;
    positions += p;
  }
  std::printf("size <= %d pieces: %llu bytes, %llu positions, %.3f bytes/position\n", pieces,
              (unsigned long long)bytes, (unsigned long long)positions,
              double(bytes) / double(positions));
}

// First use of a class: open + map + validate + first block.
void time_first_use(const std::string& dir, const std::vector<Position>& sample) {
  Tablebase tb(dir);
  std::vector<double> times;
  std::set<MaterialClass> seen;
  for (const Position& p : sample) {
    MaterialClass mc = canonical_key(p).material;
    if (!seen.insert(mc).second) continue;
    auto t0 = Clock::now();
    volatile double v = *tb.value(p);
    (void)v;
    times.push_back(ns_since(t0));
  }
  std::printf(
      "first use of a table file (open, map, first block): median %.0f ns, p90 %.0f ns (%zu "
      "files)\n",
      median(times), percentile(times, 0.9), times.size());
}

// First touch of a block in an open file, the bytes it read; then cached probes.
void time_first_touch_and_cached(const std::string& dir, const std::vector<Position>& sample,
                                 int pieces, int count) {
  Tablebase tb(dir, size_t(count) * 2 * 65536);
  open_every_table(tb, pieces);
  std::vector<double> first, first_cpu;
  std::set<std::pair<MaterialClass, uint64_t>> blocks;
  const uint64_t read_before = storage_read_bytes();
  for (const Position& p : sample) {
    TableKey key = canonical_key(p);
    if (tb.is_derived(key.material)) continue;  // stored blocks only (derived: below)
    const TableFile& file = tb.file(key.material);
    uint64_t block = file.order().file_position(key.index) / file.block_entries();
    bool fresh = blocks.insert({key.material, block}).second;
    double c0 = thread_ns();
    auto t0 = Clock::now();
    volatile double v = *tb.value(p);
    (void)v;
    if (fresh) {
      first.push_back(ns_since(t0));
      first_cpu.push_back(thread_ns() - c0);
    }
  }
  std::printf(
      "first touch of a block (file open): median %.0f ns, p90 %.0f ns; CPU time median %.0f "
      "ns, mean %.0f ns (%zu blocks)\n",
      median(first), percentile(first, 0.9), median(first_cpu), mean(first_cpu), first.size());
  const uint64_t read_bytes = storage_read_bytes() - read_before;
  std::printf("read from storage by the first touches: %llu bytes, %.0f a block\n",
              (unsigned long long)read_bytes, double(read_bytes) / double(first.size()));

  // Nanoseconds per call of `work` on each of the first `n` positions, timed in batches
  // (a single call is too short to time alone), `rounds` times over.
  auto batched_ns = [&](size_t n, int rounds, auto work) {
    constexpr size_t kBatch = 64;
    std::vector<double> out;
    for (int round = 0; round < rounds; ++round)
      for (size_t i = 0; i + kBatch <= n; i += kBatch) {
        auto t0 = Clock::now();
        double sum = 0;
        for (size_t j = i; j < i + kBatch; ++j) sum += work(sample[j]);
        volatile double keep = sum;
        (void)keep;
        out.push_back(ns_since(t0) / kBatch);
      }
    return out;
  };
  auto probe = [&](const Position& p) { return *tb.value(p); };
  // Derived entries were skipped above: one untimed pass computes them (and decodes the blocks
  // their children need), so that every probe timed below is a cached one.
  for (const Position& p : sample) probe(p);
  std::vector<double> cached = batched_ns(sample.size(), 5, probe);
  std::printf("cached probe, all %zu positions: median %.0f ns, p90 %.0f ns (%zu blocks)\n",
              sample.size(), median(cached), percentile(cached, 0.9), blocks.size());

  // The same with a small working set (the first 1024 positions), as in a search that keeps
  // probing near one position: the blocks stay in the processor's caches.
  size_t hot_count = std::min<size_t>(1024, sample.size());
  std::vector<double> hot = batched_ns(hot_count, 50, probe);
  std::printf("cached probe, %zu positions: median %.0f ns, p90 %.0f ns\n", hot_count, median(hot),
              percentile(hot, 0.9));

  // The key alone, to show what the cache lookup adds.
  std::vector<double> keys = batched_ns(
      sample.size(), 1, [](const Position& p) { return double(canonical_key(p).index); });
  std::printf("canonical_key alone: median %.0f ns\n", median(keys));
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir;
  int pieces = 0, count = 20000;
  uint64_t seed = 1;
  bool all_moves_only = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    const char* value = i + 1 < argc ? argv[i + 1] : nullptr;
    if (a == "--all-moves-only") {
      all_moves_only = true;
      continue;
    }
    if (a == "--tables" && value)
      dir = value;
    else if (a == "--pieces" && value)
      pieces = std::atoi(value);
    else if (a == "--positions" && value)
      count = std::atoi(value);
    else if (a == "--seed" && value)
      seed = std::strtoull(value, nullptr, 10);
    else {
      std::fprintf(stderr, "bench_probe: unknown option or missing value: %s\n", a.c_str());
      return 2;
    }
    ++i;
  }
  if (dir.empty()) {
    std::fprintf(stderr,
                 "usage: bench_probe --tables DIR [--pieces N] [--positions K] [--seed S] "
                 "[--all-moves-only]\n");
    return 2;
  }
  try {
    Tablebase probe_dir(dir);
    if (pieces == 0) pieces = probe_dir.complete_up_to();
    if (pieces < 2 || pieces > probe_dir.complete_up_to()) {
      std::fprintf(stderr, "bench_probe: %s covers up to %d pieces\n", dir.c_str(),
                   probe_dir.complete_up_to());
      return 2;
    }

    print_sizes(probe_dir, pieces);
    Rng rng(seed);
    std::vector<Position> sample;
    for (int i = 0; i < count; ++i) sample.push_back(random_position(rng, pieces));

    if (!all_moves_only) {
      time_first_use(dir, sample);
      time_first_touch_and_cached(dir, sample, pieces, count);
      derived_probes(dir, sample);
    }
    all_moves(dir, sample);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_probe: %s\n", e.what());
    return 1;
  }
  return 0;
}
