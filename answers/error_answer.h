// The error document, the same on every surface that answers in JSON (`ewn COMMAND --json`,
// the C API's documents, Python, `ewn serve`): "error", the one-line message, and "error_kind",
// the failure's name (failure.h); "position" first where the failure is about a position as
// given. An answer that can fail carries its failure beside its document.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "failure.h"
#include "json_text.h"

namespace ewn {

Json error_answer(Failure failure, const std::string& message);
Json error_answer(Failure failure, const std::string& message, std::string_view position);

// A document, or the error document of a failure.
struct Answer {
  std::optional<Failure> failure;  // none: the answer is the document
  Json json;

  bool ok() const { return !failure; }
  std::string error() const { return ok() ? "" : json["error"].get<std::string>(); }
  int exit_code() const { return ok() ? 0 : ways_of(*failure).exit_code; }
  int c_code() const { return ok() ? 0 : ways_of(*failure).c_code; }
  int http_status() const { return ok() ? 200 : ways_of(*failure).http_status; }
};

Answer failed_answer(Failure failure, const std::string& message);

}  // namespace ewn
