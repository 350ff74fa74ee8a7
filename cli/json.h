// JSON output of the ewn commands: nlohmann/json documents whose keys keep the order in which
// they are set (the order the help and the documentation list them), printed one per line.
#pragma once

#include <iostream>
#include <nlohmann/json.hpp>

namespace ewn::cli {

using Json = nlohmann::ordered_json;

// `j` as one line of text, the form every command prints (and a server should send). Text from
// outside goes into a document through printable(), so every string is valid UTF-8; should one
// not be, its bad bytes come out as U+FFFD instead of making the document invalid.
inline std::string json_text(const Json& j) {
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// Writes `j` on one line of stdout.
inline void print_json(const Json& j) {
  std::cout << json_text(j) << "\n";
}

}  // namespace ewn::cli
