// One connection of `ewn serve` (web/http_server.h): its bytes framed into requests
// (request_head.h), each head parsed by Boost.Beast, answered by a worker, and the answer
// written by the event loop; then the next request, in the order sent.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/thread_pool.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_map>

#include "connection_table.h"
#include "http_server.h"

namespace ewn::web {

class Session;

// What the sessions share; touched on the event loop's thread only (but `handle`, which the
// workers call).
struct SessionContext {
  SessionContext(boost::asio::io_context& io, boost::asio::thread_pool& workers,
                 RequestHandler handle, const ConnectionLimits& limits)
      : io(io),
        workers(workers),
        handle(std::move(handle)),
        limits(limits),
        table(limits.max_connections, limits.max_per_address) {}

  boost::asio::io_context& io;
  boost::asio::thread_pool& workers;
  RequestHandler handle;
  ConnectionLimits limits;
  ConnectionTable table;  // the connections served (refused ones not counted)
  std::unordered_map<uint64_t, std::weak_ptr<Session>> sessions;  // by id, those in the table
  uint64_t next_id = 0;
  // Connections being answered 503 (over a cap) and closed after their input: beyond
  // limits.max_refusals, a refusal is written and the connection closed at once.
  size_t refusals = 0;
};

// Serves an accepted connection until it ends (the session keeps itself alive meanwhile).
void start_session(SessionContext& context, boost::asio::ip::tcp::socket socket);

}  // namespace ewn::web
