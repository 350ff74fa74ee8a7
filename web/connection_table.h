// Which connections `ewn serve` holds, by client address, and whom it lets in (docs/WEB.md,
// Safety): at most `max_per_address` from one address and `max_connections` in all. When all
// are taken, a connection from an address that holds fewer than the heaviest address (by two
// or more) is let in in place of the heaviest address's connection that has waited longest on
// its client (for a request, or to take an answer): so a few addresses that hold all they may
// never lock out a client from a new address. Beyond that, the newcomer is refused (503).
// Plain bookkeeping, no sockets: the sessions (http_session.cpp) act on its verdicts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>

namespace ewn::web {

class ConnectionTable {
 public:
  ConnectionTable(size_t max_connections, size_t max_per_address)
      : max_connections_(max_connections), max_per_address_(max_per_address) {}

  struct Admission {
    bool admitted = false;
    std::optional<uint64_t> evicted;  // admitted in place of this connection: close it
    std::string refusal;              // not admitted: why (the 503's message)
  };
  // A new connection, `id` (never used before), from `address`; counted in when admitted.
  Admission admit(uint64_t id, const std::string& address);
  // Whether the connection waits on its client (the first to be closed to make room, the one
  // that has waited longest first) or is being answered by a worker.
  void set_waiting(uint64_t id, bool waiting);
  // The connection has ended (or was evicted): counted out. An unknown id is ignored.
  void leave(uint64_t id);

  size_t open() const { return connections_.size(); }
  size_t from(const std::string& address) const;

 private:
  struct Connection {
    std::string address;
    uint64_t waiting_since = 0;  // 0: not waiting
  };
  struct Address {
    size_t count = 0;
    std::set<std::pair<uint64_t, uint64_t>> waiting;  // (since, id), the longest first
  };
  std::optional<uint64_t> room_for(size_t newcomer_count) const;
  void recount(const std::string& address, size_t before, size_t after);

  size_t max_connections_, max_per_address_;
  uint64_t clock_ = 0;  // orders the waits
  std::unordered_map<uint64_t, Connection> connections_;
  std::unordered_map<std::string, Address> addresses_;
  std::set<std::pair<size_t, std::string>> by_count_;  // (count, address), the heaviest last
};

}  // namespace ewn::web
