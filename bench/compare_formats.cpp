// Every entry of every class of two table sets of the same positions compared: a format-3 set
// (one class of each colour pair stored, the other derived) against the same build's format-2
// set (docs/FORMAT.md, "Derived classes"; docs/BENCHMARKS.md, "Format version 3").
//
//   ewn gen --pieces 5 --format 2 --tables t5-v2 && ewn gen --pieces 5 --tables t5-v3
//   build/bench/compare_formats t5-v2 t5-v3 5 [moves_every [sample]]
//   build/bench/compare_formats t6-v2 t6-v3 6 10 10000000   10^7 random entries, moves at 10^6
//
// Exit status 0 when stored entries are identical, derived ones within one step and the best
// moves agree wherever format 2's move values are more than two steps apart; 1 otherwise.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "set_comparison.h"

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr,
                 "usage: %s REFERENCE_DIR CANDIDATE_DIR MAX_PIECES [MOVES_EVERY [SAMPLE]]\n",
                 argv[0]);
    return 2;
  }
  ewn::SetComparisonOptions opt;
  opt.max_pieces = std::atoi(argv[3]);
  opt.moves_every = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
  opt.sample = argc > 5 ? std::strtoull(argv[5], nullptr, 10) : 0;
  const auto start = std::chrono::steady_clock::now();
  opt.on_class = [&](ewn::MaterialClass mc, uint64_t done) {
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr, "\r%-12s %14llu entries  %7.0f s", mc.name().c_str(),
                 (unsigned long long)done, s);
  };
  try {
    ewn::SetComparison r = ewn::compare_table_sets(argv[1], argv[2], opt);
    std::fprintf(stderr, "\n");
    std::printf("stored entries   %llu, differing %llu\n", (unsigned long long)r.stored_entries,
                (unsigned long long)r.stored_differing);
    std::printf("derived entries  %llu, one step away %llu, more %llu\n",
                (unsigned long long)r.derived_entries, (unsigned long long)r.derived_one_step,
                (unsigned long long)r.derived_beyond);
    std::printf(
        "dice compared    %llu (every %llu-th entry compared), clear best move %llu, differing "
        "%llu\n",
        (unsigned long long)r.dice_compared, (unsigned long long)opt.moves_every,
        (unsigned long long)r.dice_clear, (unsigned long long)r.best_move_differing);
    for (const auto& l : r.listed) std::printf("  %s\n", l.c_str());
    std::printf("%s\n", r.ok() ? "same values" : "DIFFERENT");
    return r.ok() ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "\ncompare_formats: %s\n", e.what());
    return 2;
  }
}
