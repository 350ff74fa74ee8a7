// Answers of the JSON API: every answer, errors included, is one JSON object, written as the
// commands write theirs (json_text.h).
#pragma once

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

// An answer of HTTP's own (a page not found, a Host refused, a request too large, a server
// over its caps): its own status, and the error document of every surface with the nearest
// failure of the map as its kind, so that a client reads every failure the same way: the
// client's doing (4xx) is bad use, the server's (5xx) is unavailable.
inline void send_error(Response& res, int status, const std::string& message) {
  Failure nearest = status >= 500 ? Failure::Unavailable : Failure::BadUse;
  send_json(res, status, error_answer(nearest, message));
}

}  // namespace ewn::web
