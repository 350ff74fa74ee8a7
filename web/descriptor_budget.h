// How `ewn serve` shares its open files (docs/WEB.md, Safety): the limit on them
// (RLIMIT_NOFILE), its soft value raised towards the hard one where more are wanted, less a
// descriptor for every table file (each open table keeps its file open) and a few for the
// process, is what its connections and its refusals may hold. So a flood of connections never
// takes the descriptors a table needs to be opened.
#pragma once

#include <cstddef>
#include <string>

namespace ewn::web {

// Descriptors kept for the process beside its tables and connections: the standard streams, the
// event loop's (epoll, its eventfd and timer), the listening socket, a file read at start.
inline constexpr size_t kProcessDescriptors = 64;
// Connections wanted when the limit allows (more would serve no one person's browser better).
inline constexpr size_t kWantedConnections = 4096;

struct DescriptorBudget {
  size_t limit = 0;   // the soft limit on open files in force
  size_t found = 0;   // the soft limit found at start (before raising it)
  size_t hard = 0;    // the hard limit (the most the soft one may be raised to)
  size_t tables = 0;  // kept for the table files
  size_t process = kProcessDescriptors;
  size_t connections = 0;      // open connections, in all
  size_t per_address = 0;      // open connections from one client address
  size_t refusals = 0;         // connections being answered 503 (over a cap) at once
  bool short_of_room = false;  // the limit leaves less than the least below: raise it
};

// The shares of `limit` descriptors with `tables` table files: what is left beside the tables
// and the process, an eighth of it (from 8 to 256) for refusals and the rest (at most
// kWantedConnections, at least 16) for connections; a sixteenth of those (from 4 to 256) from
// one address.
DescriptorBudget plan_descriptors(size_t limit, size_t tables);

// Reads the limit on open files, raises its soft value (up to the hard one) to what the tables
// and kWantedConnections connections need, and plans with the limit then in force.
DescriptorBudget claim_descriptors(size_t tables);

// The start-up line's words: "open files: limit 1024 (...): 318 for the tables, ...".
std::string describe(const DescriptorBudget& budget);

}  // namespace ewn::web
