#include "connection_loop.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>
#include <unordered_map>
#include <vector>

#include "request_head.h"

namespace ewn::web {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// How often the deadlines are checked: the time limits hold to within this.
constexpr milliseconds kSweep{100};
// After a refusal the connection stays half open this long, its input read and dropped, so that
// the client receives the answer rather than a reset for the bytes it sent after it.
constexpr milliseconds kLinger{1000};
// Bytes kept from a connection beyond which examine_request has refused it for certain.
constexpr size_t kMaxBuffered = kMaxRequestHead + kMaxRequestBody + 1;

struct Connection {
  enum class State {
    Waiting,  // in the loop's epoll set, gathering a request
    Busy,     // with a worker (the loop does not touch it)
    Closing,  // refused: its answer sent, its input drained until it closes or kLinger ends
  };
  int fd = -1;
  std::string address, local_address;
  int port = 0, local_port = 0;
  std::string buffer;        // received and not yet consumed by a request
  size_t request_bytes = 0;  // of the request with a worker: its head and body
  State state = State::Waiting;
  bool request_started = false;  // some bytes of a request are in the buffer
  bool peer_closed = false;      // the client has shut its side: answer what is whole, then close
  bool keep = true;              // set by the worker: whether the connection stays open
  Clock::time_point deadline;
};

std::string address_text(const sockaddr_storage& a, int& port) {
  char text[INET6_ADDRSTRLEN] = "";
  if (a.ss_family == AF_INET) {
    const auto& v4 = reinterpret_cast<const sockaddr_in&>(a);
    ::inet_ntop(AF_INET, &v4.sin_addr, text, sizeof text);
    port = ntohs(v4.sin_port);
  } else if (a.ss_family == AF_INET6) {
    const auto& v6 = reinterpret_cast<const sockaddr_in6&>(a);
    ::inet_ntop(AF_INET6, &v6.sin6_addr, text, sizeof text);
    port = ntohs(v6.sin6_port);
  }
  return text;
}

// Waits until the socket is ready for `events`, at most `timeout`.
bool wait_for(int fd, short events, milliseconds timeout) {
  pollfd p{fd, events, 0};
  for (;;) {
    int n = ::poll(&p, 1, int(timeout.count()));
    if (n >= 0 || errno != EINTR) return n > 0;
  }
}

// A connection as httplib reads and writes a request: first the bytes the loop gathered, then
// (should the router read on) the socket, each wait bounded by the I/O limit.
class ConnectionStream final : public httplib::Stream {
 public:
  ConnectionStream(const Connection& c, milliseconds io) : c_(c), io_(io) {}

  bool is_readable() const override {
    return read_ < c_.buffer.size() || wait_for(c_.fd, POLLIN, io_);
  }
  bool is_writable() const override { return wait_for(c_.fd, POLLOUT, io_); }

  ssize_t read(char* ptr, size_t size) override {
    if (read_ < c_.buffer.size()) {
      size_t n = std::min(size, c_.buffer.size() - read_);
      std::memcpy(ptr, c_.buffer.data() + read_, n);
      read_ += n;
      return ssize_t(n);
    }
    if (!wait_for(c_.fd, POLLIN, io_)) return -1;
    ssize_t n = ::recv(c_.fd, ptr, size, 0);
    return n;
  }

  ssize_t write(const char* ptr, size_t size) override {
    for (;;) {
      ssize_t n = ::send(c_.fd, ptr, size, MSG_NOSIGNAL);
      if (n >= 0) return n;
      if (errno == EINTR) continue;
      if ((errno != EAGAIN && errno != EWOULDBLOCK) || !wait_for(c_.fd, POLLOUT, io_)) return -1;
    }
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    ip = c_.address;
    port = c_.port;
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    ip = c_.local_address;
    port = c_.local_port;
  }
  socket_t socket() const override { return c_.fd; }

  // How many of the gathered bytes the request took.
  size_t consumed() const { return std::min(read_, c_.buffer.size()); }

