// The connections of `ewn serve`: one thread accepts them and keeps every one that has no
// complete request yet in an epoll set, so that idle and slow clients hold a file descriptor
// and a few bytes, never a worker. A request whose head (and body) has arrived goes to one of
// a fixed number of workers, which answer it; the connection then returns to the loop.
//
// Time limits (docs/WEB.md, "Safety"), checked every kSweep:
// - a connection that has sent no byte of a request for `idle` is closed (keep-alive's end);
// - a request must arrive whole within `request` of its first byte, or it is answered 408 and
//   the connection closed (a head sent a byte at a time holds nothing for longer);
// - a worker's wait for a client to take an answer is bounded by `io` a write.
// Open connections are capped in total and per client address; above a cap a new connection is
// closed at once, so a flood cannot take the descriptors the workers and tables need.
#pragma once

#include <httplib.h>

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>

namespace ewn::web {

struct ConnectionLimits {
  std::chrono::milliseconds idle{5000};
  std::chrono::milliseconds request{5000};
  std::chrono::milliseconds io{5000};
  size_t max_connections = 512;
  size_t max_per_address = 256;
};

// Answers one request read from the stream; returns whether the connection stays open (false:
// the client asked to close, or the answer could not be written).
using RequestHandler = std::function<bool(httplib::Stream&)>;
// The whole HTTP answer (status line, headers, body) the loop sends itself for a request it
// refuses before any worker sees it.
using RefusalWriter = std::function<std::string(int status, const std::string& message)>;

// Serves the connections of `listen_fd` (bound and listening) until the process ends.
// `workers` requests are answered at once.
[[noreturn]] void run_connection_loop(int listen_fd, int workers, const ConnectionLimits& limits,
                                      RequestHandler handle, RefusalWriter refusal);

}  // namespace ewn::web
