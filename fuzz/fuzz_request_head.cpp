// libFuzzer target: any bytes as the start of an HTTP request, as the server's connections
// see them (web/request_head.h), and as a Host header (web/host_check.h). The verdict must be
// one a connection can act on, and must not change as more bytes arrive: a prefix already judged
// whole or refused is judged the same with anything after it, as a connection judges each time
// bytes arrive.
#include <cstdint>
#include <string_view>

#include "fuzz_check.h"
#include "host_check.h"
#include "request_head.h"

using namespace ewn::web;
using Kind = HeadVerdict::Kind;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  HeadVerdict full = examine_request(bytes);
  if (full.kind == Kind::Ready)
    FUZZ_CHECK(full.bytes > 0 && full.bytes <= size, "ready with %zu of %zu bytes", full.bytes,
               size);
  if (full.kind == Kind::Refused) {
    int s = full.status;
    FUZZ_CHECK(s == 400 || s == 405 || s == 413 || s == 414 || s == 431 || s == 501,
               "refused with status %d", s);
    FUZZ_CHECK(!full.message.empty(), "refused without a message");
  }
  // Each shorter prefix: undecided, or decided as the whole is.
  for (size_t n = 0; n < size; n += 1 + n / 8) {
    HeadVerdict part = examine_request(bytes.substr(0, n));
    if (part.kind == Kind::Incomplete) continue;
    FUZZ_CHECK(part.kind == full.kind && part.bytes == full.bytes && part.status == full.status,
               "the verdict on %zu bytes changed with %zu more", n, size - n);
  }
  // The Host check must only ever accept loopback (checked loosely: no accepted name holds
  // characters a host name cannot).
  if (is_loopback_host_header(bytes))
    for (char c : bytes)
      FUZZ_CHECK(c > ' ' && c < 0x7f && c != '/' && c != '@', "accepted Host with byte %d", c);
  return 0;
}
