// Answers of the JSON API: every answer, errors included, is one JSON object.
#pragma once

#include <httplib.h>

#include <nlohmann/json.hpp>
#include <string>

namespace ewn::web {

// Keys keep the order they are set in, as in the JSON of the ewn commands.
using Json = nlohmann::ordered_json;

// Invalid UTF-8 from a request (echoed in a message) is replaced, never thrown about.
inline void send_json(httplib::Response& res, int status, const Json& body) {
  res.status = status;
  res.set_content(body.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n",
                  "application/json");
}

inline void send_error(httplib::Response& res, int status, const std::string& message) {
  send_json(res, status, Json{{"error", message}});
}

}  // namespace ewn::web
