// Statistics of a match: A's score with a 95% confidence interval, and the Elo difference.
//
// Games of one pair share setup and dice, so they are not independent; pairs are. The
// interval is therefore the normal interval of the mean over independent units (pairs in the
// Pairs format, games otherwise). Where every unit scored the same the sample spread says
// nothing, and the Wilson score interval over the games is used instead.
#pragma once

#include <vector>

#include "match.h"

namespace ewn {

struct Interval {
  double low = 0, high = 0;
};

struct MatchStats {
  int games = 0, a_wins = 0, b_wins = 0;
  int a_time_losses = 0, b_time_losses = 0, illegal = 0;
  int rounds = 0, a_rounds = 0, b_rounds = 0;  // best-of-7 matches won
  double score = 0;                            // A's share of the games won
  Interval score_ci;                           // 95%
  double elo = 0;                              // Elo difference A - B (may be +-infinity)
  Interval elo_ci;
};

MatchStats match_stats(const std::vector<MatchGame>& games, MatchFormat format);

// Elo difference for an expected score p: 400 log10(p / (1 - p)).
double elo_from_score(double p);
// Wilson score interval for k successes in n trials.
Interval wilson_interval(int k, int n, double z = 1.959964);

}  // namespace ewn
