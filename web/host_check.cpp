#include "host_check.h"

#include <arpa/inet.h>

#include <algorithm>
#include <cctype>
#include <string>

namespace ewn::web {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return out;
}

bool is_port(std::string_view s) {
  return !s.empty() && s.size() <= 5 &&
         std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

bool is_loopback_address(std::string_view host) {
  // Letters, digits, '-', '.' and (IPv6) ':' only; anything else (a NUL byte above all, which
  // would end the text inet_pton reads) makes no loopback name.
  if (!std::all_of(host.begin(), host.end(), [](char c) {
        return std::isalnum((unsigned char)c) || c == '-' || c == '.' || c == ':';
      }))
    return false;
  std::string name = lower(host);
  if (!name.empty() && name.back() == '.') name.pop_back();  // the root's dot: localhost.
  if (name == "localhost" || (name.size() > 10 && name.ends_with(".localhost"))) return true;
  in_addr v4;
  if (::inet_pton(AF_INET, name.c_str(), &v4) == 1) return (ntohl(v4.s_addr) >> 24) == 127;
  in6_addr v6;
  return ::inet_pton(AF_INET6, name.c_str(), &v6) == 1 && IN6_IS_ADDR_LOOPBACK(&v6);
}

bool is_loopback_host_header(std::string_view host) {
  if (!host.empty() && host.front() == '[') {  // an IPv6 address, then maybe a port
    size_t close = host.find(']');
    if (close == std::string_view::npos) return false;
    std::string_view rest = host.substr(close + 1);
    if (!rest.empty() && !(rest.front() == ':' && is_port(rest.substr(1)))) return false;
    return is_loopback_address(host.substr(1, close - 1));
  }
  size_t colon = host.find(':');
  if (colon != std::string_view::npos) {
    if (!is_port(host.substr(colon + 1))) return false;
    host = host.substr(0, colon);
  }
  return !host.empty() && is_loopback_address(host);
}

}  // namespace ewn::web
