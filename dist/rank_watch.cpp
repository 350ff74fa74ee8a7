#include "rank_watch.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <random>
#include <thread>
#include <vector>

#include "rank_activity.h"

namespace ewn::dist {

namespace {

constexpr int kMaxAddresses = 16;
// The longest wait to connect, then for rank 0's answer, before a rank tries the next address.
constexpr int kConnectMillis = 2000;

// What rank 0 tells the others: where it listens, and the token that tells its connections from
// strangers'. Addresses in network byte order.
struct Offer {
  uint64_t token = 0;
  uint32_t port = 0;  // 0: rank 0 does not listen
  uint32_t count = 0;
  uint32_t addresses[kMaxAddresses] = {};
};

// A rank's first message: the token and its rank. Rank 0 answers with one byte, and the rank
// confirms with one: a connection is watched only once confirmed, so that a rank that gave up
// waiting for the answer and closed it is not taken for dead.
struct Hello {
  uint64_t token;
  uint64_t rank;
};
constexpr char kAnswer = 'w', kConfirm = 'c';

// Rank 0's IPv4 addresses, those of other interfaces first: loopback reaches only its own host.
std::vector<uint32_t> own_addresses() {
  std::vector<uint32_t> others, loopback;
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) != 0) return {};
  for (ifaddrs* i = list; i; i = i->ifa_next) {
    if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET || !(i->ifa_flags & IFF_UP)) continue;
    uint32_t a = reinterpret_cast<sockaddr_in*>(i->ifa_addr)->sin_addr.s_addr;
    (i->ifa_flags & IFF_LOOPBACK ? loopback : others).push_back(a);
  }
  freeifaddrs(list);
  others.insert(others.end(), loopback.begin(), loopback.end());
  if (others.size() > size_t(kMaxAddresses)) others.resize(kMaxAddresses);
  return others;
}

bool wait_for(int fd, short events, int millis) {
  pollfd p{fd, events, 0};
  for (;;) {
    int n = poll(&p, 1, millis);
    if (n < 0 && errno == EINTR) continue;
    return n == 1 && (p.revents & events);
  }
}

// The lifeline of rank `rank` to rank 0 at one of its addresses, or -1.
int connect_to(uint32_t address, uint16_t port, uint64_t token, int rank) {
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(port);
  to.sin_addr.s_addr = address;
  bool ok = connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) == 0 || errno == EINPROGRESS;
  if (ok) ok = wait_for(fd, POLLOUT, kConnectMillis);
  int error = 0;
  socklen_t length = sizeof error;
  if (ok) ok = getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 && error == 0;
  Hello hello{token, uint64_t(rank)};
  if (ok) ok = send(fd, &hello, sizeof hello, MSG_NOSIGNAL) == ssize_t(sizeof hello);
  char answer = 0;
  if (ok) ok = wait_for(fd, POLLIN, kConnectMillis) && recv(fd, &answer, 1, 0) == 1;
  if (ok) ok = answer == kAnswer && send(fd, &kConfirm, 1, MSG_NOSIGNAL) == 1;
  if (!ok) {
    close(fd);
    return -1;
  }
  return fd;
}

}  // namespace

struct RankWatch::Watcher {
  struct Connection {
    int fd;
    int rank = -1;     // -1 until confirmed
    int claimed = -1;  // the rank of its hello, once answered
    std::vector<char> hello;
  };

  int listener = -1;  // poll() skips it once closed (-1)
  int wake = -1;      // eventfd: the thread ends
  uint64_t token = 0;
  int ranks = 0;
  int confirmed = 0;
  std::atomic<bool> armed{true};
  std::vector<Connection> connections;
  std::thread thread;

  ~Watcher() {
    if (thread.joinable()) {
      uint64_t one = 1;
      ssize_t ignored = write(wake, &one, sizeof one);
      (void)ignored;
      thread.join();
    }
    for (Connection& c : connections) close(c.fd);
    if (listener >= 0) close(listener);
    if (wake >= 0) close(wake);
  }

