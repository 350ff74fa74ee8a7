#include "request_head.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>

namespace ewn::web {

namespace {

constexpr std::string_view kCrlf = "\r\n", kEndOfHead = "\r\n\r\n";

HeadVerdict refuse(int status, std::string message) {
  return {HeadVerdict::Kind::Refused, 0, status, std::move(message)};
}

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower((unsigned char)x) == std::tolower((unsigned char)y);
         });
}

// RFC 9110's token characters, of which a method is made.
bool is_token(std::string_view s) {
  constexpr std::string_view extra = "!#$%&'*+-.^_`|~";
  return !s.empty() && std::all_of(s.begin(), s.end(), [&](char c) {
    return std::isalnum((unsigned char)c) || extra.find(c) != std::string_view::npos;
  });
}

// A request line of three parts whose method is a token other than GET and HEAD: refused with
// 405 here, whatever the method (a parser would call an unknown one a malformed request). Any
// other line goes to the parser, and a malformed one is answered 400.
bool names_another_method(std::string_view line) {
  size_t first = line.find(' '), second = line.find(' ', first + 1);
  if (first == std::string_view::npos || second == std::string_view::npos ||
      line.find(' ', second + 1) != std::string_view::npos)
    return false;
  std::string_view method = line.substr(0, first), version = line.substr(second + 1);
  return is_token(method) && version.substr(0, 5) == "HTTP/" && method != "GET" && method != "HEAD";
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::string request_line_too_long() {
  return "request line too long (at most " + std::to_string(kMaxRequestLine) + " bytes)";
}

HeadVerdict examine_request(std::string_view buffered) {
  size_t line_end = buffered.find(kCrlf);
  // Without its end yet, the line is at least all but the last byte (which may be the '\r').
  if (line_end == std::string_view::npos ? buffered.size() > kMaxRequestLine + 1
                                         : line_end > kMaxRequestLine)
    return refuse(414, request_line_too_long());
  if (line_end != std::string_view::npos && names_another_method(buffered.substr(0, line_end)))
    return refuse(405, "only GET (and HEAD) requests are served");

  size_t head_end = buffered.find(kEndOfHead);
  if (head_end == std::string_view::npos || head_end + kEndOfHead.size() > kMaxRequestHead) {
    if (buffered.size() > kMaxRequestHead)
      return refuse(
          431, "request head too large (at most " + std::to_string(kMaxRequestHead) + " bytes)");
    return {};
  }
  size_t head_bytes = head_end + kEndOfHead.size();

  // The header lines, for the body's framing.
  std::string_view lines = buffered.substr(line_end + kCrlf.size(), head_end - line_end);
  bool has_length = false;
  uint64_t length = 0;
  while (!lines.empty()) {
    size_t end = std::min(lines.find(kCrlf), lines.size());
    std::string_view line = lines.substr(0, end);
    lines.remove_prefix(std::min(lines.size(), end + kCrlf.size()));
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    std::string_view name = line.substr(0, colon), value = trim(line.substr(colon + 1));
    if (equal_ignoring_case(name, "Transfer-Encoding"))
      return refuse(501,
                    "a request body with a Transfer-Encoding is not supported (no request "
                    "takes a body)");
    if (!equal_ignoring_case(name, "Content-Length")) continue;
    bool digits =
        !value.empty() && value.size() <= 18 &&
        std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; });
    uint64_t v = digits ? std::stoull(std::string(value)) : 0;
    if (!digits || (has_length && v != length))
      return refuse(400, "malformed request (a bad or repeated Content-Length)");
    has_length = true;
    length = v;
  }
  if (length > kMaxRequestBody)
    return refuse(413, "request body too large (at most " + std::to_string(kMaxRequestBody) +
                           " bytes; no request takes a body)");
  size_t bytes = head_bytes + size_t(length);
  if (buffered.size() < bytes) return {};
  return {HeadVerdict::Kind::Ready, bytes, 0, {}};
}

}  // namespace ewn::web
