#include "server.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <csignal>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

#include "analysis_api.h"
#include "engine_api.h"
#include "engine_defaults.h"
#include "engine_pool.h"
#include "eval_network.h"
#include "host_check.h"
#include "inventory_answer.h"
#include "http_server.h"
#include "json_response.h"
#include "query.h"
#include "race.h"
#include "setup_advice.h"
#include "setup_answers.h"
#include "static_files.h"
#include "tablebase_values.h"
#include "tables_hint.h"

namespace ewn::web {

namespace {

// How long a request waits for a free engine search before it is told the engine is busy.
constexpr Milliseconds kEngineWait{2000};
// The one default of each (player/engine_defaults.h). The estimate's node budget gives the same
// answer on every load.
constexpr long kDefaultMovetimeMs = ewn::kDefaultMovetimeMs;
constexpr long kDefaultEstimateNodes = long(ewn::kDefaultNodeBudget);
constexpr long kMinEstimateNodes = 1'000, kMaxEstimateNodes = 20'000'000;
// Decoded table blocks kept for probes and searches together (the player alone keeps 1 GB).
constexpr size_t kCacheBytes = size_t(256) << 20;

struct Context {
  ServerOptions options;
  std::shared_ptr<const Tablebase> tables;
  std::unique_ptr<EnginePool> engine;
  std::string network_note;  // which evaluation network the engine uses
  // The setup advisor, its equilibrium solved at start (so that every answer only reads it);
  // none: why not, the message of /api/setup/*.
  std::shared_ptr<const SetupAdvisor> setups;
  std::string no_setups;
  Json info;
  // Requests for the engine being answered (searching or waiting for a search), capped so that
  // they never hold more than half the workers: the rest stay free for probes and the page.
  mutable std::atomic<int> engine_requests = 0;
  int max_engine_requests() const { return std::max(options.searches, options.threads / 2); }
};

// The engine: expectimax with the tables where there are some, and with the trained network in
// the table directory where there is one (as the contest engine chooses it; a file that does not
// load is noted and done without).
void make_engine(Context& c) {
  prepare_race_tables();  // built now, not on the clock of the first request's search
  SearchOptions options;
  std::shared_ptr<const ExactValues> exact;
  if (c.tables->complete_up_to() >= 2) exact = std::make_shared<TablebaseValues>(c.tables);
  options.network = load_table_dir_network(c.options.tables, c.network_note);
  c.engine = std::make_unique<EnginePool>(options, exact, c.options.searches);
}

Milliseconds movetime_param(const Context& c, const Request& req) {
  // Any whole number up to an hour is a fair request; the server's cap then applies.
  long ms = number_param(req, "movetime_ms", kDefaultMovetimeMs, 1, 3'600'000);
  return Milliseconds(std::min<long>(ms, c.options.max_movetime_ms));
}

// Runs `f` with a search of the pool, or answers 503 when none frees up in time or too many
// requests already wait for one. The search stops when the client goes away (nobody reads the
// answer then).
template <class F>
void with_engine(const Context& c, const Request& req, Response& res, F f) {
  struct Admission {
    std::atomic<int>& count;
    ~Admission() { --count; }
  } admission{c.engine_requests};
  if (++c.engine_requests > c.max_engine_requests()) {
    send_error(res, 503,
               "the engine is busy (" + std::to_string(c.max_engine_requests()) +
                   " requests for it already); try again");
    return;
  }
  auto lease = c.engine->acquire(kEngineWait, req.client_gone.get());
  if (!lease) {
    send_error(res, 503,
               "the engine is busy (" + std::to_string(c.engine->size()) +
                   " searches running); try again");
    return;
  }
  struct StopWhenGone {
    Search& search;
    ~StopWhenGone() { search.set_stop_flag(nullptr); }
  } stop{lease->search()};
  stop.search.set_stop_flag(req.client_gone.get());
  send_json(res, 200, f(lease->search()));
}

uint64_t nodes_param(const Request& req) {
  return uint64_t(
      number_param(req, "nodes", kDefaultEstimateNodes, kMinEstimateNodes, kMaxEstimateNodes));
}

void probe_route(const Context& c, const Request& req, Response& res) {
  check_params(req, {"position", "fallback", "nodes"});
  bool fallback = req.has_param("fallback");
  if (fallback && req.get_param_value("fallback") != "estimate")
    throw RequestError("parameter 'fallback' takes one value: estimate");
  if (!fallback && req.has_param("nodes"))
    throw RequestError("parameter 'nodes' goes with fallback=estimate");
  // Parsed by the probe function, so that a bad position gets the error of `ewn probe --json`.
  ProbeAnswer a = c.options.probe(*c.tables, position_text(req));
  using O = ProbeAnswer::Outcome;
  if (fallback && a.outcome == O::NotCovered) {
    ParsedPosition parsed = position_param(req);
    uint64_t nodes = nodes_param(req);
    std::string message = Json::parse(a.json).value("error", "");
    with_engine(c, req, res, [&](Search& s) {
      Json j = engine_estimate(s, parsed, nodes, Milliseconds(c.options.max_movetime_ms));
      j["not_covered"] = message;
      return j;
    });
    return;
  }
  int status = a.outcome == O::Ok            ? 200
               : a.outcome == O::BadPosition ? 400
               : a.outcome == O::NotCovered  ? 404
                                             : 500;
  res.status = status;
  res.set_content(a.json + "\n", "application/json");
}

void move_route(const Context& c, const Request& req, Response& res) {
  check_params(req, {"position", "movetime_ms"});
  ParsedPosition parsed = position_param(req);
  Milliseconds movetime = movetime_param(c, req);
  if (!parsed.die)
    throw RequestError("the position needs a die for the engine to move (e.g. '... r 3')");
  if (parsed.position.winner()) throw RequestError("the game is decided: there is no move");
  with_engine(c, req, res, [&](Search& s) { return engine_move(s, parsed, movetime); });
}

void estimate_route(const Context& c, const Request& req, Response& res) {
  check_params(req, {"position", "nodes"});
  ParsedPosition parsed = position_param(req);
  uint64_t nodes = nodes_param(req);
  Milliseconds cap(c.options.max_movetime_ms);
  with_engine(c, req, res, [&](Search& s) { return engine_estimate(s, parsed, nodes, cap); });
}

// The analysis holds one search for the whole game: its size is checked first (the turns times
// each one's nodes), and each turn's estimate is capped by --max-movetime as /api/estimate's search
// is. A turn cut short would give values other than the CLI's, so the answer is then an error.
void analyse_route(const Context& c, const Request& req, Response& res) {
  check_params(req, {"text", "nodes", "game"});
  AnalysisRequest request = analysis_request(req, kMinEstimateNodes, kMaxEstimateNodes);
  Milliseconds cap(c.options.max_movetime_ms);
  try {
    with_engine(c, req, res, [&](Search& s) {
      return engine_analysis(s, c.engine->tables().get(), request, cap);
    });
  } catch (const AnalysisTimeError& e) {
    send_error(res, 503,
               "the analysis stopped at " + std::string(e.what()) +
                   " (the server's cap on a search, --max-movetime): ask for fewer nodes");
  }
}

// The setup advisor's answers: those of `ewn setup reply|best|equilibrium --json`.
void load_setups(Context& c) {
  std::string path = c.options.setup_matrix.empty() ? default_setup_matrix_path().string()
                                                    : c.options.setup_matrix;
  try {
    auto advisor = std::make_shared<SetupAdvisor>(read_setup_matrix(path));
    advisor->equilibrium();
    c.setups = advisor;
  } catch (const PathError& e) {
    c.no_setups = "no setup matrix: " + std::string(e.what()) + " (" + setup_matrix_hint(path) +
                  ", then restart the server)";
  }
}

void setup_route(const Context& c, const std::string& question, const Request& req, Response& res) {
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
  if (!c.setups) {
    send_error(res, missing_ok ? 200 : 503, c.no_setups);
    return;
  }
  int count = int(number_param(req, "count", 5, 1, kArrangementClasses));
  if (question == "equilibrium") {
    send_json(res, 200, setup_equilibrium_answer(*c.setups));
  } else if (question == "best") {
    send_json(res, 200, setup_best_answer(*c.setups, count));
  } else {
    if (!req.has_param("arrangement")) throw RequestError("parameter 'arrangement' is required");
    std::string error;
    // Its message quotes a short excerpt of a long or odd value (quoted_excerpt).
    auto theirs = parse_arrangement(req.get_param_value("arrangement"), &error);
    if (!theirs) throw RequestError(error);
    try {
      send_json(res, 200, setup_reply_answer(*c.setups, *theirs, count));
    } catch (const std::out_of_range& e) {
      throw RequestError(e.what());
    }
  }
}

void static_route(const Request& req, Response& res) {
  std::string path = req.path == "/" ? "/index.html" : req.path;
  for (const StaticFile& f : static_files())
    if (f.path == path) {
      res.set_content(std::string(f.body), std::string(f.content_type).c_str());
      return;
    }
  send_error(res, 404, "no such page: " + printable_excerpt(req.path));
}

// How answers name the table directory: as the user gave it when that is a relative path, else
// by its last component, so that no answer shows where on this machine the tables are.
struct DirectoryName {
  std::string shown;
  std::vector<std::string> hidden;  // JSON-escaped forms replaced by `shown` in every answer

