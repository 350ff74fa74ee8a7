#include "http_session.h"

#include <linux/sockios.h>
#include <netinet/tcp.h>
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
#include <string_view>
#include <utility>

#include "http_answer.h"
#include "json_response.h"
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
// While a request is answered (or its answer written), the bytes its client sends next are read
// ahead up to this many: reading is how a client's end is seen. Beyond, the connection is looked
// at every kLookEvery instead (netinet/tcp.h's TCP_INFO).
constexpr size_t kReadAhead = kMaxRequestHead + kMaxRequestBody;
constexpr std::chrono::milliseconds kLookEvery{20};
// The interim answer (RFC 9110, section 15.2) sent for "Expect: 100-continue", and to a client
// whose input ended while its request is answered: a client that has only shut its sending side
// (a half-close) takes it and gets its answer; one that has closed its connection answers it with
// a reset, and its request is told it has gone.
constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";

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

// The TCP state of a connection (TCP_ESTABLISHED, TCP_CLOSE_WAIT once its client's input has
// ended, TCP_CLOSE once it has been reset, ...), or TCP_CLOSE when it cannot be read.
int tcp_state(int fd) {
  tcp_info info{};
  socklen_t size = sizeof info;
  if (::getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &size) != 0) return TCP_CLOSE;
  return info.tcpi_state;
}

}  // namespace

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(SessionContext& context, tcp::socket socket)
      : c_(context),
        socket_(std::move(socket)),
        timer_(c_.io),
        address_(peer_address(socket_)),
        id_(++c_.next_id) {}

  void start() {
    error_code ec;
    socket_.set_option(tcp::no_delay(true), ec);
    ConnectionTable::Admission admission = c_.table.admit(id_, address_);
    if (!admission.admitted) {
      std::string message = admission.refusal + "; try again";
      if (c_.refusals >= c_.limits.max_refusals) return refuse_at_once(message);
      ++c_.refusals;
      refusing_ = true;
      return refuse(Refusal::Overloaded, message);
    }
    counted_ = true;
    c_.sessions[id_] = weak_from_this();
    if (admission.evicted) evict(*admission.evicted);
    wait_for_request();
  }

  // Closed to make room for a newcomer (connection_table.h): a request begun is refused 503, an
  // answer the client has not taken is dropped, an idle connection just closed.
  void make_room() {
    counted_ = false;  // the table has counted it out
    c_.sessions.erase(id_);
    if (phase_ == Phase::Reading && request_started_) {
      ++c_.refusals;
      refusing_ = true;
      return refuse(Refusal::Overloaded, "too many connections; try again");
    }
    if (phase_ == Phase::Writing) reset_on_close();
    close();
  }

 private:
  enum class Phase { Reading, Working, Writing, Lingering, Closed };

  void evict(uint64_t id) {
    auto at = c_.sessions.find(id);
    if (at == c_.sessions.end()) return;
    std::shared_ptr<Session> other = at->second.lock();
    c_.sessions.erase(at);
    if (other) other->make_room();
  }

  // A flood beyond the caps, with every refusal's share of the descriptors taken: answered 503
  // and closed at once, its descriptor held no longer. What the client has sent is read first,
  // so that the close is no reset (a request on its way after the close may still meet one; on
  // loopback it has arrived by the time a flood's connection is accepted).
  void refuse_at_once(const std::string& message) {
    int fd = socket_.native_handle();
    std::array<char, 4096> sink;
    for (int i = 0; i < 16 && ::recv(fd, sink.data(), sink.size(), MSG_DONTWAIT) > 0; ++i) {
    }
    std::string bytes = refusal_bytes(Refusal::Overloaded, message);
    if (::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT) > 0)
      ::shutdown(fd, SHUT_WR);
    close();
  }

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
    if (phase_ == Phase::Working) return look_at_client();
    if (phase_ == Phase::Reading && request_started_)
      return refuse(Refusal::RequestTimeout, "request not received whole within " +
                                                 std::to_string(c_.limits.request.count()) +
                                                 " ms of its first byte");
    reset_on_close();
    close();
  }

  // A client that has not taken its answers (it reads nothing) is reset: closed gracefully, the
  // kernel would keep them, and the connection's end behind them, for minutes.
  void reset_on_close() {
    int unsent = 0;
    error_code ec;
    if (::ioctl(socket_.native_handle(), SIOCOUTQ, &unsent) == 0 && unsent > 0)
      socket_.set_option(asio::socket_base::linger(true, 0), ec);
  }

  // The connection's one read, whatever the phase: bytes after a request are kept for the next
  // (pipelining), up to kReadAhead while a request is answered; the end of input is seen here.
  void read() {
    if (reading_ || peer_closed_ || phase_ == Phase::Closed) return;
    if (phase_ != Phase::Reading && phase_ != Phase::Lingering && buffer_.size() >= kReadAhead)
      return;
    reading_ = true;
    socket_.async_read_some(
        asio::buffer(chunk_),
        [self = shared_from_this()](error_code ec, size_t n) { self->on_read(ec, n); });
  }

  void on_read(error_code ec, size_t n) {
    reading_ = false;
    if (phase_ == Phase::Closed) return;
    if (phase_ != Phase::Lingering) buffer_.append(chunk_.data(), n);
    if (ec && ec != asio::error::operation_aborted) {
      peer_closed_ = true;  // end of input, or an error: nothing more will come
      peer_reset_ = ec != asio::error::eof;
    }
    switch (phase_) {
      case Phase::Reading:
        return examine();
      case Phase::Working:
        return watch_client();
      case Phase::Writing:
        return read();
      case Phase::Lingering:
        return peer_closed_ ? close() : read();
      case Phase::Closed:
        return;
    }
  }

  // Between requests: the idle deadline, then whatever the client sent behind the last request
  // (pipelining), or a read.
  void wait_for_request() {
    phase_ = Phase::Reading;
    request_started_ = false;
    c_.table.set_waiting(id_, true);
    arm(c_.limits.idle);
    examine();
  }

  void examine() {
    if (buffer_.empty()) return peer_closed_ ? close() : read();
    if (!request_started_) {
      request_started_ = true;
      arm(c_.limits.request);
    }
    HeadVerdict v = framer_.examine(buffer_);
    if (v.send_continue && !send_interim(kContinue)) return close();
    switch (v.kind) {
      case HeadVerdict::Kind::Incomplete:
        return peer_closed_ ? close() : read();
      case HeadVerdict::Kind::Refused:
        return refuse(v.refusal, v.message);
      case HeadVerdict::Kind::Ready:
        return dispatch(v.bytes);
    }
  }

  // Sends an interim answer (1xx) now, or what of it does not fit now before the answer; false
  // when the client has gone.
  bool send_interim(std::string_view bytes) {
    if (pending_.empty()) {
      ssize_t n =
          ::send(socket_.native_handle(), bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
      if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
        peer_closed_ = peer_reset_ = true;
        return false;
      }
      bytes.remove_prefix(size_t(std::max<ssize_t>(n, 0)));
    }
    pending_.append(bytes);
    return true;
  }

  // Parses the request of the buffer's first `bytes` bytes and hands it to a worker.
  void dispatch(size_t bytes) {
    // HTTP/1.2 and later minor versions are read as 1.1 (Beast knows 1.0 and 1.1 only).
    if (auto digit = framer_.later_minor_version()) buffer_[*digit] = '1';
    http::request_parser<http::string_body> parser;
    parser.header_limit(uint32_t(kMaxRequestHead));
    parser.body_limit(kMaxRequestBody);
    parser.eager(true);
    error_code ec;
    std::string_view rest(buffer_.data(), bytes);
    while (!ec && !parser.is_done() && !rest.empty())
      rest.remove_prefix(parser.put(asio::buffer(rest.data(), rest.size()), ec));
    buffer_.erase(0, bytes);
    framer_.reset();
    if (ec || !parser.is_done()) return refuse(Refusal::MalformedRequest, "malformed request");
    const auto& head = parser.get();
    if (head.method() != http::verb::get && head.method() != http::verb::head)
      return refuse(Refusal::MethodNotAllowed, "only GET (and HEAD) requests are served");
    if (std::string problem = host_problem(head); !problem.empty())
      return refuse(Refusal::MalformedRequest, problem);
    Request req;
    req.method = std::string(head.method_string());
    req.target = std::string(head.target());
    req.host = std::string(head[http::field::host]);
    // The absolute form names the host itself, in place of the Host header (RFC 9112, 3.2.2).
    if (auto absolute = absolute_target(req.target)) {
      if (absolute->bad)
        return refuse(Refusal::MalformedRequest,
                      "malformed request target (an absolute form without a host, or with "
                      "user information)");
      req.target = absolute->origin_form;
      req.host = absolute->authority;
    }
    parse_target(req);
    http11_ = head.version() >= 11;
    framing_ = AnswerFraming{head.method() == http::verb::head, head.keep_alive(),
                             int(c_.limits.idle.count() / 1000)};
    work(std::move(req));
  }

  void work(Request req) {
    gone_ = std::make_shared<std::atomic<bool>>(false);
    req.client_gone = gone_;
    phase_ = Phase::Working;
    c_.table.set_waiting(id_, false);
    disarm();
    watch_client();
    asio::post(c_.workers, [self = shared_from_this(), req = std::move(req)] {
      Response res;
      try {
        res = self->c_.handle(req);
      } catch (...) {  // the handler answers its own errors: this is a last resort
        send_failure(res, Failure::Internal, "internal error");
      }
      asio::post(self->c_.io, [self, res = std::move(res)] { self->answer(res); });
    });
  }

  // While a worker answers: a client that has gone (closed its connection, or reset it) is told
  // to the request, whose search then stops. Its end of input is no proof: a client that has
  // only shut its sending side (a half-close, RFC 9112 section 9.6) still reads, so it is sent
  // an interim answer, which a closed connection answers with a reset. Bytes it sends meanwhile
  // are read ahead for its next request; past kReadAhead, the connection is looked at instead.
  void watch_client() {
    if (peer_reset_) return gone_->store(true);
    if (peer_closed_) return probe_client();
    read();
    if (!reading_) arm(kLookEvery);
  }

  void probe_client() {
    if (probed_) return;
    probed_ = true;
    // No interim answer may go to an HTTP/1.0 client: its end of input is taken as its end.
    if (!http11_ || !send_interim(kContinue)) return gone_->store(true);
    arm(kLookEvery);
  }

  void look_at_client() {
    int state = tcp_state(socket_.native_handle());
    if (state == TCP_CLOSE) return gone_->store(true);
    if (state == TCP_CLOSE_WAIT && !probed_) peer_closed_ = true;
    if (peer_closed_ && !probed_) return probe_client();
    arm(kLookEvery);
  }

  void answer(const Response& res) {
    if (phase_ != Phase::Working) return;
    probed_ = false;
    out_ = std::move(pending_) + answer_bytes(res, framing_);
    pending_.clear();
    write(framing_.keep_alive);
  }

  // Refuses the request (or the connection) with the server's own answer, then ends it.
  void refuse(Refusal refusal, const std::string& message) {
    buffer_.clear();
    framer_.reset();
    out_ = std::move(pending_) + refusal_bytes(refusal, message);
    pending_.clear();
    write(false);
  }

  void write(bool keep_alive) {
    phase_ = Phase::Writing;
    c_.table.set_waiting(id_, true);
    keep_alive_ = keep_alive;
    sent_ = 0;
    write_more();
    read();
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
    read();
  }

  void close() {
    if (phase_ == Phase::Closed) return;
    phase_ = Phase::Closed;
    disarm();
    error_code ec;
    socket_.close(ec);
    if (gone_) gone_->store(true);
    if (refusing_) {
      refusing_ = false;
      --c_.refusals;
    }
    if (!counted_) return;
    counted_ = false;
    c_.table.leave(id_);
    c_.sessions.erase(id_);
  }

  SessionContext& c_;
  tcp::socket socket_;
  asio::steady_timer timer_;
  uint64_t timer_generation_ = 0;
  std::string address_;
  uint64_t id_;
  bool counted_ = false;   // in the connection table
  bool refusing_ = false;  // in the count of refusals
  Phase phase_ = Phase::Reading;
  bool reading_ = false;                // a read is under way
  std::array<char, kReadChunk> chunk_;  // what a read receives
  std::string buffer_;                  // received and not yet consumed by a request
  RequestFramer framer_;                // the scan of the request at the buffer's start
  bool request_started_ = false;
  bool peer_closed_ = false;  // its input has ended (a half-close, or its end)
  bool peer_reset_ = false;   // its connection was reset: it has gone
  bool http11_ = false;       // the request being answered is HTTP/1.1 (it may get 1xx)
  bool probed_ = false;       // sent an interim answer to see whether it has gone
  std::shared_ptr<std::atomic<bool>> gone_;
  std::string pending_;  // an interim answer's bytes still to send, before the answer
  AnswerFraming framing_;
  std::string out_;  // the answer being written
  size_t sent_ = 0;
  bool keep_alive_ = true;
};

void start_session(SessionContext& context, tcp::socket socket) {
  std::make_shared<Session>(context, std::move(socket))->start();
}

}  // namespace ewn::web
