// What a connection (web/http_session.cpp) must know of a request before its head is parsed:
// whether its head (and the body it announces) has arrived, and whether it can be refused at
// once (a method other than GET or HEAD, a line, head or body too large, a transfer coding, a
// line not ended by CRLF, bytes that are no HTTP at all). The full parse of the head stays
// Boost.Beast's; this only scans the bytes buffered so far, each byte once however the request
// arrives (a byte at a time or all at once), so that a connection never buffers more than one
// request's worth, a pathological head costs its sender and not the event loop, and pipelined
// requests are framed one after another.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "failure.h"

namespace ewn::web {

// Limits of a request, in bytes: a request line above kMaxRequestLine gets 414; no route takes
// a body, so a small one is read and dropped and a larger one refused.
inline constexpr size_t kMaxRequestLine = 8192;
// The message of a 414.
std::string request_line_too_long();
inline constexpr size_t kMaxRequestHead = 16384;
inline constexpr size_t kMaxRequestBody = 4096;

struct HeadVerdict {
  enum class Kind {
    Incomplete,  // wait for more bytes (within the request's deadline)
    Ready,       // `bytes` bytes (head and body) make the request: a worker answers it
    Refused,     // answer `refusal` (its `status`) with `message` and close
  };
  Kind kind = Kind::Incomplete;
  size_t bytes = 0;
  Refusal refusal = Refusal::MalformedRequest;  // its status and kind are the map's
  std::string message;
  // Incomplete: the head asks for "Expect: 100-continue" and its body has not arrived; the
  // connection sends "100 Continue" (RFC 9110, section 10.1.1). Set once a request.
  bool send_continue = false;
};

// The scan of one request, kept between the reads of a connection. The buffer it is given
// starts at the request's first byte and only grows between calls (bytes appended) until
// reset(): only the bytes not seen before are looked at.
class RequestFramer {
 public:
  HeadVerdict examine(std::string_view buffered);
  // For the next request (the buffer then starts at its first byte).
  void reset() { *this = RequestFramer(); }
  // Once the request line is read: where in the buffer its minor version digit is, when the
  // version is HTTP/1.x with x > 1 (a later minor version of HTTP/1 is taken as 1.1, RFC 9110
  // section 2.5, but Beast reads 1.0 and 1.1 only). nullopt otherwise.
  std::optional<size_t> later_minor_version() const { return later_minor_; }

 private:
  bool on_byte(std::string_view buffered, size_t at);
  bool on_line(std::string_view line);
  bool on_request_line(std::string_view line);
  bool on_field_line(std::string_view line);
  bool refuse(Refusal refusal, std::string message);

  size_t scanned_ = 0;        // bytes looked at
  size_t line_start_ = 0;     // where the line being read starts
  bool method_read_ = false;  // the request line's first space is read
  bool in_fields_ = false;    // the request line is read
  size_t head_bytes_ = 0;     // the head's length once its blank line is read; 0 before
  bool has_length_ = false;
  uint64_t length_ = 0;
  bool http11_ = false;  // HTTP/1.1 or a later 1.x: 100 Continue may be sent
  bool expects_continue_ = false, continue_sent_ = false;
  std::optional<size_t> later_minor_;
  HeadVerdict refused_;  // Refused once a refusal is found
};

// Examines the bytes buffered from a connection, starting at a request's first byte (a framer
// of its own: the verdict of a RequestFramer fed the same bytes in any pieces).
HeadVerdict examine_request(std::string_view buffered);

// A request target in absolute form (RFC 9112, section 3.2.2: "http://host:port/path?query"),
// which a server must accept: its authority (which stands for the Host header) and the target in
// origin form ("/path?query"; "/" for an empty path). nullopt for any other target; an authority
// that is empty or holds user information (RFC 9110, section 4.2.4) is `bad`.
struct AbsoluteTarget {
  std::string authority;
  std::string origin_form;
  bool bad = false;
};
std::optional<AbsoluteTarget> absolute_target(std::string_view target);

}  // namespace ewn::web
