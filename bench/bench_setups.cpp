// The setup matrix's figures for docs/RESULTS.md and docs/SETUPS.md:
//
//   bench_setups depths ROLE LINES MAX_DEPTH [SEED]
//     The depth study (setup_depth_study.h): ROLE first, second or both.
//   bench_setups noise MATRIX [SAMPLE] [PLIES]
//     SAMPLE entries drawn at random, recomputed PLIES deeper than the matrix's depth (and, at
//     the same depth, with either side renumbered, with the colours swapped and with both
//     sides mirrored: the symmetries' own noise); then every entry between the two equilibrium
//     supports recomputed PLIES deeper and that game solved again.
//   bench_setups rank MATRIX [COLUMNS] [PLIES]
//     Whether the ranking against a random arrangement holds at a deeper search: the five best
//     and the five worst classes of each mover, each against the same COLUMNS opponent classes
//     drawn at random, at the matrix's depth and PLIES deeper.
//   bench_setups games MATRIX PAIRS [SPEC] [today|random] [equilibrium|best|today]
//     Free-setup games between the same player (SPEC, default expectimax:depth=3) placed two
//     ways: as the matrix advises (a draw from the equilibrium mix for the side's turn order,
//     or with `best` the class best against a random arrangement, either member of it; with
//     `today`, today's placement itself, to measure it against random ones), and by
//     today's placement (choose_arrangement at depth 3 against six sample arrangements, the
//     opponent's unknown) or, with `random`, uniformly at random. A pair is two games with the
//     same dice, each placement moving first once; reports the advised side's share of wins
//     with a 95% interval over pairs, and what the matrix predicted for the same arrangements.
//   bench_setups means MATRIX [CLASSES] [COLUMNS] [PLIES]
//     How noisy a class's mean over many opponents is (the ranking against a random arrangement
//     and its ties): CLASSES classes of each mover drawn at random, each against the same
//     COLUMNS opponent classes drawn at random, at the matrix's depth and PLIES deeper;
//     the spread of the change of a class's mean beside the spread of the change of one entry.
//   bench_setups squares MATRIX
//     Why the best arrangements win: each mover's mean value against a random arrangement by
//     the square its end numbers (1 and 6), its middle numbers (3 and 4) and the others (2 and
//     5) stand on, as the difference from the mover's mean over all classes.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "match.h"
#include "matrix_game.h"
#include "rng.h"
#include "setup_advice.h"
#include "setup_choice.h"
#include "setup_depth_study.h"
#include "setup_entry.h"

using namespace ewn;

