#include "setup_answers.h"

namespace ewn {

namespace {

Json ranked_json(const std::vector<RankedArrangement>& list, bool with_probability, bool with_tie) {
  Json out = Json::array();
  for (const auto& r : list) {
    Json j;
    j["arrangement"] = format_arrangement(r.arrangement);
    j["twin"] = format_arrangement(renumbered(r.arrangement));
    if (with_probability) j["probability"] = r.probability;
    j["value"] = r.value;
    if (with_tie) j["tied"] = r.tied;
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

Json precision_json(const SetupPrecision& p) {
  Json j;
  j["entry_error"] = p.entry_error;
  j["depth_bias"] = p.depth_bias;
  j["value_error"] = p.value_error;
  j["tie_margin"] = p.tie_margin;
  return j;
}

Json alternatives_json(const MixAlternatives& alt) {
  Json j;
  j["equally_good"] = ranked_json(alt.equally_good, false, false);
  Json mixes = Json::array();
  for (const auto& mix : alt.other_mixes) mixes.push_back(ranked_json(mix, true, false));
  j["other_mixes"] = mixes;
  return j;
}

}  // namespace

Json setup_reply_answer(const SetupAdvisor& advisor, const Arrangement& theirs, int count) {
  Json j;
  j["matrix"] = matrix_json(advisor.matrix());
  j["precision"] = precision_json(advisor.reply_precision());
  j["against"] = format_arrangement(theirs);
  Json ties;
  for (SetupRole role : {SetupRole::First, SetupRole::Second}) {
    j[role_name(role)] = ranked_json(advisor.replies(role, theirs, count), false, true);
    ties[role_name(role)] = advisor.tied_replies(role, theirs);
  }
  j["ties"] = ties;
  return j;
}

Json setup_best_answer(const SetupAdvisor& advisor, int count) {
  Json j;
  j["matrix"] = matrix_json(advisor.matrix());
  Json precision, ties;
  for (SetupRole role : {SetupRole::First, SetupRole::Second}) {
    precision[role_name(role)] = precision_json(advisor.mean_precision(role));
    j[role_name(role)] = ranked_json(advisor.against_uniform(role, count), false, true);
    ties[role_name(role)] = advisor.tied_against_uniform(role);
  }
  j["precision"] = precision;
  j["ties"] = ties;
  return j;
}

Json setup_equilibrium_answer(const SetupAdvisor& advisor) {
  const SetupEquilibrium& e = advisor.equilibrium();
  Json j;
  j["matrix"] = matrix_json(advisor.matrix());
  j["precision"] = precision_json(advisor.equilibrium_precision());
  j["value"] = e.value;
  j["gap"] = e.gap;
  j["first"] = ranked_json(e.first, true, false);
  j["second"] = ranked_json(e.second, true, false);
  Json alternatives;
  alternatives["first"] = alternatives_json(e.first_alternatives);
  alternatives["second"] = alternatives_json(e.second_alternatives);
  j["alternatives"] = alternatives;
  j["within_noise"] = {{"margin", e.within_noise.margin},
                       {"first", e.within_noise.first},
                       {"second", e.within_noise.second}};
  return j;
}

}  // namespace ewn
