// A TCP listener on 127.0.0.1 for the stand-in test server (test_referee.cpp), and a port that
// refuses connections: the program only connects (contest/tcp.h), so listening lives with the
// tests.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <optional>
#include <string>

#include "tcp.h"

namespace ewn::test {

class TcpListener {
 public:
  // Port 0: a free port chosen by the system.
  explicit TcpListener(int port = 0) {
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd_ < 0) fail("socket", errno);
    int one = 1;
    setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = htons(uint16_t(port));
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) < 0 || ::listen(fd_, 4) < 0) {
      int err = errno;
      ::close(fd_);
      fail("listen on 127.0.0.1:" + std::to_string(port), err);
    }
    socklen_t len = sizeof addr;
    getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len);
    port_ = ntohs(addr.sin_port);
  }
  TcpListener(const TcpListener&) = delete;
  TcpListener& operator=(const TcpListener&) = delete;
  ~TcpListener() {
    if (fd_ >= 0) ::close(fd_);
  }
  int port() const { return port_; }

  // The next connection, or nullopt if none came in time.
  std::optional<TcpConnection> accept(Duration timeout) {
    auto ms = std::chrono::ceil<std::chrono::milliseconds>(timeout).count();
    pollfd p{fd_, POLLIN, 0};
    int rc;
    do rc = ::poll(&p, 1, int(std::clamp<int64_t>(ms, 0, 1'000'000'000)));
    while (rc < 0 && errno == EINTR);
    if (rc < 0) fail("accept", errno);
    if (rc == 0) return std::nullopt;
    int fd = ::accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) fail("accept", errno);
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return TcpConnection(fd);
  }

 private:
  [[noreturn]] static void fail(const std::string& what, int err) {
    throw NetError(what + ": " + std::strerror(err));
  }

  int fd_ = -1;
  int port_ = 0;
};

// A port bound on 127.0.0.1 but not listening: a connection to it is refused at once, and no
// other socket can take the port while this one holds it (no SO_REUSEADDR).
class ClosedPort {
 public:
  // Port 0: a free port chosen by the system. ok() is false if `port` could not be bound.
  explicit ClosedPort(int port = 0) {
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd_ < 0) return;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = htons(uint16_t(port));
    socklen_t len = sizeof addr;
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) < 0 ||
        getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len) < 0) {
      ::close(fd_);
      fd_ = -1;
      return;
    }
    port_ = ntohs(addr.sin_port);
  }
  ClosedPort(const ClosedPort&) = delete;
  ClosedPort& operator=(const ClosedPort&) = delete;
  ~ClosedPort() {
    if (fd_ >= 0) ::close(fd_);
  }
  bool ok() const { return fd_ >= 0; }
  int port() const { return port_; }

 private:
  int fd_ = -1;
  int port_ = 0;
};

}  // namespace ewn::test
