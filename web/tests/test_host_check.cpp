// Loopback names (web/host_check.h): the Host check against DNS rebinding and the warning for
// a server that listens beyond loopback.
#include <catch2/catch.hpp>

#include <string>

#include "host_check.h"

using namespace ewn::web;

TEST_CASE("loopback addresses to listen on", "[web]") {
  for (std::string host : {"127.0.0.1", "127.1.2.3", "::1", "localhost", "LOCALHOST", "localhost."})
    CHECK(is_loopback_address(host));
  for (std::string host : {"0.0.0.0", "::", "10.0.0.1", "128.0.0.1", "example.org", "", "::2"})
    CHECK_FALSE(is_loopback_address(host));
}

TEST_CASE("Host headers that name loopback", "[web]") {
  for (std::string host : {"localhost", "localhost:8080", "127.0.0.1:1", "[::1]", "[::1]:8080",
                           "app.localhost", "App.LocalHost:80", "localhost.:8080"})
    CHECK(is_loopback_host_header(host));
  for (std::string host : {"evil.example", "evil.example:8080", "127.0.0.1.evil.example",
                           "localhost.evil.example", "localhostx", "x-localhost", "[::1", "[::1]x",
                           "[::1]:", "localhost:", "localhost:port", "localhost:8080:1", "::1",
                           "[::2]:80", ".localhost", "0.0.0.0", "a b.localhost", "x/y.localhost"})
    CHECK_FALSE(is_loopback_host_header(host));
  // A NUL byte ends the text the address parser reads (found by fuzz_request_head).
  CHECK_FALSE(is_loopback_host_header(std::string("127.0.0.1\0.evil.example", 23)));
}
