// A connection's first look at a request (web/request_head.h): when it is whole, and
// what it refuses before a worker sees it.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "request_head.h"

using namespace ewn::web;
using Kind = HeadVerdict::Kind;
using ewn::Refusal;

namespace {

// The refusal the map gives an HTTP status (answers/failure.h).
Refusal refusal_of(int status) {
  return *ewn::refusal_of_status(status);
}

}  // namespace

TEST_CASE("a GET head is ready once its blank line has arrived", "[web]") {
  std::string head = "GET /api/info HTTP/1.1\r\nHost: localhost\r\n\r\n";
  for (size_t n = 0; n < head.size(); ++n)
    CHECK(examine_request(head.substr(0, n)).kind == Kind::Incomplete);
  HeadVerdict v = examine_request(head);
  CHECK(v.kind == Kind::Ready);
  CHECK(v.bytes == head.size());
  // A request behind it (pipelining) is not part of it.
  CHECK(examine_request(head + "GET / HTTP/1.1\r\n").bytes == head.size());
}

TEST_CASE("a body announced by Content-Length is waited for, up to a limit", "[web]") {
  std::string head = "GET / HTTP/1.1\r\ncontent-length: 5\r\n\r\n";
  CHECK(examine_request(head + "abc").kind == Kind::Incomplete);
  CHECK(examine_request(head + "abcde").bytes == head.size() + 5);
  HeadVerdict big = examine_request("GET / HTTP/1.1\r\nContent-Length: 4097\r\n\r\n");
  CHECK(big.kind == Kind::Refused);
  CHECK(big.refusal == refusal_of(413));
  CHECK(big.refusal == Refusal::BodyTooLarge);
  for (std::string bad : {"x", "-1", "1 2", "99999999999999999999999"})
    CHECK(examine_request("GET / HTTP/1.1\r\nContent-Length: " + bad + "\r\n\r\n").refusal ==
          refusal_of(400));
  CHECK(
      examine_request("GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n").refusal ==
      refusal_of(400));
  CHECK(examine_request("GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n").refusal ==
        refusal_of(501));
}

TEST_CASE("a method other than GET and HEAD is refused as soon as its line is read", "[web]") {
  for (std::string method : {"POST", "PUT", "TRACE", "PROPFIND", "get", "BREW", "CONNECT"}) {
    HeadVerdict v = examine_request(method + " /api/info HTTP/1.1\r\nHost: loc");
    CHECK(v.kind == Kind::Refused);
    CHECK(v.refusal == refusal_of(405));
  }
  // GET and HEAD wait for their head; lines that are no request line go to the router (400).
  CHECK(examine_request("HEAD / HTTP/1.1\r\n").kind == Kind::Incomplete);
  for (std::string line : {"HELLO", "GET /", "POST / FTP/1", "A B C D", "GET / HTTP/1.10"})
    CHECK(examine_request(line + "\r\n\r\n").kind == Kind::Ready);
  // A method that is no token is no request line: refused at its first byte.
  CHECK(examine_request("P(").refusal == refusal_of(400));
}

TEST_CASE("an overlong request line or head is refused", "[web]") {
  std::string line = "GET /" + std::string(kMaxRequestLine, 'a');
  CHECK(examine_request(line).refusal == refusal_of(414));
  CHECK(examine_request(line + " HTTP/1.1\r\n\r\n").refusal == refusal_of(414));
  std::string head = "GET / HTTP/1.1\r\nX: " + std::string(kMaxRequestHead, 'b');
  CHECK(examine_request(head).refusal == refusal_of(431));
  CHECK(examine_request(head + "\r\n\r\n").refusal == refusal_of(431));
}

TEST_CASE("lines end with CRLF: a bare LF or CR, or no HTTP at all, is refused at once", "[web]") {
  for (std::string bytes : {"GET / HTTP/1.1\n", "GET / HTTP/1.1\r\nHost: a\n", "GET / HTTP/1.1\rX",
                            "GET / HTTP/1.1\r\nX: \r\r", "\n", "\r\r"}) {
    HeadVerdict v = examine_request(bytes);
    CHECK(v.kind == Kind::Refused);
    CHECK(v.refusal == refusal_of(400));
  }
  // A TLS ClientHello (a handshake record, TLS 1.0 to 1.3) at its first byte, named as such.
  HeadVerdict tls = examine_request(std::string("\x16\x03\x01\x02\x00\x01", 6));
  CHECK(tls.refusal == refusal_of(400));
  CHECK(tls.message.find("TLS") != std::string::npos);
  CHECK(examine_request(std::string(1, '\x16')).refusal == refusal_of(400));
  CHECK(examine_request(std::string(1, '\0')).refusal == refusal_of(400));
}

