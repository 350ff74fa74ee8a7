#include "analysis_answer.h"

#include "game_verdict.h"
#include "notation.h"
#include "printable.h"
#include "side_names.h"

namespace ewn {

namespace {

Json optional_text(const char* s) {
  return s ? Json(s) : Json(nullptr);
}

Json turn_json(const TurnAnalysis& t) {
  Json j;
  j["turn"] = t.turn;
  j["line"] = t.line;
  j["side"] = side_letter(t.before.to_move);
  j["position"] = format_position(t.before);
  j["pieces"] = t.before.piece_count();
  j["die"] = t.die ? Json(*t.die) : Json(nullptr);
  j["assumed_die"] = t.assumed_die ? Json(*t.assumed_die) : Json(nullptr);
  j["move"] = format_move(t.move);
  j["move_value"] = t.move_value;
  j["best_move"] = format_move(t.best_move);
  j["die_value"] = t.die_value;
  j["value"] = t.value;
  j["red_value"] = t.red_value();
  j["luck"] = t.die ? Json(t.luck) : Json(nullptr);
  j["value_lost"] = t.value_lost;
  j["mark"] = optional_text(t.mark());
  j["luck_mark"] = optional_text(t.die ? t.luck_mark() : nullptr);
  j["choices"] = t.choices;
  j["source"] = t.from_tables ? "tables" : "estimate";
  j["exact"] = t.exact;
  j["depth"] = t.depth;
  j["nodes"] = t.nodes;
  return j;
}

Json side_json(const SideSummary& s, const SideVerdict& v) {
  Json j;
  j["result"] = v.result ? Json(*v.result) : Json(nullptr);
  j["luck_adjusted_result"] = v.luck_adjusted ? Json(*v.luck_adjusted) : Json(nullptr);
  j["turns"] = s.turns;
  j["choices"] = s.choices;
  j["luck"] = s.luck;
  j["value_lost"] = s.value_lost;
  j["value_lost_mean"] = s.value_lost_mean();
  j["value_lost_mean_se"] = v.losses.mean_se();
  j["rating"] = v.rating;
  j["inaccuracies"] = s.inaccuracies;
  j["mistakes"] = s.mistakes;
  j["blunders"] = s.blunders;
  return j;
}

}  // namespace

Json analysis_answer(const GameAnalysis& a) {
  Json j;
  j["format"] = game_format_name(a.game.format);
  j["game"] = a.game.number;
  j["games"] = a.game.games;
  const auto& players = a.game.players;
  j["players"] = players[Red].empty() && players[Blue].empty()
                     ? Json(nullptr)
                     : Json{{"r", printable(players[Red])}, {"b", printable(players[Blue])}};
  j["start"] = format_position(a.game.start);
  j["winner"] = a.game.winner ? Json(side_letter(*a.game.winner)) : Json(nullptr);
  j["game_end"] = record_end_name(a.game.game_end);
  j["node_budget"] = a.nodes;
  Json turns = Json::array();
  for (const TurnAnalysis& t : a.turns) turns.push_back(turn_json(t));
  j["turns"] = std::move(turns);
  j["sides"] = {{"r", side_json(a.red, side_verdict(a, Red))},
                {"b", side_json(a.blue, side_verdict(a, Blue))}};
  j["notes"] = a.game.notes;
  return j;
}

}  // namespace ewn
