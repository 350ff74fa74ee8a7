// What the connection loop must know of a request before a worker reads it in full: whether its
// head (and the body it announces) has arrived, and whether it can be refused at once without
// the router (a method other than GET or HEAD, a head or body too large, a transfer coding).
// The full parse (headers, query) stays cpp-httplib's; this only scans the bytes buffered so far.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ewn::web {

// Limits of a request, in bytes. The request line is httplib's limit (414 above it); no route
// takes a body, so a small one is read and dropped and a larger one refused.
inline constexpr size_t kMaxRequestLine = 8192;
// The message of a 414, whoever answers it (the connection loop, or httplib's own check).
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
