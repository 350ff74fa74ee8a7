#include "http_answer.h"

#include <strings.h>

#include <boost/beast/http/status.hpp>
#include <map>

#include "json_response.h"

namespace ewn::web {

namespace {

// The headers of every answer.
constexpr std::pair<const char*, const char*> kAnswerHeaders[] = {
    {"X-Content-Type-Options", "nosniff"},
    {"Content-Security-Policy", "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"},
    {"Referrer-Policy", "no-referrer"},
    {"Cache-Control", "no-store"},
};

// The status line's words: Beast's (RFC 9110's, where it renamed none).
std::string reason_phrase(int status) {
  return std::string(boost::beast::http::obsolete_reason(
      boost::beast::http::int_to_status(static_cast<unsigned>(status))));
}

struct IgnoringCase {
  bool operator()(const std::string& a, const std::string& b) const {
    return ::strcasecmp(a.c_str(), b.c_str()) < 0;
  }
};

}  // namespace

std::string answer_bytes(const Response& res, const AnswerFraming& framing) {
  // In the order of their names, as the server wrote them before (cpp-httplib's order).
  std::map<std::string, std::string, IgnoringCase> headers;
  for (const auto& [name, value] : kAnswerHeaders) headers[name] = value;
  if (res.status == ways_of(Refusal::MethodNotAllowed).http_status) headers["Allow"] = "GET, HEAD";
  headers["Content-Type"] = res.content_type.empty() ? "text/plain" : res.content_type;
  headers["Content-Length"] = std::to_string(res.body.size());
  if (framing.keep_alive)
    headers["Keep-Alive"] = "timeout=" + std::to_string(framing.idle_seconds);
  else
    headers["Connection"] = "close";
  std::string out =
      "HTTP/1.1 " + std::to_string(res.status) + " " + reason_phrase(res.status) + "\r\n";
  for (const auto& [name, value] : headers) out += name + ": " + value + "\r\n";
  out += "\r\n";
  if (!framing.head_only) out += res.body;
  return out;
}

std::string refusal_bytes(Refusal refusal, const std::string& message) {
  Response res;
  send_error(res, refusal, "HTTP " + std::to_string(ways_of(refusal).http_status) + ": " + message);
  return answer_bytes(res, AnswerFraming{false, false, 0});
}

}  // namespace ewn::web
