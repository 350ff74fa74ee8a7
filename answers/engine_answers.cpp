#include "engine_answers.h"

#include "notation.h"
#include "position_answer.h"
#include "side_names.h"

namespace ewn {

Json move_answer(const Position& pos, int die, const SearchResult& r, int64_t movetime_ms,
                 int64_t took_ms) {
  Position after = pos;
  after.play(r.move);
  Json j;
  j["position"] = format_position(pos, die);
  j["side"] = side_letter(pos.to_move);
  j["die"] = die;
  j["move"] = format_move(r.move);
  j["move_value"] = r.value >= 0 ? Json(r.value) : Json(nullptr);
  j["exact"] = r.exact;
  j["depth"] = r.depth;
  j["nodes"] = r.nodes;
  j["movetime_ms"] = movetime_ms;
  j["took_ms"] = took_ms;
  j["after"] = format_position(after);
  return j;
}

Json estimate_answer(const PositionEstimate& e, int64_t took_ms) {
  Json j = position_answer(e.valued, ValueSource::Estimate);
  j["depth"] = e.depth;
  j["nodes"] = e.nodes;
  j["ended_by"] = e.ended_by;
  j["exact"] = e.exact;
  j["took_ms"] = took_ms;
  return j;
}

Json estimate_in_place_of_probe(Json estimate, const std::string& not_covered) {
  estimate["not_covered"] = not_covered;
  return estimate;
}

}  // namespace ewn