namespace {

struct Stats {
  double sum = 0, sum_abs = 0, sum_sq = 0, max_abs = 0;
  int n = 0;
  void add(double d) {
    sum += d;
    sum_abs += std::fabs(d);
    sum_sq += d * d;
    max_abs = std::max(max_abs, std::fabs(d));
    ++n;
  }
  void print(const char* what) const {
    std::printf("%-44s n=%d  mean %+.4f  mean|d| %.4f  rms %.4f  max|d| %.4f\n", what, n, sum / n,
                sum_abs / n, std::sqrt(sum_sq / n), max_abs);
  }
};

void subgame(const SetupAdvisor& advisor, Search& search, const std::vector<int>& rows,
             const std::vector<int>& columns, int deep, const char* what);

int noise(const SetupAdvisor& advisor, int sample, int plies) {
  const SetupMatrix& m = advisor.matrix();
  int deep = m.depth + plies;
  Search search(setup_search_options());
  Rng rng(2026);
  Stats deeper, twin_first, twin_second, colours, mirror;
  for (int k = 0; k < sample; ++k) {
    int r = int(rng.below(uint32_t(m.rows))), c = int(rng.below(uint32_t(m.columns)));
    Arrangement a = class_arrangement(r), b = class_arrangement(c);
    double stored = m.value(r, c);
    deeper.add(setup_entry(search, a, b, deep).value - stored);
    twin_first.add(setup_entry(search, renumbered(a), b, m.depth).value - stored);
    twin_second.add(setup_entry(search, a, renumbered(b), m.depth).value - stored);
    colours.add(setup_entry(search, a, b, m.depth, Blue).value - stored);
    mirror.add(setup_entry(search, mirrored(a), mirrored(b), m.depth).value - stored);
  }
  std::printf(
      "matrix %d x %d at depth %d (stored error estimate: rms %.4f, bias %+.4f over %d "
      "entries); sample of %d entries\n",
      m.rows, m.columns, m.depth, m.entry_error, m.depth_bias, m.error_sample, sample);
  deeper.print(("at depth " + std::to_string(deep) + " minus stored").c_str());
  twin_first.print("first mover renumbered, same depth");
  twin_second.print("second mover renumbered, same depth");
  colours.print("colours swapped, same depth");
  mirror.print("both sides mirrored, same depth");

  const SetupEquilibrium& e = advisor.equilibrium();
  std::printf("equilibrium: value %.4f (gap %.1e), supports %zu x %zu\n", e.value, e.gap,
              e.first.size(), e.second.size());
  // The game between the supports, and between the 20 classes of each side best against a
  // random arrangement (the supports among them), at both budgets.
  std::vector<int> rows, columns;
  for (const auto& x : e.first) rows.push_back(arrangement_class(x.arrangement));
  for (const auto& x : e.second) columns.push_back(arrangement_class(x.arrangement));
  subgame(advisor, search, rows, columns, deep, "the supports' game");
  for (const auto& x : advisor.against_uniform(SetupRole::First, 20))
    if (std::find(rows.begin(), rows.end(), arrangement_class(x.arrangement)) == rows.end())
      rows.push_back(arrangement_class(x.arrangement));
  for (const auto& x : advisor.against_uniform(SetupRole::Second, 20))
    if (std::find(columns.begin(), columns.end(), arrangement_class(x.arrangement)) ==
        columns.end())
      columns.push_back(arrangement_class(x.arrangement));
  subgame(advisor, search, rows, columns, deep, "the top classes' game");
  return 0;
}

void subgame(const SetupAdvisor& advisor, Search& search, const std::vector<int>& rows,
             const std::vector<int>& columns, int deep, const char* what) {
  const SetupMatrix& m = advisor.matrix();
  std::vector<double> sub, sub_deep;
  for (int r : rows)
    for (int c : columns) {
      sub.push_back(m.value(r, c));
      sub_deep.push_back(
          setup_entry(search, class_arrangement(r), class_arrangement(c), deep).value);
    }
  MatrixGameSolution at_budget = solve_matrix_game(sub, int(rows.size()), int(columns.size()));
  MatrixGameSolution at_deep = solve_matrix_game(sub_deep, int(rows.size()), int(columns.size()));
  Stats diff;
  for (size_t i = 0; i < sub.size(); ++i) diff.add(sub_deep[i] - sub[i]);
  std::printf("%s, %zu x %zu: value %.4f at depth %d, %.4f at depth %d\n", what, rows.size(),
              columns.size(), at_budget.value, m.depth, at_deep.value, deep);
  diff.print("  its entries, deeper minus stored");
}

int rank(const SetupAdvisor& advisor, int sample, int plies) {
  const SetupMatrix& m = advisor.matrix();
  int deep = m.depth + plies;
  Search search(setup_search_options());
  Rng rng(7);
  std::vector<Arrangement> opponents;
  for (int k = 0; k < sample; ++k)
    opponents.push_back(class_arrangement(int(rng.below(uint32_t(kArrangementClasses)))));
  for (SetupRole role : {SetupRole::First, SetupRole::Second}) {
    std::vector<RankedArrangement> all = advisor.against_uniform(role, -1);
    std::printf("moving %s: class, rank of 360, mean over %d opponents at depth %d and %d\n",
                role_name(role), sample, m.depth, deep);
    for (size_t i = 0; i < all.size(); ++i) {
      if (i >= 5 && i + 5 < all.size()) continue;
      double at_budget = 0, at_deep = 0;
      for (const Arrangement& o : opponents) {
        bool first = role == SetupRole::First;
        const Arrangement& a = first ? all[i].arrangement : o;
        const Arrangement& b = first ? o : all[i].arrangement;
        double v = m.value(arrangement_class(a), arrangement_class(b));
        double d = setup_entry(search, a, b, deep).value;
        at_budget += first ? v : 1 - v;
        at_deep += first ? d : 1 - d;
      }
      std::printf("  %s  %3zu  %.4f  %.4f\n", format_arrangement(all[i].arrangement).c_str(), i + 1,
                  at_budget / sample, at_deep / sample);
    }
  }
  return 0;
}

enum class Advice { Equilibrium, Best, Today };
const char* advice_name(Advice advice) {
  return advice == Advice::Equilibrium ? "the equilibrium"
         : advice == Advice::Best      ? "the best-against-random"
                                       : "today's";
}

// Today's placement (choose_arrangement at depth 3, the opponent unknown) for `role`: one
// arrangement for each turn order, whatever the game; computed once (a search of every order).
Arrangement today(SetupRole role) {
  static const Arrangement first = choose_arrangement(Red, Red, std::nullopt, 3);
  static const Arrangement second = choose_arrangement(Blue, Red, std::nullopt, 3);
  return role == SetupRole::First ? first : second;
}

// The placed side's arrangement for `role`: an equilibrium draw, or the class best against a
// random arrangement (either member of the class, at random), or today's placement.
Arrangement advised(const SetupAdvisor& advisor, SetupRole role, Advice advice, Rng& rng) {
  double u = double(rng.next() >> 11) * 0x1.0p-53;
  bool twin = rng.next() & 1;
  if (advice == Advice::Equilibrium) return advisor.equilibrium_draw(role, u, twin);
  if (advice == Advice::Today) return today(role);
  Arrangement top = advisor.against_uniform(role, 1).front().arrangement;
  return twin ? renumbered(top) : top;
}

Arrangement random_arrangement(Rng& rng) {
  Arrangement a = {1, 2, 3, 4, 5, 6};
  for (int i = 5; i > 0; --i) std::swap(a[size_t(i)], a[rng.below(uint32_t(i + 1))]);
  return a;
}

int games(const SetupAdvisor& advisor, int pairs, const std::string& spec_text, bool random,
          Advice advice) {
  PlayerFactory factory(parse_player_spec(spec_text));
  Arrangement other_first = today(SetupRole::First), other_second = today(SetupRole::Second);
  Rng rng(44);
  int advised_wins = 0;
  double sum = 0, sum_sq = 0, predicted = 0;
  for (int p = 0; p < pairs; ++p) {
    Arrangement placed_first = advised(advisor, SetupRole::First, advice, rng);
    Arrangement placed_second = advised(advisor, SetupRole::Second, advice, rng);
    if (random) {
      other_first = random_arrangement(rng);
      other_second = random_arrangement(rng);
    }
    uint64_t dice = rng.next();
    int score = 0;
    for (bool placed_moves_first : {true, false}) {
      Position start = placed_moves_first ? setup_start(placed_first, other_second)
                                          : setup_start(other_first, placed_second);
      auto red = factory.make(uint64_t(p) * 2);
      auto blue = factory.make(uint64_t(p) * 2 + 1);
      MatchGame g = play_game(*red, *blue, start, dice, ClockKind::ThreadCpu);
      bool first_won = g.winner == Red;
      score += placed_moves_first == first_won;
    }
    const SetupMatrix& m = advisor.matrix();
    predicted += (m.value(arrangement_class(placed_first), arrangement_class(other_second)) + 1 -
                  m.value(arrangement_class(other_first), arrangement_class(placed_second))) /
                 2;
    advised_wins += score;
    double share = score / 2.0;
    sum += share;
    sum_sq += share * share;
    if ((p + 1) % 100 == 0) std::fprintf(stderr, "%d pairs\n", p + 1);
  }
  double mean = sum / pairs, var = sum_sq / pairs - mean * mean;
  double half = 1.96 * std::sqrt(var / pairs);
  if (!random)
    std::printf("today's placement: %s moving first, %s moving second\n",
                format_arrangement(other_first).c_str(), format_arrangement(other_second).c_str());
  else
    std::printf("against arrangements drawn uniformly at random\n");
  std::printf(
      "%d pairs (%d games) of %s: %s placement won %d (%.1f%%, 95%% interval "
      "%.1f-%.1f%%); the matrix predicted %.1f%%\n",
      pairs, 2 * pairs, spec_text.c_str(), advice_name(advice), advised_wins, 100 * mean,
      100 * (mean - half), 100 * (mean + half), 100 * predicted / pairs);
  return 0;
}

int means(const SetupAdvisor& advisor, int classes, int columns, int plies) {
  const SetupMatrix& m = advisor.matrix();
  int deep = m.depth + plies;
  Search search(setup_search_options());
  Rng rng(53);
  std::vector<Arrangement> opponents;
  for (int k = 0; k < columns; ++k)
    opponents.push_back(class_arrangement(int(rng.below(uint32_t(m.rows)))));
  for (SetupRole role : {SetupRole::First, SetupRole::Second}) {
    bool first = role == SetupRole::First;
    Stats entry, mean;
    std::vector<double> mean_changes;
    for (int k = 0; k < classes; ++k) {
      Arrangement mine = class_arrangement(int(rng.below(uint32_t(m.rows))));
      double change = 0;
      for (const Arrangement& o : opponents) {
        const Arrangement& a = first ? mine : o;
        const Arrangement& b = first ? o : mine;
        double v = m.value(arrangement_class(a), arrangement_class(b));
        double d = setup_entry(search, a, b, deep).value;
        double diff = first ? d - v : v - d;  // the change of the placed side's value
        entry.add(diff);
        change += diff;
      }
      mean.add(change / columns);
    }
    // The spread about the common shift: sd = sqrt(rms^2 - mean^2).
    auto sd = [](const Stats& s) {
      double mu = s.sum / s.n;
      return std::sqrt(std::max(0.0, s.sum_sq / s.n - mu * mu));
    };
    std::printf("moving %s, %d classes x %d opponents, depth %d vs %d:\n", role_name(role), classes,
                columns, m.depth, deep);
    entry.print("  one entry, deeper minus stored");
    mean.print("  a class's mean, deeper minus stored");
    std::printf(
        "  sd about the shift: one entry %.4f, a class's mean %.4f (ratio %.2f; %.2f if "
        "independent)\n",
        sd(entry), sd(mean), sd(mean) / sd(entry), 1 / std::sqrt(double(columns)));
  }
  return 0;
}

// The start squares in fill order, for Red (the first mover's squares in the matrix's frame;
// Blue's are the same places seen from the other corner).
const char* const kSquareNames[6] = {"a5", "b5", "c5", "a4", "b4", "a3"};

int squares(const SetupAdvisor& advisor) {
  const char* pair_names[3] = {"1 or 6", "2 or 5", "3 or 4"};
  for (SetupRole role : {SetupRole::First, SetupRole::Second}) {
    std::vector<RankedArrangement> all = advisor.against_uniform(role, -1);
    double mean = 0;
    for (const auto& r : all) mean += r.value;
    mean /= double(all.size());
    std::printf(
        "moving %s: mean %.4f over %zu classes; the mean of the classes with the numbers "
        "on a square, minus that (points)\n          ",
        role_name(role), mean, all.size());
    for (const char* name : kSquareNames) std::printf("  %6s", name);
    std::printf("\n");
    for (int pair = 0; pair < 3; ++pair) {
      std::printf("  %-8s", pair_names[pair]);
      for (int square = 0; square < 6; ++square) {
        double sum = 0;
        int n = 0;
        for (const auto& r : all) {
          int number = r.arrangement[size_t(square)];
          if (std::min(number, 7 - number) != pair + 1) continue;
          sum += r.value;
          ++n;
        }
        std::printf("  %+6.2f", 100 * (sum / n - mean));
      }
      std::printf("\n");
    }
    // The end numbers' places together: both behind the front diagonal (a5 b5 a4), one on it.
    const int front[3] = {2, 4, 5};
    double sums[3] = {0, 0, 0};
    int counts[3] = {0, 0, 0};
    for (const auto& r : all) {
      int on_front = 0;
      for (int square : front) {
        int number = r.arrangement[size_t(square)];
        on_front += number == 1 || number == 6;
      }
      sums[on_front] += r.value;
      ++counts[on_front];
    }
    for (int k = 0; k < 3; ++k)
      std::printf("  %d of 1 and 6 on the front diagonal (c5 b4 a3): %3d classes, %+.2f points\n",
                  k, counts[k], 100 * (sums[k] / counts[k] - mean));
  }
  return 0;
}

Advice advice_of(const std::string& word) {
  if (word == "best") return Advice::Best;
  if (word == "today") return Advice::Today;
  if (word == "equilibrium") return Advice::Equilibrium;
  throw std::invalid_argument("unknown placement '" + word + "' (equilibrium, best or today)");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(
        stderr,
        "usage: bench_setups depths first|second|both LINES MAX_DEPTH [SEED]\n"
        "       bench_setups noise MATRIX [SAMPLE] [PLIES]\n"
        "       bench_setups rank MATRIX [COLUMNS] [PLIES]\n"
        "       bench_setups games MATRIX PAIRS [SPEC] [today|random] [equilibrium|best|today]\n"
        "       bench_setups means MATRIX [CLASSES] [COLUMNS] [PLIES]\n"
        "       bench_setups squares MATRIX\n");
    return 2;
  }
  std::string mode = argv[1];
  if (mode == "depths")
    return setup_depth_study(argv[2], argc > 3 ? std::atoi(argv[3]) : 24,
                             argc > 4 ? std::atoi(argv[4]) : 5,
                             argc > 5 ? unsigned(std::atoi(argv[5])) : 53u);
  try {
    SetupAdvisor advisor(read_setup_matrix(argv[2]));
    if (mode == "noise")
      return noise(advisor, argc > 3 ? std::atoi(argv[3]) : 200, argc > 4 ? std::atoi(argv[4]) : 1);
    if (mode == "rank")
      return rank(advisor, argc > 3 ? std::atoi(argv[3]) : 60, argc > 4 ? std::atoi(argv[4]) : 1);
    if (mode == "games")
      return games(advisor, argc > 3 ? std::atoi(argv[3]) : 1000,
                   argc > 4 ? argv[4] : "expectimax:depth=3",
                   argc > 5 && std::string(argv[5]) == "random",
                   argc > 6 ? advice_of(argv[6]) : Advice::Equilibrium);
    if (mode == "squares") return squares(advisor);
    if (mode == "means")
      return means(advisor, argc > 3 ? std::atoi(argv[3]) : 30, argc > 4 ? std::atoi(argv[4]) : 60,
                   argc > 5 ? std::atoi(argv[5]) : 1);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_setups: %s\n", e.what());
    return 1;
  }
  std::fprintf(stderr, "bench_setups: unknown mode '%s'\n", mode.c_str());
  return 2;
}
