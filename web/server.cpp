#include "server.h"

#include <csignal>
#include <stdexcept>

#include "descriptor_budget.h"
#include "guards.h"
#include "http_server.h"
#include "routes.h"
#include "site.h"
#include "table_directory.h"

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

namespace {

// The table files the tables may open: the directory's class-named files (none when there is
// no directory: every value is then the engine's estimate).
size_t table_file_count(const Site& site) {
  try {
    return scan_table_directory(site.tables->directory()).names.size();
  } catch (const std::exception&) {
    return 0;
  }
}

}  // namespace

void serve(const ServerOptions& options, const ReadyCallback& ready) {
  // A client that hangs up mid-answer must not end the server.
  std::signal(SIGPIPE, SIG_IGN);
  std::shared_ptr<const Site> site = open_site(options);

  // Each table keeps its file open once a probe has needed it: a descriptor each, kept for
  // them whatever the connections take.
  DescriptorBudget budget = claim_descriptors(table_file_count(*site));
  ConnectionLimits limits;
  limits.max_connections = budget.connections;
  limits.max_per_address = budget.per_address;
  limits.max_refusals = budget.refusals;
  HttpServer server{limits};
  int port = server.bind(options.host, options.port);
  if (port < 0 && options.port == 0) throw std::runtime_error("cannot bind to " + options.host);
  if (port < 0)
    throw std::runtime_error("cannot bind to " + options.host + ":" + std::to_string(options.port) +
                             " (in use? choose another with --port)");
  std::string host =
      options.host.find(':') != std::string::npos ? "[" + options.host + "]" : options.host;
  ready("http://" + host + ":" + std::to_string(port) + "/",
        tables_note(*site) + "; engine: " + site->network_note, describe(budget));
  server.run(options.threads, [site](const Request& req) { return answer(*site, req); });
}

}  // namespace ewn::web