 private:
  const Connection& c_;
  milliseconds io_;
  size_t read_ = 0;
};

// What the loop and the workers hand each other.
struct Handoff {
  std::mutex mutex;
  std::condition_variable ready_cv;
  std::deque<Connection*> ready;      // requests for the workers
  std::vector<Connection*> answered;  // back to the loop
  int wake_fd = -1;                   // an eventfd: the loop's epoll wakes on it
};

void worker(std::shared_ptr<Handoff> h, RequestHandler handle, milliseconds io) {
  for (;;) {
    Connection* c;
    {
      std::unique_lock lock(h->mutex);
      h->ready_cv.wait(lock, [&] { return !h->ready.empty(); });
      c = h->ready.front();
      h->ready.pop_front();
    }
    ConnectionStream stream(*c, io);
    bool keep = false;
    // The router answers its handlers' exceptions; anything else ends the connection.
    try {
      keep = handle(stream);
    } catch (...) {
    }
    // A request the router stopped reading early (a malformed line, a body it does not read)
    // leaves bytes that are no request: answered, the connection ends.
    c->keep = keep && stream.consumed() >= c->request_bytes;
    c->buffer.erase(0, stream.consumed());
    {
      std::lock_guard lock(h->mutex);
      h->answered.push_back(c);
    }
    uint64_t one = 1;
    [[maybe_unused]] ssize_t n = ::write(h->wake_fd, &one, sizeof one);
  }
}

class Loop {
 public:
  Loop(int listen_fd, const ConnectionLimits& limits, RefusalWriter refusal,
       std::shared_ptr<Handoff> handoff)
      : listen_fd_(listen_fd), limits_(limits), refusal_(std::move(refusal)), h_(handoff) {
    epoll_fd_ = ::epoll_create1(EPOLL_CLOEXEC);
    h_->wake_fd = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (epoll_fd_ < 0 || h_->wake_fd < 0)
      throw std::system_error(errno, std::generic_category(), "cannot start the connection loop");
    ::fcntl(listen_fd_, F_SETFL, ::fcntl(listen_fd_, F_GETFL) | O_NONBLOCK);
    watch(listen_fd_);
    watch(h_->wake_fd);
  }

  [[noreturn]] void run() {
    auto next_sweep = Clock::now() + kSweep;
    epoll_event events[64];
    for (;;) {
      auto wait = std::chrono::duration_cast<milliseconds>(next_sweep - Clock::now());
      int n = ::epoll_wait(epoll_fd_, events, 64, int(std::max<long>(0, wait.count())));
      if (n < 0 && errno != EINTR)
        throw std::system_error(errno, std::generic_category(), "epoll_wait");
      for (int i = 0; i < n; ++i) {
        int fd = events[i].data.fd;
        if (fd == listen_fd_)
          accept_all();
        else if (fd == h_->wake_fd)
          take_answered();
        else if (auto it = open_.find(fd); it != open_.end())
          on_readable(*it->second);
      }
      if (Clock::now() >= next_sweep) {
        sweep();
        next_sweep = Clock::now() + kSweep;
      }
    }
  }

