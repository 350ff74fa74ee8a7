// Checking a request's query parameters before anything acts on them: only the names a route
// knows, each at most once, each within its length and range. Problems are RequestError,
// answered with status 400 and the message.
#pragma once

#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "error_kind.h"
#include "http_message.h"
#include "notation.h"

namespace ewn::web {

// A request's parameter that cannot be used: bad use (400).
class RequestError : public UsageError {
 public:
  using UsageError::UsageError;
};

// The longest position text accepted. The longest meaningful one, twelve pieces, a side and a
// die, has 37 characters; the rest is room for spaces.
inline constexpr size_t kMaxPositionLength = 64;

// Fills the request's path and parameters from its target: the path and each name and value
// percent-decoded (in the query '+' is a space too; a '%' not followed by two hex digits stays
// as it is). Only '&' separates parameters (a ';' is part of a value, RFC 3986 gives it no
// meaning in a query).
void parse_target(Request& req);

// Throws RequestError for a parameter not in `known` or given twice.
void check_params(const Request& req, std::initializer_list<std::string_view> known);

// The `position` parameter: required, at most kMaxPositionLength characters.
std::string position_text(const Request& req);
// The `position` parameter parsed as SPEC section 3 notation; the parser's message says what is
// wrong and where.
ParsedPosition position_param(const Request& req);

// An optional whole number of at most 9 digits in [min, max]; `fallback` when absent.
long number_param(const Request& req, const std::string& name, long fallback, long min, long max);

}  // namespace ewn::web
