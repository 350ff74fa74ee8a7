#include "server.h"

#include <csignal>
#include <stdexcept>

#include "guards.h"
#include "http_server.h"
#include "routes.h"
#include "site.h"

namespace ewn::web {

std::string api_path_list() {
  std::string out;
  size_t line_start = 0;
  for (std::string_view path : api_paths()) {
    if (!out.empty()) out += ",";
    if (out.size() - line_start + path.size() + 1 > 88) {
      out += "\n";
      line_start = out.size();
    } else if (!out.empty()) {
      out += " ";
    }
    out += path;
  }
  return out;
}

void serve(const ServerOptions& options, const ReadyCallback& ready) {
  // A client that hangs up mid-answer must not end the server.
  std::signal(SIGPIPE, SIG_IGN);
  std::shared_ptr<const Site> site = open_site(options);

  HttpServer server{ConnectionLimits{}};
  int port = server.bind(options.host, options.port);
  if (port < 0 && options.port == 0) throw std::runtime_error("cannot bind to " + options.host);
  if (port < 0)
    throw std::runtime_error("cannot bind to " + options.host + ":" + std::to_string(options.port) +
                             " (in use? choose another with --port)");
  std::string host =
      options.host.find(':') != std::string::npos ? "[" + options.host + "]" : options.host;
  ready("http://" + host + ":" + std::to_string(port) + "/",
        tables_note(*site) + "; engine: " + site->network_note);
  server.run(options.threads, [site](const Request& req) { return answer(*site, req); });
}

}  // namespace ewn::web