  bool listen_on(Offer& offer) {
    listener = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    wake = eventfd(0, EFD_CLOEXEC);
    if (listener < 0 || wake < 0) return false;
    sockaddr_in at{};
    at.sin_family = AF_INET;
    at.sin_addr.s_addr = htonl(INADDR_ANY);
    socklen_t length = sizeof at;
    if (bind(listener, reinterpret_cast<sockaddr*>(&at), sizeof at) != 0 ||
        listen(listener, ranks) != 0 ||
        getsockname(listener, reinterpret_cast<sockaddr*>(&at), &length) != 0)
      return false;
    std::random_device random;
    token = (uint64_t(random()) << 32) | random();
    std::vector<uint32_t> addresses = own_addresses();
    offer.token = token;
    offer.port = ntohs(at.sin_port);
    offer.count = uint32_t(addresses.size());
    std::copy(addresses.begin(), addresses.end(), offer.addresses);
    thread = std::thread([this] { watch(); });
    return true;
  }

  void watch() {
    for (;;) {
      std::vector<pollfd> fds{{wake, POLLIN, 0}, {listener, POLLIN, 0}};
      for (const Connection& c : connections) fds.push_back({c.fd, POLLIN, 0});
      if (poll(fds.data(), fds.size(), -1) < 0) {
        if (errno == EINTR) continue;
        return;
      }
      if (fds[0].revents) return;
      if (fds[1].revents & POLLIN) {
        int fd = accept4(listener, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd >= 0) connections.push_back({fd, -1, -1, {}});
      }
      for (size_t i = 0; i < connections.size();) {
        if (fds[i + 2].revents == 0 || read_from(connections[i])) {
          ++i;
          continue;
        }
        close(connections[i].fd);
        connections.erase(connections.begin() + ptrdiff_t(i));
        fds.erase(fds.begin() + ptrdiff_t(i + 2));
      }
    }
  }

  // Reads what came on `c`; false when it is to be closed.
  bool read_from(Connection& c) {
    char bytes[64];
    ssize_t n = recv(c.fd, bytes, sizeof bytes, 0);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) return true;
    if (n <= 0) {
      // Closed: the end of a rank's process, once its connection was confirmed.
      if (c.rank >= 0 && armed.load()) end_after_lost_rank(c.rank);
      return false;
    }
    if (c.rank >= 0) return true;
    if (c.claimed >= 0) {
      if (n != 1 || bytes[0] != kConfirm) return false;
      c.rank = c.claimed;
      if (++confirmed == ranks - 1) {  // every rank is watched: nobody else is to connect
        close(listener);
        listener = -1;
      }
      return true;
    }
    c.hello.insert(c.hello.end(), bytes, bytes + n);
    if (c.hello.size() < sizeof(Hello)) return true;
    Hello hello;
    std::memcpy(&hello, c.hello.data(), sizeof hello);
    if (c.hello.size() != sizeof hello || hello.token != token || hello.rank == 0 ||
        hello.rank >= uint64_t(ranks))
      return false;
    c.claimed = int(hello.rank);
    return send(c.fd, &kAnswer, 1, MSG_NOSIGNAL) == 1;
  }
};

RankWatch::RankWatch(MPI_Comm comm) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  Offer offer;
  if (rank == 0) {
    watcher_ = std::make_unique<Watcher>();
    watcher_->ranks = ranks;
    if (!watcher_->listen_on(offer)) offer = Offer{};
  }
  MPI_Bcast(&offer, sizeof offer, MPI_BYTE, 0, comm);
  if (rank == 0) return;
  for (uint32_t i = 0; i < offer.count && offer.port && lifeline_ < 0; ++i)
    lifeline_ = connect_to(offer.addresses[i], uint16_t(offer.port), offer.token, rank);
}

RankWatch::~RankWatch() {
  if (lifeline_ >= 0) close(lifeline_);
}

void RankWatch::disarm() {
  if (watcher_) watcher_->armed.store(false);
}

}  // namespace ewn::dist