TEST_CASE("a head arriving a byte at a time is judged as a whole, each byte looked at once",
          "[web]") {
  std::vector<std::string> requests = {
      "GET /api/info HTTP/1.1\r\nHost: localhost\r\nX: y\r\n\r\n",
      "GET / HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc",
      "GET / HTTP/1.1\r\nX: " + std::string(kMaxRequestHead, 'a'),
      "GET / HTTP/1.1\r\n\r\r",
      "PUT / HTTP/1.1\r\n",
      "GET /" + std::string(kMaxRequestLine, 'a') + " HTTP/1.1\r\n\r\n"};
  for (const std::string& request : requests) {
    HeadVerdict whole = examine_request(request);
    RequestFramer framer;
    HeadVerdict v;
    for (size_t n = 1; n <= request.size() && v.kind == Kind::Incomplete; ++n)
      v = framer.examine(std::string_view(request).substr(0, n));
    CHECK(v.kind == whole.kind);
    CHECK(v.refusal == whole.refusal);
    CHECK(v.bytes == whole.bytes);
  }
  // A framer is reset for the request behind.
  RequestFramer framer;
  CHECK(framer.examine("GET / HTTP/1.1\r\n\r\n").kind == Kind::Ready);
  framer.reset();
  CHECK(framer.examine("GET /").kind == Kind::Incomplete);
}

TEST_CASE("HTTP versions: 1.0 and 1.1 as they are, later 1.x as 1.1, others 505", "[web]") {
  RequestFramer framer;
  std::string head = "GET / HTTP/1.2\r\nHost: a\r\n\r\n";
  CHECK(framer.examine(head).kind == Kind::Ready);
  REQUIRE(framer.later_minor_version());
  CHECK(head[*framer.later_minor_version()] == '2');
  for (std::string version : {"1.0", "1.1"}) {
    RequestFramer f;
    CHECK(f.examine("GET / HTTP/" + version + "\r\n\r\n").kind == Kind::Ready);
    CHECK_FALSE(f.later_minor_version());
  }
  for (std::string version : {"2.0", "0.9", "3.1"}) {
    HeadVerdict v = examine_request("GET / HTTP/" + version + "\r\n");
    CHECK(v.refusal == refusal_of(505));
    CHECK(v.refusal == Refusal::VersionNotSupported);  // the map's, its status and kind
  }
}

TEST_CASE("Expect: 100-continue asks for a 100 once, where a body is still to come", "[web]") {
  std::string head = "GET / HTTP/1.1\r\nExpect: 100-Continue\r\nContent-Length: 3\r\n\r\n";
  RequestFramer framer;
  HeadVerdict v = framer.examine(head);
  CHECK(v.kind == Kind::Incomplete);
  CHECK(v.send_continue);
  CHECK_FALSE(framer.examine(head + "a").send_continue);
  CHECK(framer.examine(head + "abc").kind == Kind::Ready);
  // Not for HTTP/1.0, nor without a body, nor with the body there, nor with a body too large
  // (refused at once instead).
  CHECK_FALSE(examine_request("GET / HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 3"
                              "\r\n\r\n")
                  .send_continue);
  CHECK(examine_request("GET / HTTP/1.1\r\nExpect: 100-continue\r\n\r\n").kind == Kind::Ready);
  CHECK(examine_request(head + "abc").kind == Kind::Ready);
  CHECK(examine_request("GET / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 9999\r\n"
                        "\r\n")
            .refusal == refusal_of(413));
}

TEST_CASE("a target in absolute form gives its authority and its origin form", "[web]") {
  auto a = absolute_target("http://127.0.0.1:8080/api/info?x=1");
  REQUIRE(a);
  CHECK(a->authority == "127.0.0.1:8080");
  CHECK(a->origin_form == "/api/info?x=1");
  CHECK_FALSE(a->bad);
  CHECK(absolute_target("HTTP://localhost")->origin_form == "/");
  CHECK(absolute_target("http://localhost?x=1")->origin_form == "/?x=1");
  CHECK(absolute_target("https://[::1]:9/p")->authority == "[::1]:9");
  CHECK(absolute_target("http:///p")->bad);
  CHECK(absolute_target("http://user@localhost/")->bad);
  CHECK_FALSE(absolute_target("/api/info"));
  CHECK_FALSE(absolute_target("/?next=http://x"));
  CHECK_FALSE(absolute_target("ftp://localhost/"));
}
