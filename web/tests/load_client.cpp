// Load test of ewn serve: N clients, each on its own keep-alive connection, send /api/probe
// requests for positions read from a file (one a line) until a total is reached, and report
// requests per second and latency percentiles as JSON. Exits with 1 on any error (a failed
// request or a status other than 200 and 404) or when the run takes longer than --max-seconds.
//   ewn_web_load --host 127.0.0.1 --port 8080 --positions file [--clients 8] [--requests 20000]
//                [--idle N [--addresses K] [--reopen]] [--slow N] [--pipeliners N [--pipeline M]]
//                [--interval-ms T] [--fresh] [--from F] [--heads N [--head-fill cr|a]]
// Under attack: --idle opens N connections that send nothing and --slow N that send a request
// head a byte a second, all before the clients start and kept until the server closes them.
// The report then adds how many the server closed and when (seconds after they were opened,
// or after their first byte), waiting for them up to --max-seconds. --addresses K spreads the
// idle connections over the loopback addresses 127.0.0.1 to 127.0.0.K, and --reopen opens a
// new one (from the same address) for each the server closes, until the clients are done.
// --pipeliners N opens N connections that send --pipeline M requests for /api/info at once and
// never read an answer, kept until the server ends them.
// A 503 (the server refusing at a limit) counts as answered, and is reported as `refused`.
// --interval-ms T makes each client pause T ms between its requests (a person's pace, so that
// the run spans the attack's re-opening), --fresh opens a new connection for every request.
// --from F: the attacking connections come from 127.0.0.F on (default 1; the honest clients
// always from 127.0.0.1, so that with F > 1 they are a new address to the server).
// --heads N opens N connections that each send a request head of 16 000 bytes at once
// (--head-fill cr: a request line and then carriage returns; a: a request line and one header
// of letters, never ended) and then one byte of it more every 100 ms; the report adds how each
// ended (the status the server answered, and when).
// The program raises its own limit on open files to the hard limit (an attack opens many).
#include <arpa/inet.h>
#include <fcntl.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
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
  int addresses = 1;
  bool reopen = false;
  int pipeliners = 0;
  int pipeline = 300;
  int interval_ms = 0;  // each client's pause between its requests
  bool fresh = false;   // a new connection for every request
  int from = 1;         // the attack's first address: 127.0.0.<from>
  int heads = 0;
  std::string head_fill = "cr";
};

bool parse(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; i += 2) {
    std::string k = argv[i];
    if (k == "--reopen" || k == "--fresh") {
      (k == "--reopen" ? o.reopen : o.fresh) = true;
      --i;
      continue;
    }
    if (i + 1 >= argc) return false;
    std::string v = argv[i + 1];
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
    else if (k == "--addresses")
      o.addresses = std::stoi(v);
    else if (k == "--pipeliners")
      o.pipeliners = std::stoi(v);
    else if (k == "--pipeline")
      o.pipeline = std::stoi(v);
    else if (k == "--interval-ms")
      o.interval_ms = std::stoi(v);
    else if (k == "--from")
      o.from = std::stoi(v);
    else if (k == "--heads")
      o.heads = std::stoi(v);
    else if (k == "--head-fill")
      o.head_fill = v;
    else
      return false;
  }
  return !o.positions.empty() && o.clients > 0 && o.requests > 0 && o.addresses >= 1 &&
         o.from >= 1 && o.from + o.addresses <= 255 && (o.head_fill == "cr" || o.head_fill == "a");
}

double percentile(std::vector<double>& sorted, double p) {
  size_t i = size_t(p * double(sorted.size() - 1) + 0.5);
  return sorted[std::min(i, sorted.size() - 1)];
}

