#include "descriptor_budget.h"

#include <sys/resource.h>

#include <algorithm>

namespace ewn::web {

namespace {

constexpr size_t kLeastConnections = 16, kLeastRefusals = 8;

size_t as_count(rlim_t value) {
  constexpr size_t kUnlimited = size_t(1) << 20;
  return value == RLIM_INFINITY ? kUnlimited : size_t(std::min<rlim_t>(value, kUnlimited));
}

}  // namespace

DescriptorBudget plan_descriptors(size_t limit, size_t tables) {
  DescriptorBudget b;
  b.limit = b.found = b.hard = limit;
  b.tables = tables;
  size_t kept = tables + b.process;
  size_t room = limit > kept ? limit - kept : 0;
  b.refusals = std::clamp<size_t>(room / 8, kLeastRefusals, 256);
  b.connections = std::min(kWantedConnections, room > b.refusals ? room - b.refusals : 0);
  if (b.connections < kLeastConnections) {
    b.short_of_room = true;
    b.connections = kLeastConnections;
  }
  b.per_address = std::clamp<size_t>(b.connections / 16, 4, 256);
  return b;
}

DescriptorBudget claim_descriptors(size_t tables) {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return plan_descriptors(1024, tables);
  size_t found = as_count(limit.rlim_cur), hard = as_count(limit.rlim_max);
  size_t wanted = tables + kProcessDescriptors + kWantedConnections + 256;
  if (found < wanted && found < hard) {
    limit.rlim_cur = rlim_t(std::min(wanted, hard));
    if (::setrlimit(RLIMIT_NOFILE, &limit) != 0 || ::getrlimit(RLIMIT_NOFILE, &limit) != 0)
      limit.rlim_cur = rlim_t(found);
  }
  DescriptorBudget b = plan_descriptors(as_count(limit.rlim_cur), tables);
  b.found = found;
  b.hard = hard;
  return b;
}

std::string describe(const DescriptorBudget& b) {
  std::string out = "open files: limit " + std::to_string(b.limit);
  if (b.limit != b.found) out += " (raised from " + std::to_string(b.found) + ")";
  if (b.limit == b.hard) out += " (the hard limit)";
  out += ": " + std::to_string(b.tables) + " for the tables, " + std::to_string(b.process) +
         " for the process, " + std::to_string(b.connections) + " connections (" +
         std::to_string(b.per_address) + " from one address) and " + std::to_string(b.refusals) +
         " refusals at once";
  if (b.short_of_room)
    out += "; too few for the tables and " + std::to_string(kLeastConnections) +
           " connections: raise the limit (ulimit -n " +
           std::to_string(b.tables + b.process + 1024) + ")";
  return out;
}

}  // namespace ewn::web
