// A connection's first look at a request (web/request_head.h): when it is whole, and
// what it refuses before a worker sees it.
#include <catch2/catch.hpp>

#include <string>

#include "request_head.h"

using namespace ewn::web;
using Kind = HeadVerdict::Kind;

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
  CHECK(big.status == 413);
  for (std::string bad : {"x", "-1", "1 2", "99999999999999999999999"})
    CHECK(examine_request("GET / HTTP/1.1\r\nContent-Length: " + bad + "\r\n\r\n").status == 400);
  CHECK(
      examine_request("GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n").status ==
      400);
  CHECK(examine_request("GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n").status == 501);
}

TEST_CASE("a method other than GET and HEAD is refused as soon as its line is read", "[web]") {
  for (std::string method : {"POST", "PUT", "TRACE", "PROPFIND", "get", "BREW", "CONNECT"}) {
    HeadVerdict v = examine_request(method + " /api/info HTTP/1.1\r\nHost: loc");
    CHECK(v.kind == Kind::Refused);
    CHECK(v.status == 405);
  }
  // GET and HEAD wait for their head; lines that are no request line go to the router (400).
  CHECK(examine_request("HEAD / HTTP/1.1\r\n").kind == Kind::Incomplete);
  for (std::string line : {"HELLO", "GET /", "P(ST / HTTP/1.1", "POST / FTP/1", "A B C D"})
    CHECK(examine_request(line + "\r\n\r\n").kind == Kind::Ready);
}

TEST_CASE("an overlong request line or head is refused", "[web]") {
  std::string line = "GET /" + std::string(kMaxRequestLine, 'a');
  CHECK(examine_request(line).status == 414);
  CHECK(examine_request(line + " HTTP/1.1\r\n\r\n").status == 414);
  std::string head = "GET / HTTP/1.1\r\nX: " + std::string(kMaxRequestHead, 'b');
  CHECK(examine_request(head).status == 431);
  CHECK(examine_request(head + "\r\n\r\n").status == 431);
}
