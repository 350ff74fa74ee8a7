// The transport of `ewn serve`: Boost.Asio's event loop (epoll) holds every connection, and
// Boost.Beast parses each request head; routes run on a pool of workers. A connection that
// waits for bytes, or for its client to take an answer, holds a descriptor and a buffer, never
// a worker; a connection whose request a worker answers is watched, and the request is told
// when its client goes away (Request::client_gone). Requests on one connection are answered
// one after another, in the order sent.
//
// Limits (docs/WEB.md, "Safety"):
// - a connection that has sent no byte of a request for `idle` is closed (keep-alive's end);
// - a request must arrive whole within `request` of its first byte, or it is answered 408 and
//   the connection closed (a head sent a byte at a time holds nothing for longer);
// - a client must take some of an answer every `io`, or the connection is closed;
// - open connections are capped in all and per client address (connection_table.h: a newcomer
//   from a light address takes the place of the heaviest address's longest-waiting connection):
//   above a cap a new connection is answered 503 at once and closed (never reset unanswered):
//   up to `max_refusals` of them after their client's input has ended (within a second), any
//   more at once, after what the client has sent is read, so that refusals never take more
//   descriptors than their share and a flood never stops the server from accepting.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "http_message.h"

namespace ewn::web {

struct ConnectionLimits {
  std::chrono::milliseconds idle{5000};
  std::chrono::milliseconds request{5000};
  std::chrono::milliseconds io{5000};
  // The shares of the descriptors (descriptor_budget.h).
  size_t max_connections = 4096;
  size_t max_per_address = 256;
  size_t max_refusals = 256;
};

// Answers one request; called on a worker thread, for several requests at once.
using RequestHandler = std::function<Response(const Request&)>;

class HttpServer {
 public:
  explicit HttpServer(const ConnectionLimits& limits);
  ~HttpServer();
  // Binds `host` (a name or an address) at `port` (0: any free port) without SO_REUSEPORT and
  // listens; returns the port, or -1 when it cannot.
  int bind(const std::string& host, int port);
  // Serves the bound address until the process ends, `workers` requests at once.
  [[noreturn]] void run(int workers, RequestHandler handle);
  const ConnectionLimits& limits() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ewn::web
