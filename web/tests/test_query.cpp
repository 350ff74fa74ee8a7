// How a request target becomes the path and parameters the routes read (web/query.h), and the
// bytes of an answer (web/http_answer.h).
#include <catch2/catch.hpp>

#include <string>

#include "http_answer.h"
#include "query.h"

using namespace ewn::web;
using ewn::Refusal;

namespace {

Request target(const std::string& t) {
  Request req;
  req.target = t;
  parse_target(req);
  return req;
}

}  // namespace

TEST_CASE("a target's path and parameters are percent-decoded", "[web]") {
  Request req = target("/api/probe?position=r1r23/5/2b3b41/5/5%20r+4&nodes=5000");
  CHECK(req.path == "/api/probe");
  CHECK(req.get_param_value("position") == "r1r23/5/2b3b41/5/5 r 4");
  CHECK(req.get_param_value("nodes") == "5000");
  CHECK(req.params.size() == 2);
  CHECK(target("/a%20b+c").path == "/a b+c");  // '+' is a space in the query only
  CHECK(target("/").params.empty());
}

TEST_CASE("only '&' separates parameters", "[web]") {
  Request req = target("/api/probe?position=xx;position=r14&&x=");
  CHECK(req.params.count("position") == 1);
  CHECK(req.get_param_value("position") == "xx;position=r14");
  CHECK(req.has_param("x"));
  CHECK(req.get_param_value("x").empty());
}

TEST_CASE("a '%' without two hex digits stays as it is", "[web]") {
  CHECK(target("/?p=%G1%Z%").get_param_value("p") == "%G1%Z%");
  CHECK(target("/?p=%4").get_param_value("p") == "%4");
  CHECK(target("/?p=%41%00b").get_param_value("p") == std::string("A\0b", 3));
}

TEST_CASE("parameters given twice are refused, with their name", "[web]") {
  CHECK_THROWS_WITH(check_params(target("/?a=1&a=1"), {"a"}), "parameter 'a' given more than once");
  CHECK_THROWS_WITH(check_params(target("/?a=1&a=2"), {"a"}), "parameter 'a' given more than once");
  CHECK_THROWS_WITH(check_params(target("/?b=1"), {"a"}), "unknown parameter 'b' (known: a)");
  CHECK_NOTHROW(check_params(target("/?a=1"), {"a"}));
}

TEST_CASE("an answer's bytes: status, the safety headers, framing, body", "[web]") {
  Response res;
  res.status = 404;
  res.set_content("{}\n", "application/json");
  std::string kept = answer_bytes(res, AnswerFraming{false, true, 5});
  CHECK(kept.rfind("HTTP/1.1 404 Not Found\r\n", 0) == 0);
  CHECK(kept.find("\r\nContent-Length: 3\r\n") != std::string::npos);
  CHECK(kept.find("\r\nKeep-Alive: timeout=5\r\n") != std::string::npos);
  CHECK(kept.find("\r\nX-Content-Type-Options: nosniff\r\n") != std::string::npos);
  CHECK(kept.substr(kept.size() - 7) == "\r\n\r\n{}\n");
  std::string head = answer_bytes(res, AnswerFraming{true, false, 5});
  CHECK(head.find("\r\nConnection: close\r\n") != std::string::npos);
  CHECK(head.find("\r\nContent-Length: 3\r\n") != std::string::npos);  // GET's length
  CHECK(head.substr(head.size() - 4) == "\r\n\r\n");
  std::string refusal = refusal_bytes(Refusal::MethodNotAllowed, "only GET");
  CHECK(refusal.find("\r\nAllow: GET, HEAD\r\n") != std::string::npos);
  CHECK(refusal.find("{\"error\":\"HTTP 405: only GET\",\"error_kind\":\"bad_use\"}\n") !=
        std::string::npos);
  // Every refusal's status and kind are the map's (answers/failure.h).
  std::string version = refusal_bytes(Refusal::VersionNotSupported, "HTTP/2");
  CHECK(version.rfind("HTTP/1.1 505 HTTP Version Not Supported\r\n", 0) == 0);
  CHECK(version.find("\"error_kind\":\"unavailable\"") != std::string::npos);
  CHECK(version.find("\r\nAllow:") == std::string::npos);
}
