#include "http_session.h"

#include <linux/sockios.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>

#include <array>
#include <atomic>
#include <cerrno>
#include <memory>
#include <utility>

#include "http_answer.h"
#include "query.h"
#include "request_head.h"

namespace ewn::web {

namespace {

namespace asio = boost::asio;
namespace http = boost::beast::http;
using tcp = asio::ip::tcp;
using error_code = boost::system::error_code;

// After the last answer of a connection (a refusal, or "Connection: close") its input is read
// and dropped this long at most, so that the client receives the answer rather than a reset
// for bytes it sent after the request.
constexpr std::chrono::milliseconds kLinger{1000};
constexpr size_t kReadChunk = 16384;
// Connections over a cap answered 503 at once (each holds its descriptor for at most the write
// and kLinger).
constexpr size_t kMaxRefusing = 256;

std::string peer_address(const tcp::socket& socket) {
  error_code ec;
  auto endpoint = socket.remote_endpoint(ec);
  return ec ? std::string() : endpoint.address().to_string();
}

// RFC 9112, section 3.2: a request of HTTP/1.1 names its host in exactly one Host header, and
// a request holds at most one; a value is a host name or address and maybe a port, visible
// ASCII only. Returns what is wrong, or "".
std::string host_problem(const http::request<http::string_body>& head) {
  size_t count = head.count(http::field::host);
  if (count > 1) return "more than one Host header (RFC 9112, section 3.2)";
  if (count == 0)
    return head.version() >= 11
               ? "an HTTP/1.1 request without a Host header (RFC 9112, section 3.2)"
               : "";
  auto value = head[http::field::host];
  if (value.empty()) return "an empty Host header (RFC 9112, section 3.2)";
  for (char c : value)
    if (c <= ' ' || c >= 0x7f) return "a Host header holding a byte no host name holds";
  return "";
}

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(SessionContext& context, tcp::socket socket)
      : c_(context), socket_(std::move(socket)), timer_(c_.io), address_(peer_address(socket_)) {}

  void start() {
    error_code ec;
    socket_.set_option(tcp::no_delay(true), ec);
    size_t& from_address = c_.per_address[address_];
    if (c_.open >= c_.limits.max_connections || from_address >= c_.limits.max_per_address) {
      if (from_address == 0) c_.per_address.erase(address_);
      // A flood beyond the caps: past kMaxRefusing answers in flight, closed unanswered, so that
      // refusals never take the descriptors the tables need.
      if (c_.refusing >= kMaxRefusing) return close();
      ++c_.refusing;
      refusing_ = true;
      bool in_all = c_.open >= c_.limits.max_connections;
      refuse(503, "too many connections " +
                      (in_all ? "(" + std::to_string(c_.limits.max_connections) + " open)"
                              : "from " + address_ + " (" +
                                    std::to_string(c_.limits.max_per_address) + " open)") +
                      "; try again");
      return;
    }
    ++from_address;
    ++c_.open;
    counted_ = true;
    wait_for_request();
  }

 private:
  enum class Phase { Reading, Working, Writing, Lingering, Closed };

  // Sets the one deadline of the connection: what happens when it passes depends on the phase.
  void arm(std::chrono::milliseconds after) {
    timer_.expires_after(after);
    timer_.async_wait([self = shared_from_this(), generation = ++timer_generation_](error_code ec) {
      if (!ec && generation == self->timer_generation_) self->on_deadline();
    });
  }
  void disarm() {
    ++timer_generation_;
    timer_.cancel();
  }

  void on_deadline() {
    error_code ec;
    socket_.cancel(ec);  // a read (or write) of the phase that ends
    if (phase_ == Phase::Reading && request_started_) {
      refuse(408, "request not received whole within " + std::to_string(c_.limits.request.count()) +
                      " ms of its first byte");
    } else if (phase_ != Phase::Working) {
      // A client that has not taken its answers (it reads nothing) is reset: closed gracefully,
      // the kernel would keep them, and the connection's end behind them, for minutes.
      int unsent = 0;
      if (::ioctl(socket_.native_handle(), SIOCOUTQ, &unsent) == 0 && unsent > 0)
        socket_.set_option(asio::socket_base::linger(true, 0), ec);
      close();
    }
  }

  // Between requests: the idle deadline, then whatever the client sent behind the last request
  // (pipelining), or a read.
  void wait_for_request() {
    phase_ = Phase::Reading;
    request_started_ = false;
    arm(c_.limits.idle);
    examine();
  }

  void examine() {
    if (buffer_.empty()) {
      if (peer_closed_) return close();
      return read();
    }
    if (!request_started_) {
      request_started_ = true;
      arm(c_.limits.request);
    }
    HeadVerdict v = examine_request(buffer_);
    switch (v.kind) {
      case HeadVerdict::Kind::Incomplete:
        if (peer_closed_) return close();
        return read();
      case HeadVerdict::Kind::Refused:
        return refuse(v.status, v.message);
      case HeadVerdict::Kind::Ready:
        return dispatch(v.bytes);
    }
  }

  void read() {
    socket_.async_read_some(asio::buffer(chunk_),
                            [self = shared_from_this()](error_code ec, size_t n) {
                              if (self->phase_ != Phase::Reading) return;
                              self->buffer_.append(self->chunk_.data(), n);
                              // End of input, or an error: nothing more will come.
                              if (ec) self->peer_closed_ = true;
                              self->examine();
                            });
  }

