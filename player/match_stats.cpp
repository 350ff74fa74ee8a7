#include "match_stats.h"

#include <cmath>
#include <limits>
#include <map>

namespace ewn {

double elo_from_score(double p) {
  if (p <= 0) return -std::numeric_limits<double>::infinity();
  if (p >= 1) return std::numeric_limits<double>::infinity();
  return 400 * std::log10(p / (1 - p));
}

Interval wilson_interval(int k, int n, double z) {
  if (n <= 0) return {0, 1};
  double p = double(k) / n, z2 = z * z;
  double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  double half = z * std::sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

MatchStats match_stats(const std::vector<MatchGame>& games, MatchFormat format) {
  MatchStats s;
  std::map<int, std::pair<int, int>> by_round;  // round -> (A wins, games)
  for (const MatchGame& g : games) {
    ++s.games;
    bool a = g.a_won();
    (a ? s.a_wins : s.b_wins)++;
    if (g.end == GameEnd::Time) (a ? s.b_time_losses : s.a_time_losses)++;
    if (g.end == GameEnd::Illegal) ++s.illegal;
    auto& r = by_round[g.round];
    r.first += a;
    r.second += 1;
  }
  if (s.games == 0) return s;
  s.score = double(s.a_wins) / s.games;

  // Units: pairs, or single games (a best-of-7 match stops early depending on results, so its
  // games are taken one by one).
  std::vector<double> units;
  if (format == MatchFormat::Pairs) {
    for (auto& [round, r] : by_round) units.push_back(double(r.first) / r.second);
  } else {
    for (const MatchGame& g : games) units.push_back(g.a_won() ? 1 : 0);
    for (auto& [round, r] : by_round) {
      if (r.first > r.second - r.first)
        ++s.a_rounds;
      else
        ++s.b_rounds;
    }
    s.rounds = int(by_round.size());
  }
  double n = double(units.size()), mean = 0, var = 0;
  for (double u : units) mean += u / n;
  for (double u : units) var += (u - mean) * (u - mean);
  var = units.size() > 1 ? var / (n - 1) : 0;
  if (var > 0) {
    double half = 1.959964 * std::sqrt(var / n);
    s.score_ci = {std::max(0.0, s.score - half), std::min(1.0, s.score + half)};
  } else {
    s.score_ci = wilson_interval(s.a_wins, s.games);
  }
  s.elo = elo_from_score(s.score);
  s.elo_ci = {elo_from_score(s.score_ci.low), elo_from_score(s.score_ci.high)};
  return s;
}

}  // namespace ewn
