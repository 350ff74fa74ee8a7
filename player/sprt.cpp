#include "sprt.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>

namespace ewn {

double SprtSetting::lower() const {
  return std::log(beta / (1 - alpha));
}
double SprtSetting::upper() const {
  return std::log((1 - beta) / alpha);
}

std::optional<SprtSetting> parse_sprt(std::string_view text, std::string& error) {
  std::vector<double> v;
  std::string s(text);
  for (size_t start = 0; start <= s.size();) {
    size_t comma = s.find(',', start);
    std::string item =
        s.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    char* end = nullptr;
    double x = std::strtod(item.c_str(), &end);
    if (item.empty() || end != item.c_str() + item.size() || !std::isfinite(x)) {
      error = "'" + item + "' is not a number (write ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA, e.g. 0,10)";
      return std::nullopt;
    }
    v.push_back(x);
    start = comma == std::string::npos ? s.size() + 1 : comma + 1;
  }
  if (v.size() != 2 && v.size() != 4) {
    error = "give 2 or 4 numbers: ELO0,ELO1[,ALPHA,BETA], not " + std::to_string(v.size());
    return std::nullopt;
  }
  SprtSetting out{v[0], v[1]};
  if (v.size() == 4) out.alpha = v[2], out.beta = v[3];
  if (!(out.elo0 < out.elo1) || std::abs(out.elo0) >= 1000 || std::abs(out.elo1) >= 1000) {
    error = "ELO0 must be below ELO1, both within +-1000";
    return std::nullopt;
  }
  if (!(out.alpha > 0 && out.beta > 0 && out.alpha + out.beta < 1)) {
    error = "ALPHA and BETA must be above 0, their sum below 1 (e.g. 0.05,0.05)";
    return std::nullopt;
  }
  return out;
}

Pentanomial pentanomial_of(const std::vector<MatchGame>& games) {
  std::map<int, std::pair<int, int>> by_round;  // games, A's wins
  for (const MatchGame& g : games) {
    auto& [n, wins] = by_round[g.round];
    ++n;
    wins += g.a_won();
  }
  Pentanomial p{};
  for (const auto& [round, r] : by_round)
    if (r.first == 2) ++p[size_t(2 * r.second)];
  return p;
}

namespace {

constexpr std::array<double, 5> kScores = {0, 0.25, 0.5, 0.75, 1};

// The distribution nearest the observed frequencies `f` (maximum likelihood) whose mean score
// is `s`: p_i = f_i / (1 + theta (a_i - s)), theta the root of sum f_i (a_i - s) / (1 + theta
// (a_i - s)) = 0, which falls as theta rises, between the two values where a p_i would turn
// negative. Bisection to the precision of a double.
std::array<double, 5> nearest_with_mean(const std::array<double, 5>& f, double s) {
  auto g = [&](double theta) {
    double sum = 0;
    for (size_t i = 0; i < 5; ++i) sum += f[i] * (kScores[i] - s) / (1 + theta * (kScores[i] - s));
    return sum;
  };
  double lo = -1 / (1 - s), hi = 1 / s;  // g is +inf just above lo and -inf just below hi
  for (int k = 0; k < 200; ++k) {
    double mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) break;
    (g(mid) > 0 ? lo : hi) = mid;
  }
  double theta = 0.5 * (lo + hi);
  std::array<double, 5> p;
  for (size_t i = 0; i < 5; ++i) p[i] = f[i] / (1 + theta * (kScores[i] - s));
  return p;
}

double score_of_elo(double elo) {
  return 1 / (1 + std::pow(10.0, -elo / 400));
}

}  // namespace

double sprt_llr(const Pentanomial& pairs, const SprtSetting& setting) {
  std::array<double, 5> n;
  double total = 0;
  int seen = 0;
  for (size_t i = 0; i < 5; ++i) {
    seen += pairs[i];
    n[i] = pairs[i] > 0 ? pairs[i] : 1e-3;
    total += n[i];
  }
  if (seen == 0) return 0;
  std::array<double, 5> f;
  for (size_t i = 0; i < 5; ++i) f[i] = n[i] / total;
  auto p0 = nearest_with_mean(f, score_of_elo(setting.elo0));
  auto p1 = nearest_with_mean(f, score_of_elo(setting.elo1));
  double llr = 0;
  for (size_t i = 0; i < 5; ++i) llr += f[i] * (std::log(p1[i]) - std::log(p0[i]));
  return total * llr;
}

SprtVerdict sprt_verdict(double llr, const SprtSetting& setting) {
  if (llr >= setting.upper()) return SprtVerdict::H1;
  if (llr <= setting.lower()) return SprtVerdict::H0;
  return SprtVerdict::Continue;
}

const char* sprt_verdict_name(SprtVerdict v) {
  switch (v) {
    case SprtVerdict::H0:
      return "H0";
    case SprtVerdict::H1:
      return "H1";
    case SprtVerdict::Continue:
      break;
  }
  return "continue";
}

}  // namespace ewn

namespace ewn {

void SprtMonitor::add(const MatchGame& g) {
  for (size_t i = 0; i < open_.size(); ++i)
    if (open_[i].first == g.round) {
      ++pairs_[size_t(2 * (int(open_[i].second) + int(g.a_won())))];
      open_.erase(open_.begin() + std::ptrdiff_t(i));
      llr_ = sprt_llr(pairs_, setting_);
      return;
    }
  open_.push_back({g.round, g.a_won()});
}

std::string SprtMonitor::progress_text() const {
  char buf[80];
  SprtVerdict v = verdict();
  std::snprintf(buf, sizeof buf, " LLR %.2f (%.2f, %.2f)%s%s", llr_, setting_.lower(),
                setting_.upper(), v == SprtVerdict::Continue ? "" : " ",
                v == SprtVerdict::Continue ? "" : sprt_verdict_name(v));
  return buf;
}

}  // namespace ewn
