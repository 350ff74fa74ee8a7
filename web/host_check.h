// Loopback names and addresses, for the server's defence against DNS rebinding: a server bound
// to loopback answers only requests that name a loopback host, so that a web page the user
// visits cannot reach it under a name of its own that resolves to 127.0.0.1.
#pragma once

#include <string_view>

namespace ewn::web {

// Whether an address to listen on is loopback: "localhost", 127.0.0.0/8 or ::1.
bool is_loopback_address(std::string_view host);

// Whether a Host header names a loopback host: localhost or a name under .localhost, 127.0.0.0/8
// or [::1], each with or without a port.
bool is_loopback_host_header(std::string_view host);

}  // namespace ewn::web