  // Parses the request of the buffer's first `bytes` bytes and hands it to a worker.
  void dispatch(size_t bytes) {
    http::request_parser<http::string_body> parser;
    parser.header_limit(uint32_t(kMaxRequestHead));
    parser.body_limit(kMaxRequestBody);
    parser.eager(true);
    error_code ec;
    std::string_view rest(buffer_.data(), bytes);
    while (!ec && !parser.is_done() && !rest.empty())
      rest.remove_prefix(parser.put(asio::buffer(rest.data(), rest.size()), ec));
    buffer_.erase(0, bytes);
    if (ec || !parser.is_done()) return refuse(400, "malformed request");
    const auto& head = parser.get();
    if (head.method() != http::verb::get && head.method() != http::verb::head)
      return refuse(405, "only GET (and HEAD) requests are served");
    if (std::string problem = host_problem(head); !problem.empty()) return refuse(400, problem);

    Request req;
    req.method = std::string(head.method_string());
    req.target = std::string(head.target());
    req.host = std::string(head[http::field::host]);
    parse_target(req);
    gone_ = std::make_shared<std::atomic<bool>>(false);
    req.client_gone = gone_;
    framing_ = AnswerFraming{head.method() == http::verb::head, head.keep_alive(),
                             int(c_.limits.idle.count() / 1000)};

    phase_ = Phase::Working;
    disarm();
    watch_for_hangup();
    asio::post(c_.workers, [self = shared_from_this(), req = std::move(req)] {
      Response res;
      try {
        res = self->c_.handle(req);
      } catch (...) {  // the handler answers its own errors: this is a last resort
        res = Response{500, {}, {}};
        res.set_content("{\"error\":\"internal error\"}\n", "application/json");
      }
      asio::post(self->c_.io, [self, res = std::move(res)] { self->answer(res); });
    });
  }

  // While a worker answers: a client that closes its connection (or shuts its sending side) is
  // gone, and the request is told. Bytes of a next request end the watch (they wait their turn).
  void watch_for_hangup() {
    socket_.async_wait(tcp::socket::wait_read, [self = shared_from_this()](error_code ec) {
      if (ec || self->phase_ != Phase::Working) return;
      char byte;
      ssize_t n = ::recv(self->socket_.native_handle(), &byte, 1, MSG_PEEK | MSG_DONTWAIT);
      if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
        self->gone_->store(true);
      else if (n < 0)
        self->watch_for_hangup();
    });
  }

  void answer(const Response& res) {
    if (phase_ != Phase::Working) return;
    error_code ec;
    socket_.cancel(ec);  // the watch
    out_ = answer_bytes(res, framing_);
    write(framing_.keep_alive);
  }

  // Refuses the request (or the connection) with the server's own answer, then ends it.
  void refuse(int status, const std::string& message) {
    buffer_.clear();
    out_ = refusal_bytes(status, message);
    write(false);
  }

  void write(bool keep_alive) {
    phase_ = Phase::Writing;
    keep_alive_ = keep_alive;
    sent_ = 0;
    write_more();
  }

  // A piece at a time, each within the I/O limit: a client that reads slowly holds a
  // descriptor and its answer's bytes, never a worker.
  void write_more() {
    arm(c_.limits.io);
    socket_.async_write_some(asio::buffer(out_.data() + sent_, out_.size() - sent_),
                             [self = shared_from_this()](error_code ec, size_t n) {
                               if (self->phase_ != Phase::Writing) return;
                               if (ec) return self->close();
                               self->sent_ += n;
                               if (self->sent_ < self->out_.size()) return self->write_more();
                               self->out_.clear();
                               self->out_.shrink_to_fit();
                               if (self->keep_alive_) return self->wait_for_request();
                               self->linger();
                             });
  }

  void linger() {
    phase_ = Phase::Lingering;
    error_code ec;
    socket_.shutdown(tcp::socket::shutdown_send, ec);
    if (ec || peer_closed_) return close();
    buffer_.clear();
    arm(kLinger);
    drain();
  }

  void drain() {
    socket_.async_read_some(asio::buffer(chunk_),
                            [self = shared_from_this()](error_code ec, size_t) {
                              if (self->phase_ != Phase::Lingering) return;
                              if (ec) return self->close();
                              self->drain();
                            });
  }

  void close() {
    if (phase_ == Phase::Closed) return;
    phase_ = Phase::Closed;
    disarm();
    error_code ec;
    socket_.close(ec);
    if (gone_) gone_->store(true);
    if (refusing_) --c_.refusing;
    if (!counted_) return;
    --c_.open;
    auto at = c_.per_address.find(address_);
    if (at != c_.per_address.end() && --at->second == 0) c_.per_address.erase(at);
  }

  SessionContext& c_;
  tcp::socket socket_;
  asio::steady_timer timer_;
  uint64_t timer_generation_ = 0;
  std::string address_;
  bool counted_ = false;   // in the counts of open connections
  bool refusing_ = false;  // in the count of refusals
  Phase phase_ = Phase::Reading;
  std::array<char, kReadChunk> chunk_;  // what a read receives
  std::string buffer_;                  // received and not yet consumed by a request
  bool request_started_ = false;
  bool peer_closed_ = false;
  std::shared_ptr<std::atomic<bool>> gone_;
  AnswerFraming framing_;
  std::string out_;  // the answer being written
  size_t sent_ = 0;
  bool keep_alive_ = true;
};

}  // namespace

void start_session(SessionContext& context, tcp::socket socket) {
  std::make_shared<Session>(context, std::move(socket))->start();
}

}  // namespace ewn::web
