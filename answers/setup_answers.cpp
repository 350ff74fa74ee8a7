#include "setup_answers.h"

namespace ewn {

namespace {

Json ranked_json(const std::vector<RankedArrangement>& list, bool with_probability) {
  Json out = Json::array();
  for (const auto& r : list) {
    Json j;
    j["arrangement"] = format_arrangement(r.arrangement);
    j["twin"] = format_arrangement(renumbered(r.arrangement));
    if (with_probability) j["probability"] = r.probability;
    j["value"] = r.value;
    out.push_back(j);
  }
  return out;
}

Json matrix_json(const SetupMatrix& matrix) {
  Json j;
  j["rows"] = matrix.rows;
  j["columns"] = matrix.columns;
  j["depth"] = matrix.depth;
  return j;
}

}  // namespace

Json setup_reply_answer(const SetupAdvisor& advisor, const Arrangement& theirs, int count) {
  Json j;
  j["matrix"] = matrix_json(advisor.matrix());
  j["against"] = format_arrangement(theirs);
  for (SetupRole role : {SetupRole::First, SetupRole::Second})
    j[role_name(role)] = ranked_json(advisor.replies(role, theirs, count), false);
  return j;
}

Json setup_best_answer(const SetupAdvisor& advisor, int count) {
  Json j;
  j["matrix"] = matrix_json(advisor.matrix());
  for (SetupRole role : {SetupRole::First, SetupRole::Second})
    j[role_name(role)] = ranked_json(advisor.against_uniform(role, count), false);
  return j;
}

Json setup_equilibrium_answer(const SetupAdvisor& advisor) {
  const SetupEquilibrium& e = advisor.equilibrium();
  Json j;
  j["matrix"] = matrix_json(advisor.matrix());
  j["value"] = e.value;
  j["gap"] = e.gap;
  j["first"] = ranked_json(e.first, true);
  j["second"] = ranked_json(e.second, true);
  return j;
}

}  // namespace ewn
