#include "guards.h"

#include <algorithm>
#include <exception>

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
      send_error(res, 403,
                 "Host '" + printable_excerpt(req.host) +
                     "' refused: this server listens on loopback and answers requests for "
                     "localhost, 127.0.0.1 or [::1] only (docs/WEB.md, Safety)");
    else
      route(site, req, res);
  } catch (const RequestError& e) {
    send_failure(res, Failure::BadUse, e.what());
  } catch (const TableError& e) {  // a search's: damaged, or no descriptor to open it (503)
    send_failure(res, failure_of_table(e.kind()), printable(e.what()));
  } catch (const std::exception& e) {
    send_failure(res, Failure::Internal, "internal error: " + std::string(e.what()));
  }
  site.directory.apply(res.body);
  return res;
}

}  // namespace ewn::web
