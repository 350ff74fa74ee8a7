#include "guards.h"

#include <algorithm>

#include "engine_defaults.h"
#include "host_check.h"
#include "printable.h"
#include "query.h"
#include "routes.h"
#include "table_format.h"

namespace ewn::web {

std::chrono::milliseconds movetime_param(const Site& site, const Request& req) {
  // Any whole number up to an hour is a fair request; the server's cap then applies.
  long ms = number_param(req, "movetime_ms", ewn::kDefaultMovetimeMs, 1, 3'600'000);
  return std::chrono::milliseconds(std::min<long>(ms, site.options.max_movetime_ms));
}

uint64_t nodes_param(const Request& req) {
  // The one default (player/engine_defaults.h): the same answer on every load.
  return uint64_t(number_param(req, "nodes", long(ewn::kDefaultNodeBudget), kMinNodes, kMaxNodes));
}

Response answer(const Site& site, const Request& req) {
  Response res;
  try {
    if (is_loopback_address(site.options.host) && !req.host.empty() &&
        !is_loopback_host_header(req.host))
      send_error(res, Refusal::HostRefused,
                 "Host " + quoted_excerpt(req.host, kMaxPositionLength) +
                     " refused: this server listens on loopback and answers requests for "
                     "localhost, 127.0.0.1 or [::1] only (docs/WEB.md, Safety)");
    else
      route(site, req, res);
  } catch (...) {
    // The one classifier of every surface (answers/failure.h): a request's bad parameter is bad
    // use, a decided position game over, running out of memory or descriptors 503, a bug 500.
    Failure failure = failure_of_current_exception();
    std::string message = message_of_current_exception();
    send_failure(res, failure,
                 failure == Failure::Internal ? "internal error: " + message : message);
  }
  site.directory.apply(res.body);
  return res;
}

}  // namespace ewn::web
