#include "http_server.h"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>

#include <algorithm>
#include <optional>

#include "http_session.h"

namespace ewn::web {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using error_code = boost::system::error_code;

namespace {

// After accept fails for want of descriptors (or memory), it is tried again this much later.
constexpr std::chrono::milliseconds kAcceptPause{100};

}  // namespace

struct HttpServer::Impl {
  ConnectionLimits limits;
  asio::io_context io{1};
  tcp::acceptor acceptor{io};
  std::optional<asio::steady_timer> pause;
  std::unique_ptr<SessionContext> sessions;

  void accept() {
    acceptor.async_accept([this](error_code ec, tcp::socket socket) {
      if (!ec) {
        start_session(*sessions, std::move(socket));
      } else if (ec != asio::error::connection_aborted && ec != asio::error::interrupted) {
        // Out of descriptors or memory: accept again once some connection has ended, not in a
        // busy loop (the clients wait in the listen queue meanwhile).
        pause.emplace(io, kAcceptPause);
        pause->async_wait([this](error_code) { accept(); });
        return;
      }
      accept();
    });
  }
};

HttpServer::HttpServer(const ConnectionLimits& limits) : impl_(std::make_unique<Impl>()) {
  impl_->limits = limits;
}

HttpServer::~HttpServer() = default;

const ConnectionLimits& HttpServer::limits() const {
  return impl_->limits;
}

int HttpServer::bind(const std::string& host, int port) {
  error_code ec;
  tcp::resolver resolver(impl_->io);
  auto endpoints = resolver.resolve(host, std::to_string(port),
                                    tcp::resolver::numeric_service | tcp::resolver::passive, ec);
  if (ec) return -1;
  for (const auto& entry : endpoints) {
    tcp::acceptor& a = impl_->acceptor;
    a.open(entry.endpoint().protocol(), ec);
    // SO_REUSEADDR allows a quick restart; no SO_REUSEPORT, with which a second server would
    // bind the same port and silently share the connections.
    if (!ec) a.set_option(tcp::acceptor::reuse_address(true), ec);
    if (!ec) a.bind(entry.endpoint(), ec);
    if (!ec) a.listen(SOMAXCONN, ec);
    if (!ec) return a.local_endpoint().port();
    a.close();
  }
  return -1;
}

void HttpServer::run(int workers, RequestHandler handle) {
  asio::thread_pool pool(size_t(std::max(1, workers)));
  impl_->sessions =
      std::make_unique<SessionContext>(impl_->io, pool, std::move(handle), impl_->limits);
  impl_->accept();
  for (;;) {
    impl_->io.run();
    impl_->io.restart();
  }
}

}  // namespace ewn::web
