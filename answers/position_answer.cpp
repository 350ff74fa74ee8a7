#include "position_answer.h"

#include "index.h"
#include "movegen.h"
#include "notation.h"
#include "search.h"
#include "side_names.h"

namespace ewn {

Json position_answer(const ValuedPosition& v, ValueSource source) {
  const Position& pos = v.position;
  auto winner = pos.winner();
  Json dice = Json::array();
  for (const DieMoves& d : v.dice) {
    Json moves = Json::array();
    for (const ExactMoveValue& m : d.moves)
      moves.push_back({{"move", format_move(m.move)}, {"move_value", m.value}, {"wins", m.wins}});
    dice.push_back({{"die", d.die}, {"moves", std::move(moves)}});
  }
  Json j = Json::object();
  j["position"] = format_position(pos, v.die);
  j["side"] = side_letter(pos.to_move);
  j["value"] = v.value;
  j["red_value"] = pos.to_move == Red ? v.value : 1.0 - v.value;
  j["die"] = v.die ? Json(*v.die) : Json(nullptr);
  // The best move's value; a decided position stays decided whatever the die.
  j["die_value"] = !v.die   ? Json(nullptr)
                   : winner ? Json(v.value)
                            : Json(v.dice.front().moves.front().value);
  j["pieces"] = pos.piece_count();
  j["winner"] = winner ? Json(side_letter(*winner)) : Json(nullptr);
  j["material"] = winner ? Json(nullptr) : Json(canonical_key(pos).material.name());
  j["source"] = source == ValueSource::Tables ? "tables" : "estimate";
  j["dice"] = std::move(dice);
  return j;
}

Json show_answer(const ParsedPosition& parsed) {
  const Position& pos = parsed.position;
  auto winner = pos.winner();
  Json j;
  j["position"] = format_position(pos, parsed.die);
  j["side"] = side_letter(pos.to_move);
  j["winner"] = winner ? Json(side_letter(*winner)) : Json(nullptr);
  j["dice"] = Json::array();
  if (winner) return j;
  for (int d = 1; d <= 6; ++d) {
    if (parsed.die && d != *parsed.die) continue;
    Json moves = Json::array();
    for (Move m : legal_moves(pos, d))
      moves.push_back({{"move", format_move(m)}, {"wins", wins_at_once(pos, m)}});
    j["dice"].push_back({{"die", d}, {"moves", std::move(moves)}});
  }
  return j;
}

}  // namespace ewn
