#include "setup_depth_study.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "rng.h"
#include "setup_entry.h"

namespace ewn {

namespace {

constexpr double kWithin[] = {0.0025, 0.005, 0.01};  // X, in probability (0.25, 0.5, 1 point)

// What one depth step (d to d+1) has shown so far.
struct Step {
  int lines = 0, exact = 0;
  int within[std::size(kWithin)] = {};
  double loss_sum = 0, loss_max = 0;
  double diff_sum = 0, diff_sq = 0;
  long entries = 0;
};

struct Study {
  int max_depth;
  std::vector<Step> steps;      // steps[d]: from depth d to d+1
  std::vector<double> seconds;  // seconds[d]: CPU of all entries at depth d
  std::vector<double> nodes;    // nodes[d]
  long entries = 0;

  explicit Study(int max)
      : max_depth(max), steps(size_t(max + 1)), seconds(size_t(max + 1)), nodes(size_t(max + 1)) {}

  // values[d][i]: the value of reply i at depth d for the mover (higher is better for it).
  void add_line(const std::vector<std::vector<double>>& values) {
    auto best = [](const std::vector<double>& v) {
      return size_t(std::max_element(v.begin(), v.end()) - v.begin());
    };
    for (int d = 1; d < max_depth; ++d) {
      const auto& now = values[size_t(d)];
      const auto& deeper = values[size_t(d + 1)];
      Step& s = steps[size_t(d)];
      size_t reply = best(now), deeper_reply = best(deeper);
      double loss = deeper[deeper_reply] - deeper[reply];
      s.lines += 1;
      s.exact += reply == deeper_reply;
      for (size_t x = 0; x < std::size(kWithin); ++x) s.within[x] += loss < kWithin[x];
      s.loss_sum += loss;
      s.loss_max = std::max(s.loss_max, loss);
      for (size_t i = 0; i < now.size(); ++i) {
        double diff = deeper[i] - now[i];
        s.diff_sum += diff;
        s.diff_sq += diff * diff;
        s.entries += 1;
      }
    }
  }

  void print(const char* mover) const {
    std::printf("%s mover's reply, %d opponents, %ld entries searched to depth %d:\n", mover,
                steps[1].lines, entries, max_depth);
    std::printf(
        "  d   exact  <0.25pt  <0.5pt  <1pt   mean loss  max loss  rms(d+1 - d)  mean(d+1 - d)\n");
    for (int d = 1; d < max_depth; ++d) {
      const Step& s = steps[size_t(d)];
      if (s.lines == 0) continue;
      auto pct = [&](int k) { return 100.0 * k / s.lines; };
      std::printf("  %d  %5.1f%%  %5.1f%%  %5.1f%%  %5.1f%%  %6.3fpt  %6.2fpt  %8.3fpt  %+9.3fpt\n",
                  d, pct(s.exact), pct(s.within[0]), pct(s.within[1]), pct(s.within[2]),
                  100 * s.loss_sum / s.lines, 100 * s.loss_max,
                  100 * std::sqrt(s.diff_sq / double(s.entries)),
                  100 * s.diff_sum / double(s.entries));
    }
    std::printf("  depth  CPU an entry  nodes an entry\n");
    for (int d = 1; d <= max_depth; ++d)
      std::printf("  %d      %8.3f ms  %12.0f\n", d, 1000 * seconds[size_t(d)] / double(entries),
                  nodes[size_t(d)] / double(entries));
    std::fflush(stdout);
  }
};

// The study of one mover: `lines` opponents, each against all 360 replies.
void study_mover(bool first_mover, int lines, int max_depth, unsigned seed) {
  Rng rng(seed + (first_mover ? 0 : 1));
  Search search(setup_search_options());
  Study study(max_depth);
  const char* mover = first_mover ? "first" : "second";
  std::vector<int> drawn;
  for (int k = 0; k < lines; ++k) {
    int opponent = 0;
    do opponent = int(rng.below(uint32_t(kArrangementClasses)));
    while (std::find(drawn.begin(), drawn.end(), opponent) != drawn.end());
    drawn.push_back(opponent);
    Arrangement theirs = class_arrangement(opponent);
    std::vector<std::vector<double>> values(size_t(max_depth + 1),
                                            std::vector<double>(kArrangementClasses));
    for (int i = 0; i < kArrangementClasses; ++i) {
      Arrangement mine = class_arrangement(i);
      std::vector<SetupEntry> deepening =
          first_mover ? setup_entry_deepening(search, mine, theirs, max_depth)
                      : setup_entry_deepening(search, theirs, mine, max_depth);
      for (int d = 1; d <= max_depth; ++d) {
        const SetupEntry& e = deepening[size_t(d - 1)];
        values[size_t(d)][size_t(i)] = first_mover ? e.value : 1 - e.value;
        study.seconds[size_t(d)] += e.seconds;
        study.nodes[size_t(d)] += double(e.nodes);
      }
      study.entries += 1;
    }
    study.add_line(values);
    std::fprintf(stderr, "%s mover: opponent %d of %d (class %s) done\n", mover, k + 1, lines,
                 format_arrangement(theirs).c_str());
    if ((k + 1) % 4 == 0 || k + 1 == lines) {
      std::printf("after %d opponents\n", k + 1);
      study.print(mover);
    }
  }
}

}  // namespace

int setup_depth_study(const char* role, int lines, int max_depth, unsigned seed) {
  std::string r = role;
  if ((r != "first" && r != "second" && r != "both") || lines < 1 || max_depth < 2) {
    std::fprintf(stderr,
                 "bench_setups depths: ROLE is first, second or both; LINES >= 1; "
                 "MAX_DEPTH >= 2\n");
    return 2;
  }
  std::printf(
      "depth study: seed %u, X in points of win probability; the loss is the deeper "
      "search's value of its own best reply minus that of the shallower one's\n",
      seed);
  if (r != "second") study_mover(true, lines, max_depth, seed);
  if (r != "first") study_mover(false, lines, max_depth, seed);
  return 0;
}

}  // namespace ewn
