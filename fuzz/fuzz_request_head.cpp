// libFuzzer target: any bytes as the start of an HTTP request, as the server's connections
// see them (web/request_head.h), as a Host header (web/host_check.h) and as a request target.
// The verdict must be one a connection can act on, and must not change as more bytes arrive or
// with the pieces they arrive in: a prefix already judged whole or refused is judged the same
// with anything after it, as a connection's framer judges each time bytes arrive.
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
    // The framer's refusals (answers/failure.h's map gives each its status and kind).
    ewn::Refusal r = full.refusal;
    FUZZ_CHECK(r != ewn::Refusal::HostRefused && r != ewn::Refusal::NoSuchPage &&
                   r != ewn::Refusal::RequestTimeout && r != ewn::Refusal::Overloaded,
               "refused with refusal %d", int(r));
    FUZZ_CHECK(!full.message.empty(), "refused without a message");
  }
  // Fed in pieces to one framer, as a connection reads them (pieces of 1, 2, 3, ... bytes):
  // each shorter prefix undecided or decided as the whole is, the last verdict the whole's, and
  // a 100 Continue asked for at most once.
  RequestFramer framer;
  HeadVerdict part;
  int continues = 0;
  for (size_t n = 0, step = 1; n < size; n += step, step = 1 + step % 7) {
    part = framer.examine(bytes.substr(0, n));
    continues += part.send_continue;
    if (part.kind == Kind::Incomplete) continue;
    FUZZ_CHECK(part.kind == full.kind && part.bytes == full.bytes && part.refusal == full.refusal,
               "the verdict on %zu bytes changed with %zu more", n, size - n);
  }
  part = framer.examine(bytes);
  continues += part.send_continue;
  FUZZ_CHECK(part.kind == full.kind && part.bytes == full.bytes && part.refusal == full.refusal,
             "fed in pieces, the verdict differs from the whole's");
  FUZZ_CHECK(continues <= 1, "100 Continue asked for %d times", continues);
  // The Host check must only ever accept loopback (checked loosely: no accepted name holds
  // characters a host name cannot).
  if (is_loopback_host_header(bytes))
    for (char c : bytes)
      FUZZ_CHECK(c > ' ' && c < 0x7f && c != '/' && c != '@', "accepted Host with byte %d", c);
  // An absolute target's origin form is a path.
  if (auto absolute = absolute_target(bytes))
    FUZZ_CHECK(!absolute->origin_form.empty() && absolute->origin_form.front() == '/',
               "origin form without its slash");
  return 0;
}
