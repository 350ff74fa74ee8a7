// The sequential probability ratio test of a match: is A stronger than B by ELO1 (H1) rather
// than by ELO0 (H0)? Logistic Elo, on the pentanomial model of paired games.
//
// The games of a pair share setup and dice with colours swapped, so they are not independent:
// the luck of the dice favours one seat in both games, and a pair's two results are correlated
// (negatively for A's score: what A won as the lucky seat, B often wins back from it). Pairs
// are independent, so the test counts pairs by A's points in them (0, 1/2, 1, 3/2, 2 out of 2;
// with no draws in this game only 0, 1 and 2 occur), the pentanomial model fastchess uses for
// paired openings. Counting games as independent trials (the trinomial model) takes the
// spread of a pair's score to be that of two independent games, larger than it is here, so
// its test would need more games to reach the same error rates.
//
// The log-likelihood ratio is the generalised one (Van den Bergh, "Comments on normalized
// Elo"): for each hypothesis the distribution over the five outcomes nearest to the observed
// frequencies (maximum likelihood) whose mean score is the hypothesis's, s = 1/(1+10^(-elo/400)),
// and LLR = pairs * sum_i f_i log(p1_i / p0_i). An outcome never seen counts 0.001 of a pair,
// so that no probability is zero. The test accepts H1 when the LLR reaches log((1-beta)/alpha)
// and H0 when it falls to log(beta/(1-alpha)).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "match.h"

namespace ewn {

struct SprtSetting {
  double elo0 = 0, elo1 = 5;
  double alpha = 0.05, beta = 0.05;
  double lower() const;  // log(beta / (1 - alpha))
  double upper() const;  // log((1 - beta) / alpha)
};

// "ELO0,ELO1[,ALPHA,BETA]"; nullopt with `error` saying what is wrong.
std::optional<SprtSetting> parse_sprt(std::string_view text, std::string& error);

// Pairs by A's points in them: [0] both lost ... [4] both won ([1], [3]: a draw with a loss or
// a win, never in this game).
using Pentanomial = std::array<int, 5>;
// The complete pairs among `games` (Pairs format, any order).
Pentanomial pentanomial_of(const std::vector<MatchGame>& games);

double sprt_llr(const Pentanomial& pairs, const SprtSetting& setting);

enum class SprtVerdict { Continue, H0, H1 };
SprtVerdict sprt_verdict(double llr, const SprtSetting& setting);
const char* sprt_verdict_name(SprtVerdict v);  // "continue", "H0", "H1"

}  // namespace ewn

namespace ewn {

// The test as a match goes on: games added as they finish (any order), the verdict after each.
class SprtMonitor {
 public:
  explicit SprtMonitor(SprtSetting setting) : setting_(setting) {}
  void add(const MatchGame& g);
  const SprtSetting& setting() const { return setting_; }
  const Pentanomial& pairs() const { return pairs_; }
  double llr() const { return llr_; }
  SprtVerdict verdict() const { return sprt_verdict(llr_, setting_); }
  // " LLR 1.23 (-2.94, 2.94)", and " H1" / " H0" once decided.
  std::string progress_text() const;

 private:
  SprtSetting setting_;
  Pentanomial pairs_{};
  std::vector<std::pair<int, bool>> open_;  // rounds with one game in: round, A won it
  double llr_ = 0;
};

}  // namespace ewn
