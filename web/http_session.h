// One connection of `ewn serve` (web/http_server.h): its bytes framed into requests
// (request_head.h), each head parsed by Boost.Beast, answered by a worker, and the answer
// written by the event loop; then the next request, in the order sent.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/thread_pool.hpp>

#include <functional>
#include <string>
#include <unordered_map>

#include "http_server.h"

namespace ewn::web {

// What the sessions share; touched on the event loop's thread only (but `handle`, which the
// workers call).
struct SessionContext {
  boost::asio::io_context& io;
  boost::asio::thread_pool& workers;
  RequestHandler handle;
  ConnectionLimits limits;
  size_t open = 0;      // connections served (refused ones not counted)
  size_t refusing = 0;  // connections over a cap being answered 503
  std::unordered_map<std::string, size_t> per_address;
};

// Serves an accepted connection until it ends (the session keeps itself alive meanwhile).
void start_session(SessionContext& context, boost::asio::ip::tcp::socket socket);

}  // namespace ewn::web
