#include "analysis_summary.h"

#include "printable.h"

namespace ewn {

namespace {

Json player_json(const PlayerTotals& p) {
  Json j;
  j["player"] = printable(p.name);
  j["games"] = p.games;
  j["finished"] = p.finished;
  j["wins"] = p.wins;
  j["score"] = p.finished ? Json(double(p.wins) / p.finished) : Json(nullptr);
  j["luck"] = p.luck;
  j["luck_adjusted_score"] = p.finished ? Json(p.luck_adjusted / p.finished) : Json(nullptr);
  j["choices"] = p.losses.choices;
  j["value_lost"] = p.losses.value_lost;
  j["value_lost_mean"] = p.losses.mean();
  j["value_lost_mean_se"] = p.losses.mean_se();
  j["rating"] = p.rating();
  j["inaccuracies"] = p.inaccuracies;
  j["mistakes"] = p.mistakes;
  j["blunders"] = p.blunders;
  Json rows = Json::array();
  for (int pieces = kMaxTablePieces; pieces >= kMinTablePieces; --pieces) {
    const LossStats& e = p.by_pieces[size_t(pieces)];
    if (e.choices == 0) continue;
    rows.push_back({{"pieces", pieces},
                    {"choices", e.choices},
                    {"value_lost_mean", e.mean()},
                    {"blunders", e.blunders}});
  }
  j["by_pieces"] = std::move(rows);
  return j;
}

}  // namespace

Json analysis_summary_answer(const LogTotals& totals) {
  Json ends;
  for (RecordEnd e : {RecordEnd::Board, RecordEnd::Time, RecordEnd::Declaration,
                      RecordEnd::IllegalMove, RecordEnd::Unfinished})
    ends[record_end_name(e)] = totals.ends[size_t(e)];
  Json players = Json::array();
  for (const PlayerTotals& p : totals.players) players.push_back(player_json(p));
  Json j;
  j["games"] = totals.games;
  j["game_ends"] = std::move(ends);
  j["players"] = std::move(players);
  Json unread = Json::array();
  for (const UnreadGame& u : totals.unread)
    unread.push_back({{"game", u.game ? Json(u.game) : Json(nullptr)},
                      {"line", u.line ? Json(u.line) : Json(nullptr)},
                      {"error", printable(u.error)}});
  j["not_analysed"] = std::move(unread);
  return Json{{"summary", std::move(j)}};
}

}  // namespace ewn
