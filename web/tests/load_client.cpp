// Load test of ewn serve: N clients, each on its own keep-alive connection, send /api/probe
// requests for positions read from a file (one a line) until a total is reached, and report
// requests per second and latency percentiles as JSON. Exits with 1 on any error (a failed
// request or a status other than 200 and 404) or when the run takes longer than --max-seconds.
//   ewn_web_load --host 127.0.0.1 --port 8080 --positions file [--clients 8] [--requests 20000]
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
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
    else
      return false;
  }
  return argc % 2 == 1 && !o.positions.empty() && o.clients > 0 && o.requests > 0;
}

double percentile(std::vector<double>& sorted, double p) {
  size_t i = size_t(p * double(sorted.size() - 1) + 0.5);
  return sorted[std::min(i, sorted.size() - 1)];
}

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

  std::vector<double> all;
  for (auto& l : latencies) all.insert(all.end(), l.begin(), l.end());
  std::sort(all.begin(), all.end());
  std::printf(
      "{\"clients\":%d,\"requests\":%d,\"errors\":%d,\"seconds\":%.3f,\"requests_per_second\":%.0f,"
      "\"p50_ms\":%.3f,\"p99_ms\":%.3f,\"max_ms\":%.3f}\n",
      o.clients, o.requests, errors.load(), seconds, double(o.requests) / seconds,
      percentile(all, 0.5), percentile(all, 0.99), all.back());
  if (seconds > o.max_seconds)
    std::cerr << "ewn_web_load: took " << seconds << " s, more than " << o.max_seconds << "\n";
  return errors == 0 && seconds <= o.max_seconds ? 0 : 1;
}
