// A plain TCP connection (POSIX sockets) with timeouts.
// Errors are thrown as NetError naming the operation and the system's reason; writing to a
// closed connection is an error, never a SIGPIPE.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "time_control.h"

namespace ewn {

class NetError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class TcpConnection {
 public:
  TcpConnection() = default;
  explicit TcpConnection(int fd) : fd_(fd) {}
  TcpConnection(TcpConnection&& o) noexcept : fd_(o.fd_) { o.fd_ = -1; }
  TcpConnection& operator=(TcpConnection&& o) noexcept;
  TcpConnection(const TcpConnection&) = delete;
  TcpConnection& operator=(const TcpConnection&) = delete;
  ~TcpConnection() { close(); }

  // Connects to host:port (a name or an address). Throws NetError.
  static TcpConnection connect(const std::string& host, int port);

  bool is_open() const { return fd_ >= 0; }
  void send_all(std::string_view bytes);
  // Waits up to `timeout` (none: for ever) for bytes. Returns what was read, "" at the end of
  // the stream (the peer closed), nullopt if the time ran out. Throws NetError on errors.
  std::optional<std::string> receive(std::optional<Duration> timeout);
  void close();

 private:
  int fd_ = -1;
};

}  // namespace ewn
