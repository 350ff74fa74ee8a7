// bench_api: what a cached probe costs through the C API (libewn.so, a position's text in,
// its value out) against the same probe in-process in C++ (Tablebase::value, from text and
// from a parsed position). The Python module's figure comes from bench/bench_python.py on the
// positions this program writes (--save FILE).
//
//   bench_api --tables DIR [--pieces N] [--positions K] [--rounds R] [--seed S] [--save FILE]
//
// K random undecided positions with N pieces, probed once to fill the cache and then R times
// over; each figure is the median over rounds of the thread's CPU time per probe (a busy
// machine inflates CPU time less than wall time).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "bench_positions.h"
#include "ewn/ewn.h"
#include "notation.h"
#include "random_position.h"
#include "tablebase.h"

using namespace ewn;
using bench::thread_ns;

namespace {

// Median over `rounds` of the CPU nanoseconds per call of `probe` on each of `n` positions.
template <class Probe>
double ns_per_probe(size_t n, int rounds, Probe probe) {
  std::vector<double> per_round;
  for (int r = 0; r < rounds; ++r) {
    double sum = 0;
    double t0 = thread_ns();
    for (size_t i = 0; i < n; ++i) sum += probe(i);
    per_round.push_back((thread_ns() - t0) / double(n));
    volatile double keep = sum;
    (void)keep;
  }
  std::sort(per_round.begin(), per_round.end());
  return per_round[per_round.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir, save;
  int pieces = 4, count = 1024, rounds = 50;
  uint64_t seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--tables")
      dir = argv[i + 1];
    else if (a == "--pieces")
      pieces = std::atoi(argv[i + 1]);
    else if (a == "--positions")
      count = std::atoi(argv[i + 1]);
    else if (a == "--rounds")
      rounds = std::atoi(argv[i + 1]);
    else if (a == "--seed")
      seed = std::strtoull(argv[i + 1], nullptr, 10);
    else if (a == "--save")
      save = argv[i + 1];
    else {
      std::fprintf(stderr, "bench_api: unknown option %s\n", a.c_str());
      return 2;
    }
  }
  if (dir.empty() || pieces < 2 || count < 1 || rounds < 1) {
    std::fprintf(stderr,
                 "usage: bench_api --tables DIR [--pieces N] [--positions K] [--rounds R] "
                 "[--seed S] [--save FILE]\n");
    return 2;
  }
  Rng rng(seed);
  std::vector<Position> sample;
  std::vector<std::string> texts;
  for (int i = 0; i < count; ++i) {
    sample.push_back(random_position(rng, pieces));
    texts.push_back(format_position(sample.back()));
  }
  if (!save.empty()) {
    std::ofstream out(save);
    for (const std::string& t : texts) out << t << "\n";
  }

  char err[1024];
  ewn_tablebase* c_tb = ewn_tb_open(dir.c_str(), err, sizeof err);
  if (!c_tb) {
    std::fprintf(stderr, "bench_api: %s\n", err);
    return 1;
  }
  try {
    Tablebase tb(dir);
    size_t n = sample.size();
    auto c_probe = [&](size_t i) {
      double v = 0;
      if (ewn_tb_value(c_tb, texts[i].c_str(), &v) != EWN_OK) {
        std::fprintf(stderr, "bench_api: %s\n", ewn_last_error());
        std::exit(1);
      }
      return v;
    };
    auto cpp_text = [&](size_t i) { return *tb.value(parse_position(texts[i]).position); };
    auto cpp_parsed = [&](size_t i) { return *tb.value(sample[i]); };
    ns_per_probe(n, 1, c_probe);  // fill the caches
    ns_per_probe(n, 1, cpp_text);
    std::printf("%zu cached positions with %d pieces, median of %d rounds, CPU ns a probe:\n", n,
                pieces, rounds);
    std::printf("  C++ Tablebase::value, parsed position: %.0f\n",
                ns_per_probe(n, rounds, cpp_parsed));
    std::printf("  C++ parse_position + Tablebase::value: %.0f\n",
                ns_per_probe(n, rounds, cpp_text));
    std::printf("  C API ewn_tb_value (libewn.so):        %.0f\n",
                ns_per_probe(n, rounds, c_probe));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_api: %s\n", e.what());
    ewn_tb_close(c_tb);
    return 1;
  }
  ewn_tb_close(c_tb);
  return 0;
}
