// The bytes of an answer: status line, the headers every answer carries (no inline script,
// nothing from elsewhere, no type sniffing, no referrer, nothing cached), the framing headers,
// then the body (none for HEAD).
#pragma once

#include <string>

#include "failure.h"
#include "http_message.h"

namespace ewn::web {

struct AnswerFraming {
  bool head_only = false;  // a HEAD request: the headers of GET's answer, no body
  bool keep_alive = true;  // false: "Connection: close" (the connection ends after it)
  int idle_seconds = 5;    // announced in Keep-Alive: how long the server waits for the next
};

std::string answer_bytes(const Response& res, const AnswerFraming& framing);

// The answer to a request the server refuses before any route sees it: {"error": "HTTP
// <status>: <message>", "error_kind"} with the refusal's status and kind from the map
// (answers/failure.h), "Connection: close" (and "Allow: GET, HEAD" for a method not allowed).
std::string refusal_bytes(Refusal refusal, const std::string& message);

}  // namespace ewn::web