// A connection to the server from the loopback address 127.0.0.`from`; -1 when it fails.
int connect_from(int from, int port) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK - 1 + uint32_t(from));
  if (from != 1 && ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    ::close(fd);
    return -1;
  }
  a.sin_port = htons(uint16_t(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// Connections that hold the server's attention without reading: idle ones send nothing, slow
// ones a request head a byte a second, pipeliners many requests at once. Each is watched until
// the server closes it (an idle one is then opened again with --reopen).
class Attack {
 public:
  explicit Attack(const Options& o) : o_(o) {
    for (int i = 0; i < o.idle + o.slow + o.pipeliners + o.heads; ++i) {
      Kind kind = i < o.idle                           ? Kind::Idle
                  : i < o.idle + o.slow                ? Kind::Slow
                  : i < o.idle + o.slow + o.pipeliners ? Kind::Pipeliner
                                                       : Kind::Head;
      int from = kind == Kind::Idle || kind == Kind::Head ? o.from + i % o.addresses : 1;
      int fd = connect_from(from, o.port);
      if (fd < 0) throw std::runtime_error("cannot open attack connection " + std::to_string(i));
      Conn c{fd, kind, from, Clock::now()};
      if (kind == Kind::Pipeliner) {
        for (int r = 0; r < o.pipeline; ++r) c.out += kPipelined;
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
      }
      if (kind == Kind::Head) {
        std::string head = o.head_fill == "cr"
                               ? "GET / HTTP/1.1\r\n" + std::string(kHeadBytes, '\r')
                               : "GET / HTTP/1.1\r\nX: " + std::string(kHeadBytes, 'a');
        head.resize(kHeadBytes);
        ::send(fd, head.data(), head.size(), MSG_NOSIGNAL);
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
      }
      conns_.push_back(std::move(c));
    }
    thread_ = std::thread([this] { watch(); });
  }
  ~Attack() {
    stop_ = true;
    thread_.join();
    for (auto& c : conns_)
      if (!c.closed) ::close(c.fd);
  }
  // The honest clients are done: no connection is re-opened from now on.
  void stop_reopening() { reopening_done_ = true; }
  // Waits until every connection is closed or the time is out.
  void wait(Clock::time_point until) {
    while (Clock::now() < until && open_count() > 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  // {"idle_closed":n,"idle_close_max_s":s,"slow_closed":n,"slow_close_max_s":s,...}
  std::string report() {
    std::lock_guard lock(mutex_);
    int closed[4] = {0, 0, 0, 0};
    double longest[4] = {0, 0, 0, 0};
    int status[600] = {};
    for (auto& c : conns_)
      if (c.closed) {
        ++closed[int(c.kind)];
        longest[int(c.kind)] = std::max(longest[int(c.kind)], c.held_s);
        if (c.kind == Kind::Head) ++status[std::clamp(c.status, 0, 599)];
      }
    closed[0] += closed_before_;
    longest[0] = std::max(longest[0], longest_before_);
    char out[600];
    std::snprintf(out, sizeof out,
                  ",\"idle\":%d,\"idle_closed\":%d,\"idle_close_max_s\":%.3f,\"idle_reopened\":%d,"
                  "\"slow\":%d,\"slow_closed\":%d,\"slow_close_max_s\":%.3f,\"pipeliners\":%d,"
                  "\"pipeliners_closed\":%d,\"heads\":%d,\"heads_closed\":%d,"
                  "\"heads_close_max_s\":%.3f,\"heads_400\":%d,\"heads_408\":%d,\"heads_414\":%d,"
                  "\"heads_431\":%d",
                  o_.idle, closed[0], longest[0], reopened_, o_.slow, closed[1], longest[1],
                  o_.pipeliners, closed[2], o_.heads, closed[3], longest[3], status[400],
                  status[408], status[414], status[431]);
    return out;
  }

 private:
  enum class Kind { Idle, Slow, Pipeliner, Head };
  struct Conn {
    int fd;
    Kind kind;
    int from;                 // 127.0.0.<from>
    Clock::time_point since;  // opened, or (slow) sent its first byte
    std::string out = {};     // what is still to send (a pipeliner)
    size_t sent = 0;
    bool closed = false;
    double held_s = 0;
    Clock::time_point reopen_at = {};
    std::string first = {};  // the first bytes the server answered
    int status = 0;          // its status, once read
  };
  // What a pipeliner asks for: the inventory, the largest answer that costs the server little
  // (about 10 KB with the <= 4-piece tables), so that unread answers soon fill the socket.
  static constexpr std::string_view kPipelined =
      "GET /api/info HTTP/1.1\r\nHost: localhost\r\n\r\n";
  static constexpr std::string_view kHead =
      "GET /api/info HTTP/1.1\r\nHost: localhost\r\nX-Slowly: aaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n";
  // A head attack's first bytes, then one byte more every 100 ms (below the 16 KB limit in 5 s).
  static constexpr size_t kHeadBytes = 16000;
  // A connection the server closed at once is opened again no sooner than this.
  static constexpr std::chrono::milliseconds kReopenPause{100};

  int open_count() {
    std::lock_guard lock(mutex_);
    return int(std::count_if(conns_.begin(), conns_.end(), [](auto& c) { return !c.closed; }));
  }

  void send_bytes(Clock::time_point& next_byte) {
    if (Clock::now() >= next_byte) {
      for (auto& c : conns_)
        if (c.kind == Kind::Slow && !c.closed && c.sent < kHead.size()) {
          if (c.sent == 0) c.since = Clock::now();
          if (::send(c.fd, kHead.data() + c.sent, 1, MSG_NOSIGNAL) == 1) ++c.sent;
        }
      next_byte += std::chrono::seconds(1);
    }
    if (Clock::now() >= next_drip_) {
      char byte = o_.head_fill == "cr" ? '\r' : 'a';
      for (auto& c : conns_)
        if (c.kind == Kind::Head && !c.closed) ::send(c.fd, &byte, 1, MSG_NOSIGNAL | MSG_DONTWAIT);
      next_drip_ = Clock::now() + std::chrono::milliseconds(100);
    }
    for (auto& c : conns_)
      if (c.kind == Kind::Pipeliner && !c.closed && c.sent < c.out.size()) {
        ssize_t n =
            ::send(c.fd, c.out.data() + c.sent, c.out.size() - c.sent, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0) c.sent += size_t(n);
      }
  }

  void reopen(Conn& c) {
    if (!o_.reopen || c.kind != Kind::Idle || reopening_done_ || Clock::now() < c.reopen_at) return;
    int fd = connect_from(c.from, o_.port);
    if (fd < 0) return;
    ++closed_before_;
    longest_before_ = std::max(longest_before_, c.held_s);
    ++reopened_;
    c.fd = fd;
    c.closed = false;
    c.since = Clock::now();
    c.first.clear();
  }

  void watch() {
    auto next_byte = Clock::now();
    while (!stop_) {
      std::vector<pollfd> fds;
      {
        std::lock_guard lock(mutex_);
        send_bytes(next_byte);
        for (auto& c : conns_) {
          if (c.closed) reopen(c);
          // Only the end of the connection is watched: nothing here reads an answer but to
          // see it end (a pipeliner reads nothing at all).
          short events = c.closed ? 0 : c.kind == Kind::Pipeliner ? POLLRDHUP : POLLIN;
          fds.push_back({c.closed ? -1 : c.fd, events, 0});
        }
      }
      ::poll(fds.data(), fds.size(), 10);
      std::lock_guard lock(mutex_);
      for (size_t i = 0; i < fds.size(); ++i) {
        Conn& c = conns_[i];
        if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR | POLLRDHUP))) continue;
        ssize_t n = -1;
        if (c.kind != Kind::Pipeliner) {
          char buf[4096];
          while ((n = ::recv(c.fd, buf, sizeof buf, MSG_DONTWAIT)) > 0)
            if (c.first.size() < 12) c.first.append(buf, std::min<size_t>(size_t(n), 12));
        }
        if (c.kind == Kind::Pipeliner || n == 0 ||
            (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)) {
          ::close(c.fd);
          c.closed = true;
          if (c.first.size() >= 12 && c.first.rfind("HTTP/1.1 ", 0) == 0)
            c.status = std::atoi(c.first.c_str() + 9);
          c.held_s = std::chrono::duration<double>(Clock::now() - c.since).count();
          c.reopen_at = Clock::now() + kReopenPause;
        }
      }
    }
  }

  Options o_;
  std::vector<Conn> conns_;
  std::mutex mutex_;
  std::atomic<bool> stop_ = false, reopening_done_ = false;
  int closed_before_ = 0, reopened_ = 0;  // idle connections closed and opened again
  Clock::time_point next_drip_ = Clock::now();
  double longest_before_ = 0;
  std::thread thread_;
};

}  // namespace

