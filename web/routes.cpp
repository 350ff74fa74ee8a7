#include "routes.h"

#include <stdexcept>

#include "analysis_api.h"
#include "engine_answers.h"
#include "engine_api.h"
#include "guards.h"
#include "printable.h"
#include "probe_answer.h"
#include "query.h"
#include "setup_answers.h"
#include "static_files.h"

namespace ewn::web {

namespace {

// The position as `ewn probe --json` answers it; with fallback=estimate, the engine's estimate
// where the tables do not cover it, the probe's message kept under "not_covered".
void probe_route(const Site& s, const Request& req, Response& res) {
  check_params(req, {"position", "fallback", "nodes"});
  bool fallback = req.has_param("fallback");
  if (fallback && req.get_param_value("fallback") != "estimate")
    throw RequestError("parameter 'fallback' takes one value: estimate");
  if (!fallback && req.has_param("nodes"))
    throw RequestError("parameter 'nodes' goes with fallback=estimate");
  // Parsed by the probe's answer, so that a bad position gets the error of `ewn probe --json`.
  Answer a = probe_answer(*s.tables, position_text(req));
  if (fallback && a.failure == Failure::NotCovered) {
    ParsedPosition parsed = position_param(req);
    uint64_t nodes = nodes_param(req);
    std::chrono::milliseconds cap(s.options.max_movetime_ms);
    with_engine(s, req, res, [&](Search& search) {
      return estimate_in_place_of_probe(engine_estimate(search, parsed, nodes, cap), a.error());
    });
    return;
  }
  send_json(res, a.http_status(), a.json);
}

void move_route(const Site& s, const Request& req, Response& res) {
  check_params(req, {"position", "movetime_ms"});
  ParsedPosition parsed = position_param(req);
  std::chrono::milliseconds movetime = movetime_param(s, req);
  if (!parsed.die)
    throw RequestError("the position needs a die for the engine to move (e.g. '... r 3')");
  if (parsed.position.winner()) throw GameOverError("the game is decided: there is no move");
  with_engine(s, req, res, [&](Search& search) { return engine_move(search, parsed, movetime); });
}

void estimate_route(const Site& s, const Request& req, Response& res) {
  check_params(req, {"position", "nodes"});
  ParsedPosition parsed = position_param(req);
  uint64_t nodes = nodes_param(req);
  std::chrono::milliseconds cap(s.options.max_movetime_ms);
  with_engine(s, req, res,
              [&](Search& search) { return engine_estimate(search, parsed, nodes, cap); });
}

// The analysis holds one search for the whole game: its size is checked first (the turns times
// each one's nodes), and each turn's estimate is capped by --max-movetime as /api/estimate's search
// is. A turn cut short would give values other than the CLI's, so the answer is then an error.
void analyse_route(const Site& s, const Request& req, Response& res) {
  check_params(req, {"text", "nodes", "game"});
  AnalysisRequest request = analysis_request(req, kMinNodes, kMaxNodes);
  std::chrono::milliseconds cap(s.options.max_movetime_ms);
  try {
    with_engine(s, req, res, [&](Search& search) {
      return engine_analysis(search, s.engine->tables().get(), request, cap);
    });
  } catch (const AnalysisTimeError& e) {
    send_failure(res, Failure::Unavailable,
                 "the analysis stopped at " + std::string(e.what()) +
                     " (the server's cap on a search, --max-movetime): ask for fewer nodes");
  }
}

// /api/setup/reply: the best arrangements against the one given.
Json setup_reply(const Site& s, const Request& req, int count) {
  if (!req.has_param("arrangement")) throw RequestError("parameter 'arrangement' is required");
  std::string error;
  // Its message quotes a short excerpt of a long or odd value (quoted_excerpt).
  auto theirs = parse_arrangement(req.get_param_value("arrangement"), &error);
  if (!theirs) throw RequestError(error);
  try {
    return setup_reply_answer(*s.setups, *theirs, count);
  } catch (const std::out_of_range& e) {
    throw RequestError(e.what());
  }
}

// The setup advisor's answers: those of `ewn setup reply|best|equilibrium --json`.
void setup_route(const Site& s, std::string_view question, const Request& req, Response& res) {
  if (question == "reply")
    check_params(req, {"arrangement", "count"});
  else if (question == "best")
    check_params(req, {"count"});
  else
    check_params(req, {"missing"});
  // missing=ok (the equilibrium only, which the page asks first): without a matrix the same
  // error document, answered 200, so that the page learns it with no failed load in the
  // console (as /api/probe's fallback=estimate).
  bool missing_ok = req.has_param("missing");
  if (missing_ok && req.get_param_value("missing") != "ok")
    throw RequestError("parameter 'missing' takes one value: ok");
  if (!s.setups) {
    // The server cannot answer it until it is restarted with a matrix.
    if (missing_ok)
      send_answer(res, error_answer(Failure::Unavailable, s.no_setups));
    else
      send_failure(res, Failure::Unavailable, s.no_setups);
    return;
  }
  int count = int(number_param(req, "count", 5, 1, kArrangementClasses));
  Json answer = question == "equilibrium" ? setup_equilibrium_answer(*s.setups)
                : question == "best"      ? setup_best_answer(*s.setups, count)
                                          : setup_reply(s, req, count);
  send_answer(res, answer);
}

void info_route(const Site& s, const Request& req, Response& res) {
  check_params(req, {});
  send_answer(res, s.info);
}

void static_route(const Request& req, Response& res) {
  check_params(req, {});
  std::string path = req.path == "/" ? "/index.html" : req.path;
  for (const StaticFile& f : static_files())
    if (f.path == path) {
      res.set_content(std::string(f.body), std::string(f.content_type));
      return;
    }
  send_error(res, Refusal::NoSuchPage,
             "no such page: " + quoted_excerpt(req.path, kMaxPositionLength));
}

constexpr std::string_view kSetupPrefix = "/api/setup/";

}  // namespace

const std::vector<std::string_view>& api_paths() {
  static const std::vector<std::string_view> paths{
      "/api/probe", "/api/move",        "/api/estimate",   "/api/analyse",
      "/api/info",  "/api/setup/reply", "/api/setup/best", "/api/setup/equilibrium"};
  return paths;
}

void route(const Site& s, const Request& req, Response& res) {
  const std::string& path = req.path;
  if (path == "/api/probe")
    probe_route(s, req, res);
  else if (path == "/api/move")
    move_route(s, req, res);
  else if (path == "/api/estimate")
    estimate_route(s, req, res);
  else if (path == "/api/analyse")
    analyse_route(s, req, res);
  else if (path == "/api/info")
    info_route(s, req, res);
  else if (path == "/api/setup/reply" || path == "/api/setup/best" ||
           path == "/api/setup/equilibrium")
    setup_route(s, std::string_view(path).substr(kSetupPrefix.size()), req, res);
  else
    static_route(req, res);
}

}  // namespace ewn::web