  explicit DirectoryName(const std::string& given) : shown(given) {
    std::filesystem::path p(given);
    if (!p.is_absolute()) return;
    std::filesystem::path name = p.lexically_normal();  // "/srv/t/" has an empty last part
    while (name.filename().empty() && name != name.root_path()) name = name.parent_path();
    shown = name.filename().empty() ? "." : name.filename().string();
    for (const std::string& form : {given, name.string()}) {
      std::string escaped = json_text(Json(form));
      escaped = escaped.substr(1, escaped.size() - 2);
      if (std::find(hidden.begin(), hidden.end(), escaped) == hidden.end())
        hidden.push_back(escaped);
    }
    // Longest first, so that a form is never replaced inside a longer one's replacement.
    std::sort(hidden.begin(), hidden.end(),
              [](const auto& a, const auto& b) { return a.size() > b.size(); });
  }

  // Returns whether the body changed.
  bool apply(std::string& body) const {
    bool changed = false;
    for (const std::string& h : hidden)
      for (size_t at = 0; (at = body.find(h, at)) != std::string::npos; at += shown.size()) {
        body.replace(at, h.size(), shown);
        changed = true;
      }
    return changed;
  }
};

// The route of a request's path.
void route(const Context& c, const Request& req, Response& res) {
  const std::string& path = req.path;
  if (path == "/api/probe") {
    probe_route(c, req, res);
  } else if (path == "/api/move") {
    move_route(c, req, res);
  } else if (path == "/api/estimate") {
    estimate_route(c, req, res);
  } else if (path == "/api/analyse") {
    analyse_route(c, req, res);
  } else if (path == "/api/setup/reply" || path == "/api/setup/best" ||
             path == "/api/setup/equilibrium") {
    setup_route(c, path.substr(std::string_view("/api/setup/").size()), req, res);
  } else if (path == "/api/info") {
    check_params(req, {});
    send_json(res, 200, c.info);
  } else {
    check_params(req, {});
    static_route(req, res);
  }
}

// The checks and changes every request and answer passes: the Host check against DNS rebinding
// (when bound to loopback), a RequestError answered 400 with its message, any other exception
// 500, and the table directory's name.
Response answer(const Context& c, const DirectoryName& directory, const Request& req) {
  Response res;
  try {
    if (is_loopback_address(c.options.host) && !req.host.empty() &&
        !is_loopback_host_header(req.host))
      send_error(res, 403,
                 "Host '" + printable_excerpt(req.host) +
                     "' refused: this server listens on loopback and answers requests for "
                     "localhost, 127.0.0.1 or [::1] only (docs/WEB.md, Safety)");
    else
      route(c, req, res);
  } catch (const RequestError& e) {
    send_error(res, 400, e.what());
  } catch (const std::exception& e) {
    send_error(res, 500, "internal error: " + std::string(e.what()));
  }
  directory.apply(res.body);
  return res;
}

}  // namespace

void serve(const ServerOptions& options, const ReadyCallback& ready) {
  // A client that hangs up mid-answer must not end the server.
  std::signal(SIGPIPE, SIG_IGN);
  auto c = std::make_shared<Context>();
  c->options = options;
  c->tables = std::make_shared<const Tablebase>(options.tables, kCacheBytes);
  make_engine(*c);
  load_setups(*c);
  // The inventory of `ewn info --json --quick`: file headers only, read once at start.
  c->info = inventory_answer(c->tables->directory(),
                             inspect_tables(c->tables->directory(), /*headers_only=*/true,
                                            /*threads=*/1),
                             /*checked=*/false);
  auto directory = std::make_shared<const DirectoryName>(options.tables);
  c->info["directory"] = directory->shown;
  c->info["engine"] = {{"searches", options.searches},
                       {"max_movetime_ms", options.max_movetime_ms},
                       {"tables", c->engine->tables() != nullptr}};

  HttpServer server{ConnectionLimits{}};
  int port = server.bind(options.host, options.port);
  if (port < 0 && options.port == 0) throw std::runtime_error("cannot bind to " + options.host);
  if (port < 0)
    throw std::runtime_error("cannot bind to " + options.host + ":" + std::to_string(options.port) +
                             " (in use? choose another with --port)");
  std::string host =
      options.host.find(':') != std::string::npos ? "[" + options.host + "]" : options.host;
  int pieces = c->tables->complete_up_to();
  std::string note = pieces >= 2 ? "tables in " + options.tables + ": every position with up to " +
                                       std::to_string(pieces) + " pieces"
                                 : "no complete set of tables in " + options.tables +
                                       ": every value is the engine's estimate (" +
                                       make_tables_hint(kSuggestedPieces, options.tables) + ")";
  ready("http://" + host + ":" + std::to_string(port) + "/", note + "; engine: " + c->network_note);
  server.run(options.threads,
             [c, directory](const Request& req) { return answer(*c, *directory, req); });
}

}  // namespace ewn::web
