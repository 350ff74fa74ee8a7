// The program's JSON documents (the commands' --json output, the web server's answers):
// nlohmann/json documents whose keys keep the order in which they are set (the order the help
// and the documentation list them), written on one line.
#pragma once

#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

namespace ewn {

using Json = nlohmann::ordered_json;

// `j` as one line of text, the form every command prints and the server sends. Text from
// outside goes into a document through printable(), so every string is valid UTF-8; should one
// not be, its bad bytes come out as U+FFFD instead of making the document invalid.
inline std::string json_text(const Json& j) {
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// Writes `j` on one line of stdout: a command's --json output.
inline void print_json(const Json& j) {
  std::cout << json_text(j) << "\n";
}

}  // namespace ewn
