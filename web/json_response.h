// Answers of the JSON API: every answer, errors included, is one JSON object, written as the
// commands write theirs (json_text.h).
#pragma once

#include <optional>
#include <string>

#include "error_answer.h"
#include "http_message.h"
#include "json_text.h"

namespace ewn::web {

// Invalid UTF-8 from a request (echoed in a message) is replaced, never thrown about.
inline void send_json(Response& res, int status, const Json& body) {
  res.status = status;
  res.set_content(json_text(body) + "\n", "application/json");
}

// A failure's error document ({"error", "error_kind"}), with its status from the one map
// (answers/failure.h).
inline void send_failure(Response& res, Failure failure, const std::string& message) {
  send_json(res, ways_of(failure).http_status, error_answer(failure, message));
}

// A document of the answers (200, answers/failure.h's kSuccessHttpStatus).
inline void send_answer(Response& res, const Json& body) {
  send_json(res, kSuccessHttpStatus, body);
}

// An answer of HTTP's own (a page not found, a Host refused, a request too large, a server
// over its caps): its status and the failure its error document names, both from the map
// (answers/failure.h's refusals), so that a client reads every failure the same way.
inline void send_error(Response& res, Refusal refusal, const std::string& message) {
  const RefusalWays& w = ways_of(refusal);
  send_json(res, w.http_status, error_answer(w.failure, message));
}

}  // namespace ewn::web
