// Load test of ewn serve: N clients, each on its own keep-alive connection, send /api/probe
// requests for positions read from a file (one a line) until a total is reached, and report
// requests per second and latency percentiles as JSON. Exits with 1 on any error (a failed
// request or a status other than 200 and 404) or when the run takes longer than --max-seconds.
//   ewn_web_load --host 127.0.0.1 --port 8080 --positions file [--clients 8] [--requests 20000]
//                [--idle N] [--slow N]
// Under attack: --idle opens N connections that send nothing and --slow N that send a request
// head a byte a second, all before the clients start and kept until the server closes them.
// The report then adds how many the server closed and when (seconds after they were opened,
// or after their first byte), waiting for them up to --max-seconds.
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct Options {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string positions;
  int clients = 8;
  int requests = 20000;
  double max_seconds = 120;
  int idle = 0;
  int slow = 0;
};

bool parse(int argc, char** argv, Options& o) {
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string k = argv[i], v = argv[i + 1];
    if (k == "--host")
      o.host = v;
    else if (k == "--port")
      o.port = std::stoi(v);
    else if (k == "--positions")
      o.positions = v;
    else if (k == "--clients")
      o.clients = std::stoi(v);
    else if (k == "--requests")
      o.requests = std::stoi(v);
    else if (k == "--max-seconds")
      o.max_seconds = std::stod(v);
    else if (k == "--idle")
      o.idle = std::stoi(v);
    else if (k == "--slow")
      o.slow = std::stoi(v);
    else
      return false;
  }
  return argc % 2 == 1 && !o.positions.empty() && o.clients > 0 && o.requests > 0;
}

double percentile(std::vector<double>& sorted, double p) {
  size_t i = size_t(p * double(sorted.size() - 1) + 0.5);
  return sorted[std::min(i, sorted.size() - 1)];
}

// Connections that hold the server's attention without making a request: idle ones send
// nothing, slow ones a request head a byte a second. Each is watched until the server closes it.
class Attack {
 public:
  Attack(const Options& o) {
    for (int i = 0; i < o.idle + o.slow; ++i) {
      int fd = ::socket(AF_INET, SOCK_STREAM, 0);
      sockaddr_in a{};
      a.sin_family = AF_INET;
      a.sin_port = htons(uint16_t(o.port));
      a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      if (fd < 0 || ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0)
        throw std::runtime_error("cannot open attack connection " + std::to_string(i));
      conns_.push_back({fd, i >= o.idle, Clock::now()});
    }
    thread_ = std::thread([this] { watch(); });
  }
  ~Attack() {
    stop_ = true;
    thread_.join();
    for (auto& c : conns_) ::close(c.fd);
  }
  // Waits until every connection is closed or the time is out.
  void wait(Clock::time_point until) {
    while (Clock::now() < until && open_count() > 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  // {"idle_closed":n,"idle_close_max_s":s,"slow_closed":n,"slow_close_max_s":s}
  std::string report() {
    std::lock_guard lock(mutex_);
    int closed[2] = {0, 0};
    double longest[2] = {0, 0};
    for (auto& c : conns_)
      if (c.closed) {
        ++closed[c.slow];
        longest[c.slow] = std::max(longest[c.slow], c.held_s);
      }
    char out[200];
    std::snprintf(out, sizeof out,
                  ",\"idle\":%d,\"idle_closed\":%d,\"idle_close_max_s\":%.3f,\"slow\":%d,"
                  "\"slow_closed\":%d,\"slow_close_max_s\":%.3f",
                  count(false), closed[0], longest[0], count(true), closed[1], longest[1]);
    return out;
  }

 private:
  struct Conn {
    int fd;
    bool slow;
    Clock::time_point since;  // opened, or (slow) sent its first byte
    size_t sent = 0;
    bool closed = false;
    double held_s = 0;
  };
  static constexpr std::string_view kHead =
      "GET /api/info HTTP/1.1\r\nHost: localhost\r\nX-Slowly: aaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n";

  int count(bool slow) const {
    return int(
        std::count_if(conns_.begin(), conns_.end(), [&](auto& c) { return c.slow == slow; }));
  }
  int open_count() {
    std::lock_guard lock(mutex_);
    return int(std::count_if(conns_.begin(), conns_.end(), [](auto& c) { return !c.closed; }));
  }

  void watch() {
    auto next_byte = Clock::now();
    while (!stop_) {
      if (Clock::now() >= next_byte) {
        std::lock_guard lock(mutex_);
        for (auto& c : conns_)
          if (c.slow && !c.closed && c.sent < kHead.size()) {
            if (c.sent == 0) c.since = Clock::now();
            if (::send(c.fd, kHead.data() + c.sent, 1, MSG_NOSIGNAL) == 1) ++c.sent;
          }
        next_byte += std::chrono::seconds(1);
      }
      std::vector<pollfd> fds;
      for (auto& c : conns_) fds.push_back({c.fd, short(c.closed ? 0 : POLLIN), 0});
      ::poll(fds.data(), fds.size(), 10);
      std::lock_guard lock(mutex_);
      for (size_t i = 0; i < fds.size(); ++i) {
        if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        char buf[4096];
        ssize_t n;
        while ((n = ::recv(conns_[i].fd, buf, sizeof buf, MSG_DONTWAIT)) > 0) {
        }
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)) {
          conns_[i].closed = true;
          conns_[i].held_s = std::chrono::duration<double>(Clock::now() - conns_[i].since).count();
        }
      }
    }
  }

