#include "analysis_api.h"

#include <optional>
#include <string>

#include "query.h"

namespace ewn::web {

AnalysisRequest analysis_request(const Request& req, long min_nodes, long max_nodes) {
  if (!req.has_param("text"))
    throw RequestError(
        "missing parameter 'text': the game's text (the page's 'Copy game as text', a log of ewn "
        "play, connect or match, or a setup line and then one turn a line, e.g. 'r 3 a5b4')");
  AnalysisRequest r;
  r.nodes = uint64_t(number_param(req, "nodes", long(kDefaultAnalysisNodes), min_nodes, max_nodes));
  // 0: not asked for, the text's last game.
  long number = number_param(req, "game", 0, 1, 999'999'999);
  // A text that cannot be read throws its GameTextError: bad_game_text, as on every surface.
  r.game = read_game(req.get_param_value("text"),
                     number ? std::optional<int>(int(number)) : std::nullopt);
  uint64_t turns = r.game.turns.size();
  if (turns * r.nodes > kMaxAnalysisNodes)
    throw RequestError("the game's " + std::to_string(turns) + " turns at " +
                       std::to_string(r.nodes) + " nodes each ask for more than " +
                       std::to_string(kMaxAnalysisNodes) + " nodes in all: ask for at most " +
                       std::to_string(kMaxAnalysisNodes / turns) +
                       " nodes (or use ewn analyse, which has no limit)");
  return r;
}

Json engine_analysis(Search& search, const ExactValues* tables, const AnalysisRequest& request,
                     std::chrono::milliseconds turn_time_cap) {
  return analysis_answer(
      analyse_game_with(request.game, search, tables, request.nodes, Duration(turn_time_cap)));
}

}  // namespace ewn::web