 private:
  void watch(int fd) {
    epoll_event e{};
    e.events = EPOLLIN;
    e.data.fd = fd;
    ::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, fd, &e);
  }
  void unwatch(int fd) { ::epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, fd, nullptr); }

  void accept_all() {
    for (;;) {
      sockaddr_storage peer{};
      socklen_t len = sizeof peer;
      int fd = ::accept4(listen_fd_, reinterpret_cast<sockaddr*>(&peer), &len,
                         SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (fd < 0) {
        if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
          // Out of descriptors: accept again once the sweep has closed some, not in a busy loop.
          unwatch(listen_fd_);
          listen_paused_ = true;
        }
        if (errno == EINTR || errno == ECONNABORTED) continue;
        return;
      }
      auto c = std::make_unique<Connection>();
      c->fd = fd;
      c->address = address_text(peer, c->port);
      size_t& from_address = per_address_[c->address];
      // httplib's request parser refuses descriptors past select()'s limit, so none are served.
      if (open_.size() >= limits_.max_connections || from_address >= limits_.max_per_address ||
          fd >= FD_SETSIZE) {
        if (from_address == 0) per_address_.erase(c->address);
        ::close(fd);
        continue;
      }
      ++from_address;
      sockaddr_storage local{};
      len = sizeof local;
      if (::getsockname(fd, reinterpret_cast<sockaddr*>(&local), &len) == 0)
        c->local_address = address_text(local, c->local_port);
      int yes = 1;
      ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
      c->deadline = Clock::now() + limits_.idle;
      watch(fd);
      open_[fd] = std::move(c);
    }
  }

  // Reads what the connection has sent and acts on it.
  void on_readable(Connection& c) {
    // An event of this batch for a descriptor a worker now has (dispatched earlier in the batch)
    // is not the loop's to act on.
    if (c.state == Connection::State::Busy) return;
    char chunk[16384];
    for (;;) {
      ssize_t n = ::recv(c.fd, chunk, sizeof chunk, 0);
      if (n > 0) {
        if (c.state == Connection::State::Waiting && c.buffer.size() < kMaxBuffered)
          c.buffer.append(chunk, size_t(n));
        // A short read emptied the socket: no second call just to hear EAGAIN (the epoll set is
        // level-triggered, so bytes that arrive meanwhile wake the loop again).
        if (size_t(n) < sizeof chunk) break;
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
      c.peer_closed = true;  // end of input, or an error: nothing more will come
      break;
    }
    if (c.state == Connection::State::Closing) {
      if (c.peer_closed) close(c);
      return;
    }
    if (c.peer_closed) unwatch(c.fd);  // its end of input would wake the loop without end
    examine(c);
  }

  // Hands a whole request to a worker, refuses it, or waits for more.
  void examine(Connection& c) {
    if (c.buffer.empty()) {
      if (c.peer_closed) close(c);
      return;
    }
    if (!c.request_started) {
      c.request_started = true;
      c.deadline = Clock::now() + limits_.request;
    }
    HeadVerdict v = examine_request(c.buffer);
    switch (v.kind) {
      case HeadVerdict::Kind::Incomplete:
        if (c.peer_closed) close(c);
        return;
      case HeadVerdict::Kind::Refused:
        refuse(c, v.status, v.message);
        return;
      case HeadVerdict::Kind::Ready:
        if (!c.peer_closed) unwatch(c.fd);
        c.state = Connection::State::Busy;
        c.request_bytes = v.bytes;
        {
          std::lock_guard lock(h_->mutex);
          h_->ready.push_back(&c);
        }
        h_->ready_cv.notify_one();
        return;
    }
  }

  void take_answered() {
    uint64_t count;
    [[maybe_unused]] ssize_t n = ::read(h_->wake_fd, &count, sizeof count);
    std::vector<Connection*> answered;
    {
      std::lock_guard lock(h_->mutex);
      answered.swap(h_->answered);
    }
    for (Connection* c : answered) {
      if (!c->keep || c->peer_closed) {
        close(*c);
        continue;
      }
      c->state = Connection::State::Waiting;
      c->request_started = false;
      c->deadline = Clock::now() + limits_.idle;
      watch(c->fd);
      examine(*c);  // a request the client sent behind the last one (pipelining)
    }
  }

  // Sends the loop's own answer, shuts the sending side and lingers (kLinger).
  void refuse(Connection& c, int status, const std::string& message) {
    std::string answer = refusal_(status, message);
    [[maybe_unused]] ssize_t n =
        ::send(c.fd, answer.data(), answer.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    ::shutdown(c.fd, SHUT_WR);
    c.buffer.clear();
    if (c.peer_closed) {
      close(c);
      return;
    }
    c.state = Connection::State::Closing;
    c.deadline = Clock::now() + kLinger;
  }

  void sweep() {
    auto now = Clock::now();
    std::vector<Connection*> expired;
    for (auto& [fd, c] : open_)
      if (c->state != Connection::State::Busy && now >= c->deadline) expired.push_back(c.get());
    for (Connection* c : expired) {
      if (c->state == Connection::State::Waiting && c->request_started)
        refuse(*c, 408,
               "request not received whole within " + std::to_string(limits_.request.count()) +
                   " ms of its first byte");
      else
        close(*c);
    }
    if (listen_paused_) {
      watch(listen_fd_);
      listen_paused_ = false;
    }
  }

  void close(Connection& c) {
    if (c.state != Connection::State::Busy) unwatch(c.fd);
    ::close(c.fd);
    auto at = per_address_.find(c.address);
    if (at != per_address_.end() && --at->second == 0) per_address_.erase(at);
    open_.erase(c.fd);  // destroys c
  }

  int listen_fd_, epoll_fd_ = -1;
  ConnectionLimits limits_;
  RefusalWriter refusal_;
  std::shared_ptr<Handoff> h_;
  std::unordered_map<int, std::unique_ptr<Connection>> open_;
  std::unordered_map<std::string, size_t> per_address_;
  bool listen_paused_ = false;
};

}  // namespace

void run_connection_loop(int listen_fd, int workers, const ConnectionLimits& limits,
                         RequestHandler handle, RefusalWriter refusal) {
  auto handoff = std::make_shared<Handoff>();
  Loop loop(listen_fd, limits, std::move(refusal), handoff);
  // The workers run as long as the process: the loop never returns.
  for (int i = 0; i < workers; ++i) std::thread(worker, handoff, handle, limits.io).detach();
  loop.run();
}

}  // namespace ewn::web
