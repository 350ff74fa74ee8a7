// What a connection (web/http_session.cpp) must know of a request before its head is parsed:
// whether its head (and the body it announces) has arrived, and whether it can be refused at
// once (a method other than GET or HEAD, a line, head or body too large, a transfer coding).
// The full parse of the head stays Boost.Beast's; this only scans the bytes buffered so far, so
// that a connection never buffers more than one request's worth, and pipelined requests are
// framed one after another.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

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
    Refused,     // answer `status` with `message` and close
  };
  Kind kind = Kind::Incomplete;
  size_t bytes = 0;
  int status = 0;
  std::string message;
};

// Examines the bytes buffered from a connection, starting at a request's first byte.
HeadVerdict examine_request(std::string_view buffered);

}  // namespace ewn::web