int main(int argc, char** argv) {
  Options o;
  rlimit files{};
  if (::getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &files);
  }
  if (!parse(argc, argv, o)) {
    std::cerr << "usage: ewn_web_load --host H --port P --positions FILE [--clients N] "
                 "[--requests N] [--max-seconds S] [--idle N [--addresses K] [--reopen]] "
                 "[--slow N] [--pipeliners N [--pipeline M]] [--interval-ms T] [--fresh] "
                 "[--from F] [--heads N [--head-fill cr|a]]\n";
    return 2;
  }
  std::vector<std::string> paths, pipelined;
  std::ifstream in(o.positions);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) {
      paths.push_back("/api/probe?position=" + line);  // the client encodes the spaces
      std::string encoded = line;
      for (size_t at; (at = encoded.find(' ')) != std::string::npos;) encoded.replace(at, 1, "%20");
      pipelined.push_back("GET /api/probe?position=" + encoded +
                          " HTTP/1.1\r\nHost: localhost\r\n\r\n");
    }
  if (paths.empty()) {
    std::cerr << "ewn_web_load: no positions in " << o.positions << "\n";
    return 2;
  }

  std::unique_ptr<Attack> attack;
  if (o.idle + o.slow + o.pipeliners + o.heads > 0) {
    attack = std::make_unique<Attack>(o);
    // Every attacking connection is open and the slow ones have sent their first byte.
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
  }

  std::atomic<int> next = 0, errors = 0, refused = 0;
  std::vector<std::vector<double>> latencies(size_t(o.clients));
  auto start = Clock::now();
  std::vector<std::thread> threads;
  for (int t = 0; t < o.clients; ++t)
    threads.emplace_back([&, t] {
      httplib::Client client(o.host, o.port);
      client.set_keep_alive(!o.fresh);
      client.set_tcp_nodelay(true);
      for (int i; (i = next++) < o.requests;) {
        if (o.interval_ms > 0 && i >= o.clients)
          std::this_thread::sleep_for(std::chrono::milliseconds(o.interval_ms));
        auto sent = Clock::now();
        auto res = client.Get(paths[size_t(i) % paths.size()]);
        latencies[size_t(t)].push_back(
            std::chrono::duration<double, std::milli>(Clock::now() - sent).count());
        if (res && res->status == 503) ++refused;
        if (!res || (res->status != 200 && res->status != 404 && res->status != 503)) {
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
    attack->stop_reopening();
    attack->wait(start + std::chrono::duration_cast<Clock::duration>(
                             std::chrono::duration<double>(o.max_seconds)));
    attack_report = attack->report();
  }

  std::vector<double> all;
  for (auto& l : latencies) all.insert(all.end(), l.begin(), l.end());
  std::sort(all.begin(), all.end());
  std::printf(
      "{\"clients\":%d,\"requests\":%d,\"errors\":%d,\"refused\":%d,\"seconds\":%.3f,"
      "\"requests_per_second\":%.0f,\"p50_ms\":%.3f,\"p99_ms\":%.3f,\"max_ms\":%.3f%s}\n",
      o.clients, o.requests, errors.load(), refused.load(), seconds, double(o.requests) / seconds,
      percentile(all, 0.5), percentile(all, 0.99), all.back(), attack_report.c_str());
  if (seconds > o.max_seconds)
    std::cerr << "ewn_web_load: took " << seconds << " s, more than " << o.max_seconds << "\n";
  return errors == 0 && seconds <= o.max_seconds ? 0 : 1;
}
