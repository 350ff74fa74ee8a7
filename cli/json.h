// JSON output of the ewn commands: nlohmann/json documents whose keys keep the order in which
// they are set (the order the help and the documentation list them), printed one per line.
#pragma once

#include <iostream>
#include <nlohmann/json.hpp>

namespace ewn::cli {

using Json = nlohmann::ordered_json;

// Writes `j` on one line of stdout. Text from outside goes into a document through printable(),
// so every string is valid UTF-8; should one not be, its bad bytes print as U+FFFD instead of
// making the output invalid.
inline void print_json(const Json& j) {
  std::cout << j.dump(-1, ' ', false, Json::error_handler_t::replace) << "\n";
}

}  // namespace ewn::cli
