#include "connection_table.h"

namespace ewn::web {

namespace {

// How many of the heaviest addresses are looked at for a connection to close: those whose
// connections are all being answered are passed over, a few at most.
constexpr int kHeaviestLookedAt = 16;

}  // namespace

size_t ConnectionTable::from(const std::string& address) const {
  auto at = addresses_.find(address);
  return at == addresses_.end() ? 0 : at->second.count;
}

std::optional<uint64_t> ConnectionTable::room_for(size_t newcomer_count) const {
  int looked = 0;
  for (auto it = by_count_.rbegin(); it != by_count_.rend() && looked < kHeaviestLookedAt;
       ++it, ++looked) {
    if (it->first < newcomer_count + 2) break;
    const Address& heavy = addresses_.at(it->second);
    if (!heavy.waiting.empty()) return heavy.waiting.begin()->second;
  }
  return std::nullopt;
}

ConnectionTable::Admission ConnectionTable::admit(uint64_t id, const std::string& address) {
  Admission out;
  size_t count = from(address);
  if (count >= max_per_address_) {
    out.refusal =
        "too many connections from " + address + " (" + std::to_string(max_per_address_) + " open)";
    return out;
  }
  if (connections_.size() >= max_connections_) {
    out.evicted = room_for(count);
    if (!out.evicted) {
      out.refusal = "too many connections (" + std::to_string(max_connections_) + " open)";
      return out;
    }
    leave(*out.evicted);
  }
  out.admitted = true;
  connections_[id] = Connection{address, 0};
  Address& a = addresses_[address];
  recount(address, a.count, a.count + 1);
  ++a.count;
  return out;
}

void ConnectionTable::set_waiting(uint64_t id, bool waiting) {
  auto at = connections_.find(id);
  if (at == connections_.end() || (at->second.waiting_since != 0) == waiting) return;
  Address& a = addresses_.at(at->second.address);
  if (waiting) {
    at->second.waiting_since = ++clock_;
    a.waiting.emplace(clock_, id);
  } else {
    a.waiting.erase({at->second.waiting_since, id});
    at->second.waiting_since = 0;
  }
}

void ConnectionTable::leave(uint64_t id) {
  auto at = connections_.find(id);
  if (at == connections_.end()) return;
  set_waiting(id, false);
  std::string address = std::move(at->second.address);
  connections_.erase(at);
  auto a = addresses_.find(address);
  recount(address, a->second.count, a->second.count - 1);
  if (--a->second.count == 0) addresses_.erase(a);
}

void ConnectionTable::recount(const std::string& address, size_t before, size_t after) {
  if (before > 0) by_count_.erase({before, address});
  if (after > 0) by_count_.emplace(after, address);
}

}  // namespace ewn::web
