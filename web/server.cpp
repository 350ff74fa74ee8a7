#include "server.h"

#include <httplib.h>

#include <sys/socket.h>

#include <atomic>
#include <csignal>
#include <filesystem>
#include <memory>
#include <stdexcept>

#include "engine_api.h"
#include "engine_pool.h"
#include "eval_network.h"
#include "json_response.h"
#include "query.h"
#include "race.h"
#include "static_files.h"
#include "table_info.h"
#include "tablebase_values.h"

namespace ewn::web {

namespace {

// How long a request waits for a free engine search before it is told the engine is busy.
constexpr Milliseconds kEngineWait{2000};
constexpr long kDefaultMovetimeMs = 500;
// Decoded table blocks kept for probes and searches together (the player alone keeps 1 GB).
constexpr size_t kCacheBytes = size_t(256) << 20;

struct Context {
  ServerOptions options;
  std::shared_ptr<const Tablebase> tables;
  std::unique_ptr<EnginePool> engine;
  std::string network_note;  // which evaluation network the engine uses
  Json info;
};

// The engine: expectimax with the tables where there are some, and with the trained network in
// the table directory where there is one (as the contest engine chooses it; a file that does not
// load is noted and done without).
void make_engine(Context& c) {
  prepare_race_tables();  // built now, not on the clock of the first request's search
  SearchOptions options;
  std::shared_ptr<const ExactValues> exact;
  if (c.tables->max_pieces() >= 2) exact = std::make_shared<TablebaseValues>(c.tables);
  auto network = std::filesystem::path(c.options.tables) / kDefaultNetworkFile;
  std::error_code ec;
  c.network_note = "no evaluation network (train one with ewn train-eval)";
  if (std::filesystem::is_regular_file(network, ec)) {
    try {
      options.network = std::make_shared<const EvalNetwork>(EvalNetwork::load(network.string()));
      c.network_note = "network " + network.string();
    } catch (const std::exception& e) {
      c.network_note = std::string("no evaluation network (") + e.what() + ")";
    }
  }
  c.engine = std::make_unique<EnginePool>(options, exact, c.options.searches);
}

// Runs a route's handler, answering a RequestError with 400 and its message.
httplib::Server::Handler guarded(
    std::function<void(const httplib::Request&, httplib::Response&)> f) {
  return [f = std::move(f)](const httplib::Request& req, httplib::Response& res) {
    try {
      f(req, res);
    } catch (const RequestError& e) {
      send_error(res, 400, e.what());
    }
  };
}

void probe_route(const Context& c, const httplib::Request& req, httplib::Response& res) {
  check_params(req, {"position"});
  // Parsed by the probe function, so that a bad position gets the error of `ewn probe --json`.
  ProbeAnswer a = c.options.probe(*c.tables, position_text(req));
  using O = ProbeAnswer::Outcome;
  int status = a.outcome == O::Ok            ? 200
               : a.outcome == O::BadPosition ? 400
               : a.outcome == O::NotCovered  ? 404
                                             : 500;
  res.status = status;
  res.set_content(a.json + "\n", "application/json");
}

Milliseconds movetime_param(const Context& c, const httplib::Request& req) {
  // Any whole number up to an hour is a fair request; the server's cap then applies.
  long ms = number_param(req, "movetime", kDefaultMovetimeMs, 1, 3'600'000);
  return Milliseconds(std::min<long>(ms, c.options.max_movetime_ms));
}

// Runs `f` with a search of the pool, or answers 503 when none frees up in time.
template <class F>
void with_engine(const Context& c, httplib::Response& res, F f) {
  auto lease = c.engine->acquire(kEngineWait);
  if (!lease) {
    send_error(res, 503,
               "the engine is busy (" + std::to_string(c.engine->size()) +
                   " searches running); try again");
    return;
  }
  send_json(res, 200, f(lease->search()));
}

void move_route(const Context& c, const httplib::Request& req, httplib::Response& res) {
  check_params(req, {"position", "movetime"});
  ParsedPosition parsed = position_param(req);
  Milliseconds movetime = movetime_param(c, req);
  if (!parsed.die)
    throw RequestError("the position needs a die for the engine to move (e.g. '... r 3')");
  if (parsed.position.winner()) throw RequestError("the game is decided: there is no move");
  with_engine(c, res, [&](Search& s) { return engine_move(s, parsed, movetime); });
}

void estimate_route(const Context& c, const httplib::Request& req, httplib::Response& res) {
  check_params(req, {"position", "movetime"});
  ParsedPosition parsed = position_param(req);
  Milliseconds budget = movetime_param(c, req);
  with_engine(c, res, [&](Search& s) { return engine_estimate(s, parsed, budget); });
}

void static_route(const httplib::Request& req, httplib::Response& res) {
  std::string path = req.path == "/" ? "/index.html" : req.path;
  for (const StaticFile& f : static_files())
    if (f.path == path) {
      res.set_content(std::string(f.body), std::string(f.content_type).c_str());
      return;
    }
  send_error(res, 404, "no such page: " + printable_excerpt(req.path));
}

// The answer of an error httplib itself produced (a malformed request, an overlong URI, an
// unknown method), given as JSON like every other.
void error_body(const httplib::Request&, httplib::Response& res) {
  if (!res.body.empty()) return;
  std::string what = res.status == 400   ? "malformed request"
                     : res.status == 404 ? "not found"
                     : res.status == 413 ? "request body too large"
                     : res.status == 414 ? "request line too long (at most 8192 bytes)"
                     : res.status < 500  ? "request refused"
                                         : "server error";
  send_error(res, res.status, "HTTP " + std::to_string(res.status) + ": " + what);
}

}  // namespace

void serve(const ServerOptions& options, const ReadyCallback& ready) {
  // A client that hangs up mid-answer must not end the server.
  std::signal(SIGPIPE, SIG_IGN);
  auto c = std::make_shared<Context>();
  c->options = options;
  c->tables = std::make_shared<const Tablebase>(options.tables, kCacheBytes);
  make_engine(*c);
  c->info = tables_info(*c->tables);
  c->info["engine"] = {{"searches", options.searches},
                       {"max_movetime_ms", options.max_movetime_ms},
                       {"tables", c->engine->tables() != nullptr}};

  httplib::Server server;
  int threads = options.threads;
  server.new_task_queue = [threads] { return new httplib::ThreadPool(size_t(threads)); };
  // No request needs a body; the URI limit (8 KB) is httplib's.
  server.set_payload_max_length(4096);
  server.set_keep_alive_max_count(1000);
  // An answer goes out in two writes (head, body): with Nagle's algorithm the second waits for
  // the client's delayed acknowledgement, 40 ms a request on a kept-alive connection.
  server.set_tcp_nodelay(true);
  server.set_default_headers({{"X-Content-Type-Options", "nosniff"},
                              {"Content-Security-Policy",
                               "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"},
                              {"Referrer-Policy", "no-referrer"},
                              {"Cache-Control", "no-store"}});
  server.Get("/api/probe", guarded([c](const auto& req, auto& res) { probe_route(*c, req, res); }));
  server.Get("/api/move", guarded([c](const auto& req, auto& res) { move_route(*c, req, res); }));
  server.Get("/api/estimate",
             guarded([c](const auto& req, auto& res) { estimate_route(*c, req, res); }));
  server.Get("/api/info", guarded([c](const auto& req, auto& res) {
               check_params(req, {});
               send_json(res, 200, c->info);
             }));
  server.Get("/.*", guarded([](const auto& req, auto& res) {
               check_params(req, {});
               static_route(req, res);
             }));
  auto not_allowed = [](const httplib::Request&, httplib::Response& res) {
    res.set_header("Allow", "GET, HEAD");
    send_error(res, 405, "only GET (and HEAD) requests are served");
  };
  server.Post("/.*", not_allowed);
  server.Put("/.*", not_allowed);
  server.Patch("/.*", not_allowed);
  server.Delete("/.*", not_allowed);
  server.Options("/.*", not_allowed);
  server.set_error_handler(error_body);
  server.set_exception_handler([](const auto&, auto& res, std::exception_ptr ep) {
    std::string what = "unknown error";
    try {
      std::rethrow_exception(ep);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    send_error(res, 500, "internal error: " + what);
  });

  // cpp-httplib 0.11 listens with a backlog of 5: a sixth connection arriving at once (a browser
  // opens six, the load test eight) loses its SYN and retries a second later. Listening again on
  // the bound socket raises the backlog (Linux keeps the socket, only the queue grows).
  // And its default options set SO_REUSEPORT, with which a second server binds the same port
  // and silently shares the connections; SO_REUSEADDR alone still allows a quick restart.
  std::atomic<int> socket_fd = -1;
  server.set_socket_options([&socket_fd](socket_t fd) {
    int yes = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    socket_fd = fd;
  });
  int port = options.port;
  if (port == 0) {
    port = server.bind_to_any_port(options.host);
    if (port < 0) throw std::runtime_error("cannot bind to " + options.host);
  } else if (!server.bind_to_port(options.host, port)) {
    throw std::runtime_error("cannot bind to " + options.host + ":" + std::to_string(port) +
                             " (in use? choose another with --port)");
  }
  std::string host =
      options.host.find(':') != std::string::npos ? "[" + options.host + "]" : options.host;
  if (socket_fd >= 0) ::listen(socket_fd, SOMAXCONN);
  int pieces = c->tables->max_pieces();
  std::string note = pieces >= 2
                         ? "tables in " + options.tables + ": every position with up to " +
                               std::to_string(pieces) + " pieces"
                         : "no complete set of tables in " + options.tables +
                               ": every value is the engine's estimate (make tables with: ewn gen "
                               "--pieces 5 --out " +
                               options.tables + ")";
  ready("http://" + host + ":" + std::to_string(port) + "/", note + "; engine: " + c->network_note);
  server.listen_after_bind();
}

}  // namespace ewn::web