  std::vector<Conn> conns_;
  std::mutex mutex_;
  std::atomic<bool> stop_ = false;
  std::thread thread_;
};

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!parse(argc, argv, o)) {
    std::cerr << "usage: ewn_web_load --host H --port P --positions FILE [--clients N] "
                 "[--requests N] [--max-seconds S]\n";
    return 2;
  }
  std::vector<std::string> paths;
  std::ifstream in(o.positions);
  for (std::string line; std::getline(in, line);)
    if (!line.empty())
      paths.push_back("/api/probe?position=" + line);  // the client encodes the spaces
  if (paths.empty()) {
    std::cerr << "ewn_web_load: no positions in " << o.positions << "\n";
    return 2;
  }

  std::unique_ptr<Attack> attack;
  if (o.idle + o.slow > 0) {
    attack = std::make_unique<Attack>(o);
    // Every attacking connection is open and the slow ones have sent their first byte.
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
  }

  std::atomic<int> next = 0, errors = 0;
  std::vector<std::vector<double>> latencies(size_t(o.clients));
  auto start = Clock::now();
  std::vector<std::thread> threads;
  for (int t = 0; t < o.clients; ++t)
    threads.emplace_back([&, t] {
      httplib::Client client(o.host, o.port);
      client.set_keep_alive(true);
      client.set_tcp_nodelay(true);
      for (int i; (i = next++) < o.requests;) {
        auto sent = Clock::now();
        auto res = client.Get(paths[size_t(i) % paths.size()]);
        latencies[size_t(t)].push_back(
            std::chrono::duration<double, std::milli>(Clock::now() - sent).count());
        if (!res || (res->status != 200 && res->status != 404)) {
          if (errors++ < 5)
            std::cerr << "ewn_web_load: request " << i << ": "
                      << (res ? "status " + std::to_string(res->status)
                              : "failed: " + httplib::to_string(res.error()))
                      << "\n";
        }
      }
    });
  for (auto& t : threads) t.join();
  double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::string attack_report;
  if (attack) {
    attack->wait(start + std::chrono::duration_cast<Clock::duration>(
                             std::chrono::duration<double>(o.max_seconds)));
    attack_report = attack->report();
  }

  std::vector<double> all;
  for (auto& l : latencies) all.insert(all.end(), l.begin(), l.end());
  std::sort(all.begin(), all.end());
  std::printf(
      "{\"clients\":%d,\"requests\":%d,\"errors\":%d,\"seconds\":%.3f,\"requests_per_second\":%.0f,"
      "\"p50_ms\":%.3f,\"p99_ms\":%.3f,\"max_ms\":%.3f%s}\n",
      o.clients, o.requests, errors.load(), seconds, double(o.requests) / seconds,
      percentile(all, 0.5), percentile(all, 0.99), all.back(), attack_report.c_str());
  if (seconds > o.max_seconds)
    std::cerr << "ewn_web_load: took " << seconds << " s, more than " << o.max_seconds << "\n";
  return errors == 0 && seconds <= o.max_seconds ? 0 : 1;
}
