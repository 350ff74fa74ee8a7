#include "tcp.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace ewn {

namespace {

[[noreturn]] void fail(const std::string& what, int err) {
  throw NetError(what + ": " + std::strerror(err));
}

// Milliseconds for poll(); -1 waits for ever. Rounds up so a short wait is not a busy loop.
int poll_ms(std::optional<Duration> timeout) {
  if (!timeout) return -1;
  auto ms = std::chrono::ceil<std::chrono::milliseconds>(*timeout).count();
  return int(std::clamp<int64_t>(ms, 0, 1'000'000'000));
}

}  // namespace

TcpConnection& TcpConnection::operator=(TcpConnection&& o) noexcept {
  if (this != &o) {
    close();
    fd_ = o.fd_;
    o.fd_ = -1;
  }
  return *this;
}

TcpConnection TcpConnection::connect(const std::string& host, int port) {
  std::string where = host + ":" + std::to_string(port);
  if (port < 1 || port > 65535) throw NetError("cannot connect to " + where + ": bad port number");
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  int rc = getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found);
  if (rc != 0) throw NetError("cannot connect to " + where + ": " + gai_strerror(rc));
  int last_error = 0;
  for (addrinfo* a = found; a; a = a->ai_next) {
    int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) {
      last_error = errno;
      continue;
    }
    if (::connect(fd, a->ai_addr, a->ai_addrlen) == 0) {
      freeaddrinfo(found);
      // Answers are tiny and must leave at once.
      int one = 1;
      setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      return TcpConnection(fd);
    }
    last_error = errno;
    ::close(fd);
  }
  freeaddrinfo(found);
  fail("cannot connect to " + where, last_error);
}

void TcpConnection::send_all(std::string_view bytes) {
  if (fd_ < 0) throw NetError("send: the connection is closed");
  while (!bytes.empty()) {
    ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("send", errno);
    }
    bytes.remove_prefix(size_t(n));
  }
}

std::optional<std::string> TcpConnection::receive(std::optional<Duration> timeout) {
  if (fd_ < 0) throw NetError("receive: the connection is closed");
  auto until = timeout ? std::optional(SteadyClock::now() + *timeout) : std::nullopt;
  while (true) {
    pollfd p{fd_, POLLIN, 0};
    std::optional<Duration> left;
    if (until) left = std::max<Duration>(*until - SteadyClock::now(), Duration(0));
    int rc = ::poll(&p, 1, poll_ms(left));
    if (rc < 0) {
      if (errno == EINTR) continue;
      fail("receive", errno);
    }
    if (rc == 0) return std::nullopt;
    char buf[4096];
    ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      fail("receive", errno);
    }
    return std::string(buf, size_t(n));
  }
}

void TcpConnection::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

}  // namespace ewn
