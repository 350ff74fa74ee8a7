// The checks around `ewn serve`'s routes (routes.h), apart from them: the Host check against DNS
// rebinding, the caps on what one request may take (the engine's time and nodes, how many
// requests wait for a search), a failure's status from the one map (answers/failure.h) and the
// table directory's name in every answer. The transport's own limits (sizes, methods, timeouts)
// are web/http_session's.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

#include "failure.h"
#include "http_message.h"
#include "json_response.h"
#include "search.h"
#include "site.h"

namespace ewn::web {

// The answer to a request: refused (Refusal::HostRefused, 403) when the server listens on
// loopback and the Host names another host; else the route's answer, an exception answered by
// the one classifier and map (answers/failure.h: a RequestError bad use, 400; out of memory
// 503; a bug 500) with its message; the table directory named as DirectoryName shows it.
Response answer(const Site& site, const Request& req);

// The caps: movetime_ms at most --max-movetime; an estimate's nodes in [kMinNodes, kMaxNodes].
inline constexpr long kMinNodes = 1'000, kMaxNodes = 20'000'000;
std::chrono::milliseconds movetime_param(const Site& site, const Request& req);
uint64_t nodes_param(const Request& req);

// How long a request waits for a free engine search before it is told the engine is busy.
inline constexpr std::chrono::milliseconds kEngineWait{2000};

// Answers with f(search) (a Json, 200) run with a search of the pool, or as unavailable (503)
// when none frees up in time or too many requests already wait for one. The search stops when
// the client goes away (nobody reads the answer then).
template <class F>
void with_engine(const Site& site, const Request& req, Response& res, F f) {
  struct Admission {
    std::atomic<int>& count;
    ~Admission() { --count; }
  } admission{site.engine_requests};
  if (++site.engine_requests > site.max_engine_requests()) {
    send_failure(res, Failure::Unavailable,
                 "the engine is busy (" + std::to_string(site.max_engine_requests()) +
                     " requests for it already); try again");
    return;
  }
  auto lease = site.engine->acquire(kEngineWait, req.client_gone.get());
  if (!lease) {
    send_failure(res, Failure::Unavailable,
                 "the engine is busy (" + std::to_string(site.engine->size()) +
                     " searches running); try again");
    return;
  }
  struct StopWhenGone {
    Search& search;
    ~StopWhenGone() { search.set_stop_flag(nullptr); }
  } stop{lease->search()};
  stop.search.set_stop_flag(req.client_gone.get());
  send_answer(res, f(lease->search()));
}

}  // namespace ewn::web
