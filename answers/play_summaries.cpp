#include "play_summaries.h"

#include <cmath>

#include "printable.h"
#include "side_names.h"

namespace ewn {

namespace {

double ms(Duration d) {
  return double(d.count()) / 1e6;
}

// An infinite Elo (one side won every game) is null.
Json finite(double x) {
  return std::isfinite(x) ? Json(x) : Json(nullptr);
}

}  // namespace

namespace {

Json sprt_json(const std::optional<SprtOutcome>& sprt) {
  if (!sprt) return nullptr;
  const SprtSetting& t = sprt->setting;
  Json j;
  j["elo0"] = t.elo0;
  j["elo1"] = t.elo1;
  j["alpha"] = t.alpha;
  j["beta"] = t.beta;
  j["lower"] = t.lower();
  j["upper"] = t.upper();
  j["llr"] = sprt->llr;
  j["result"] = sprt_verdict_name(sprt_verdict(sprt->llr, t));
  j["pairs"] = sprt->pairs;
  return j;
}

}  // namespace

Json match_answer(const MatchSetting& setting, const MatchStats& s,
                  const std::array<Duration, 2>& longest_ab, const std::optional<SprtOutcome>& sprt,
                  const std::vector<MatchFault>& faults) {
  bool bo7 = setting.format == MatchFormat::BestOf7;
  Json j;
  j["a"] = printable(setting.a);
  j["b"] = printable(setting.b);
  j["format"] = bo7 ? "bo7" : "pairs";
  j["clock"] = setting.clock;
  j["seed"] = setting.seed;
  j["games"] = s.games;
  j["a_wins"] = s.a_wins;
  j["b_wins"] = s.b_wins;
  j["a_score"] = s.score;
  j["a_score_ci95"] = {s.score_ci.low, s.score_ci.high};
  j["elo"] = finite(s.elo);
  j["elo_ci95"] = {finite(s.elo_ci.low), finite(s.elo_ci.high)};
  j["a_time_losses"] = s.a_time_losses;
  j["b_time_losses"] = s.b_time_losses;
  j["illegal_moves"] = s.illegal;
  j["a_longest_move_ms"] = ms(longest_ab[0]);
  j["b_longest_move_ms"] = ms(longest_ab[1]);
  j["matches"] = bo7 ? Json(s.rounds) : Json(nullptr);
  j["a_match_wins"] = bo7 ? Json(s.a_rounds) : Json(nullptr);
  j["b_match_wins"] = bo7 ? Json(s.b_rounds) : Json(nullptr);
  j["sprt"] = sprt_json(sprt);
  j["faults"] = Json::array();
  for (const MatchFault& f : faults)
    j["faults"].push_back({{"game", f.game},
                           {"loser", f.a_lost ? "A" : "B"},
                           {"end", f.end},
                           {"reason", printable(f.reason)}});
  return j;
}

Json connect_answer(const ConnectSummary& s) {
  Json j;
  j["games"] = s.games.size();
  j["won"] = s.won;
  j["lost"] = s.lost;
  j["lost_on_time"] = s.lost_on_time;
  j["unfinished"] = s.unfinished;
  j["results"] = Json::array();
  for (const ConnectGame& g : s.games)
    j["results"].push_back({{"game", g.game},
                            {"engine_side", side_letter(g.engine_side)},
                            {"engine_moves", g.engine_moves},
                            {"outcome", g.outcome},
                            {"how", printable(g.how)}});
  return j;
}

Json move_quality_answer(const MoveQualitySetting& setting, const MoveQuality& q) {
  const int n = q.positions;
  Json j;
  j["player"] = printable(setting.player);
  j["pieces"] = setting.pieces;
  j["position_source"] = setting.position_source;
  j["positions"] = n;
  j["position_classes"] =
      setting.position_classes.empty() ? Json(nullptr) : Json(setting.position_classes);
  j["seed"] = setting.seed;
  j["mean_loss"] = q.mean_loss;
  j["mean_loss_ci95"] = {q.ci95_low, q.ci95_high};
  j["best_move_share"] = n ? Json(double(q.best_moves) / n) : Json(nullptr);
  j["mean_move_ms"] = n ? Json(1000 * q.seconds / n) : Json(nullptr);
  return j;
}

}  // namespace ewn
