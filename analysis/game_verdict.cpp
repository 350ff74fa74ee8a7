#include "game_verdict.h"

#include <algorithm>
#include <cmath>

#include "side_names.h"

namespace ewn {

const char* rating_of(double value_lost_mean, int choices) {
  if (choices == 0) return "none";
  if (value_lost_mean < kRatingStrong) return "near-perfect";
  if (value_lost_mean < kRatingFair) return "strong";
  if (value_lost_mean < kRatingWeak) return "fair";
  if (value_lost_mean < kRatingPoor) return "weak";
  return "poor";
}

void LossStats::add(double e) {
  ++choices;
  value_lost += e;
  squares += e * e;
  blunders += e >= kBlunder;
}

void LossStats::add(const LossStats& other) {
  choices += other.choices;
  value_lost += other.value_lost;
  squares += other.squares;
  blunders += other.blunders;
}

double LossStats::mean_se() const {
  if (choices < 2) return 0;
  double n = choices, m = mean();
  double variance = std::max(0.0, (squares - n * m * m) / (n - 1));
  return std::sqrt(variance / n);
}

SideVerdict side_verdict(const GameAnalysis& a, Side s) {
  SideVerdict v;
  for (const TurnAnalysis& t : a.turns)
    if (t.before.to_move == s && t.choices > 1) v.losses.add(t.value_lost);
  v.rating = rating_of(v.losses.mean(), v.losses.choices);
  if (!a.game.winner) return v;
  v.result = *a.game.winner == s ? 1.0 : 0.0;
  v.luck_adjusted = *v.result - (a.side(s).luck - a.side(opposite(s)).luck);
  return v;
}

std::string player_name(const GameRecord& g, Side s) {
  const auto& p = g.players;
  if (p[Red].empty() || p[Blue].empty() || p[Red] == p[Blue]) return side_name(s);
  return p[s];
}

namespace {

PlayerTotals& player(std::vector<PlayerTotals>& players, const std::string& name) {
  auto it = std::find_if(players.begin(), players.end(),
                         [&](const PlayerTotals& p) { return p.name == name; });
  if (it != players.end()) return *it;
  players.push_back({});
  players.back().name = name;
  return players.back();
}

}  // namespace

void LogTotals::add(const GameAnalysis& a) {
  ++games;
  ++ends[size_t(a.game.game_end)];
  for (Side s : {Red, Blue}) {
    PlayerTotals& p = player(players, player_name(a.game, s));
    SideVerdict v = side_verdict(a, s);
    const SideSummary& sum = a.side(s);
    ++p.games;
    p.luck += sum.luck - a.side(opposite(s)).luck;
    if (v.result) {
      ++p.finished;
      p.wins += *v.result == 1.0;
      p.luck_adjusted += *v.luck_adjusted;
    }
    p.losses.add(v.losses);
    p.inaccuracies += sum.inaccuracies;
    p.mistakes += sum.mistakes;
    p.blunders += sum.blunders;
    for (const TurnAnalysis& t : a.turns)
      if (t.before.to_move == s && t.choices > 1)
        p.by_pieces[size_t(std::clamp(t.before.piece_count(), 0, kMaxTablePieces))].add(
            t.value_lost);
  }
}

}  // namespace ewn
