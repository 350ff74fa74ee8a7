#include "request_head.h"

#include <algorithm>
#include <cctype>
#include <cstdint>

namespace ewn::web {

namespace {

constexpr std::string_view kTokenExtra = "!#$%&'*+-.^_`|~";

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower((unsigned char)x) == std::tolower((unsigned char)y);
         });
}

// RFC 9110's token characters, of which a method is made.
bool is_token_char(char c) {
  return std::isalnum((unsigned char)c) || kTokenExtra.find(c) != std::string_view::npos;
}

bool is_token(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), is_token_char);
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

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

}  // namespace

std::string request_line_too_long() {
  return "request line too long (at most " + std::to_string(kMaxRequestLine) + " bytes)";
}

bool RequestFramer::refuse(Refusal refusal, std::string message) {
  refused_ = {HeadVerdict::Kind::Refused, 0, refusal, std::move(message)};
  return false;
}

HeadVerdict RequestFramer::examine(std::string_view buffered) {
  if (refused_.kind == HeadVerdict::Kind::Refused) return refused_;
  for (; head_bytes_ == 0 && scanned_ < buffered.size(); ++scanned_)
    if (!on_byte(buffered, scanned_)) return refused_;
  if (head_bytes_ == 0) return {};
  size_t bytes = head_bytes_ + size_t(length_);
  if (buffered.size() >= bytes) {
    HeadVerdict ready;
    ready.kind = HeadVerdict::Kind::Ready;
    ready.bytes = bytes;
    return ready;
  }
  HeadVerdict wait;
  if (expects_continue_ && !continue_sent_) wait.send_continue = continue_sent_ = true;
  return wait;
}

// One byte of the head: a line ends at CRLF (a CR or LF alone is refused at once, RFC 9112
// section 2.2), and the limits on the line and the head are checked as the bytes come.
bool RequestFramer::on_byte(std::string_view buffered, size_t at) {
  char c = buffered[at];
  bool after_cr = at > line_start_ && buffered[at - 1] == '\r';
  if (after_cr && c != '\n')
    return refuse(Refusal::MalformedRequest,
                  "malformed request (a CR not followed by LF; RFC 9112, section 2.2)");
  if (c == '\n') {
    if (!after_cr)
      return refuse(Refusal::MalformedRequest,
                    "malformed request (a line ended by LF alone; lines end with CRLF, "
                    "RFC 9112, section 2.2)");
    std::string_view line = buffered.substr(line_start_, at - 1 - line_start_);
    line_start_ = at + 1;
    if (!on_line(line)) return false;
    if (head_bytes_ == 0 && at + 1 >= kMaxRequestHead)
      return refuse(Refusal::HeadTooLarge, "request head too large (at most " +
                                               std::to_string(kMaxRequestHead) + " bytes)");
    return true;
  }
  if (!in_fields_) {
    // The method: a token up to the first space. A TLS handshake (its first byte 22) or any
    // other protocol is refused at its first byte rather than waited for.
    if (!method_read_ && c == ' ' && at > line_start_) {
      method_read_ = true;
    } else if (!method_read_ && c != '\r' && !is_token_char(c)) {
      return refuse(Refusal::MalformedRequest,
                    c == 0x16 && at == 0
                        ? "malformed request (a TLS handshake: this server speaks plain "
                          "HTTP, http:// and not https://)"
                        : "malformed request (not an HTTP request line)");
    }
    if (at - line_start_ >= kMaxRequestLine && c != '\r')
      return refuse(Refusal::UriTooLong, request_line_too_long());
  }
  if (at >= kMaxRequestHead)
    return refuse(Refusal::HeadTooLarge,
                  "request head too large (at most " + std::to_string(kMaxRequestHead) + " bytes)");
  return true;
}

bool RequestFramer::on_line(std::string_view line) {
  if (!in_fields_) {
    in_fields_ = true;
    return on_request_line(line);
  }
  if (!line.empty()) return on_field_line(line);
  head_bytes_ = line_start_;
  if (length_ > kMaxRequestBody)
    return refuse(Refusal::BodyTooLarge, "request body too large (at most " +
                                             std::to_string(kMaxRequestBody) +
                                             " bytes; no request takes a body)");
  // An expectation is met only where there is a body still to come (RFC 9110, section 10.1.1).
  expects_continue_ = expects_continue_ && http11_ && length_ > 0;
  return true;
}

bool RequestFramer::on_request_line(std::string_view line) {
  if (names_another_method(line))
    return refuse(Refusal::MethodNotAllowed, "only GET (and HEAD) requests are served");
  // The version, when the line ends with one of the form HTTP/d.d (any other goes to the parser
  // and is answered 400): HTTP/1.x from 1.1 on is 1.1; another major version is not served.
  size_t space = line.rfind(' ');
  std::string_view version = space == std::string_view::npos ? "" : line.substr(space + 1);
  if (version.size() != 8 || version.substr(0, 5) != "HTTP/" || !is_digit(version[5]) ||
      version[6] != '.' || !is_digit(version[7]))
    return true;
  if (version[5] != '1')
    return refuse(Refusal::VersionNotSupported, "HTTP version " + std::string(version.substr(5)) +
                                                    " not supported (this server speaks HTTP/1.1)");
  http11_ = version[7] >= '1';
  if (version[7] > '1') later_minor_ = line_start_ - 3;  // the digit before the CRLF
  return true;
}

bool RequestFramer::on_field_line(std::string_view line) {
  size_t colon = line.find(':');
  if (colon == std::string_view::npos) return true;  // the parser answers 400
  std::string_view name = line.substr(0, colon), value = trim(line.substr(colon + 1));
  if (equal_ignoring_case(name, "Transfer-Encoding"))
    return refuse(Refusal::NotImplemented,
                  "a request body with a Transfer-Encoding is not supported (no request takes "
                  "a body)");
  if (equal_ignoring_case(name, "Expect")) {
    expects_continue_ = expects_continue_ || equal_ignoring_case(value, "100-continue");
    return true;
  }
  if (!equal_ignoring_case(name, "Content-Length")) return true;
  bool digits =
      !value.empty() && value.size() <= 18 && std::all_of(value.begin(), value.end(), is_digit);
  uint64_t v = digits ? std::stoull(std::string(value)) : 0;
  if (!digits || (has_length_ && v != length_))
    return refuse(Refusal::MalformedRequest,
                  "malformed request (a bad or repeated Content-Length)");
  has_length_ = true;
  length_ = v;
  return true;
}

HeadVerdict examine_request(std::string_view buffered) {
  RequestFramer framer;
  return framer.examine(buffered);
}

std::optional<AbsoluteTarget> absolute_target(std::string_view target) {
  size_t scheme_end = target.find("://");
  if (scheme_end == std::string_view::npos) return std::nullopt;
  std::string_view scheme = target.substr(0, scheme_end);
  if (!equal_ignoring_case(scheme, "http") && !equal_ignoring_case(scheme, "https"))
    return std::nullopt;
  std::string_view rest = target.substr(scheme_end + 3);
  size_t end = std::min(rest.find_first_of("/?#"), rest.size());
  AbsoluteTarget out;
  out.authority = std::string(rest.substr(0, end));
  std::string_view tail = rest.substr(end);
  out.origin_form =
      tail.empty() || tail.front() != '/' ? "/" + std::string(tail) : std::string(tail);
  out.bad = out.authority.empty() || out.authority.find('@') != std::string::npos;
  return out;
}

}  // namespace ewn::web
