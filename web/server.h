// ewn serve: the web explorer's HTTP server (docs/WEB.md). It serves the page (web/static,
// compiled in) and the JSON API: /api/probe, /api/move, /api/estimate, /api/analyse, /api/info
// and the setup advisor's /api/setup/reply, /api/setup/best and /api/setup/equilibrium
// (routes.h; the checks around them guards.h; what they read site.h).
#pragma once

#include <functional>
#include <string>

namespace ewn::web {

struct ServerOptions {
  std::string tables;              // table directory (may hold no tables: the engine estimates)
  std::string host = "127.0.0.1";  // loopback unless told otherwise
  int port = 8080;                 // 0: any free port
  int max_movetime_ms = 5000;      // the cap on a request's movetime
  int searches = 2;                // engine searches at once
  int threads = 16;                // requests served at once
  // The setup matrix of /api/setup/* (ewn setup make); "": the default file, if it is there.
  std::string setup_matrix;
};

// Opens the tables, binds and serves until the process ends. Once bound it calls `ready` with
// the address (http://host:port/), a note on the tables (what they cover, or that there are
// none) and the engine's evaluation network, and one on the open files (the limit, and the
// shares of the tables and the connections: descriptor_budget.h). Throws std::runtime_error
// when it cannot bind.
using ReadyCallback = std::function<void(const std::string& address, const std::string& note,
                                         const std::string& files)>;
void serve(const ServerOptions& options, const ReadyCallback& ready);

// The JSON API's paths, comma-separated and wrapped to lines of at most 88 columns (--help).
std::string api_path_list();

}  // namespace ewn::web
