// JSON output of the ewn commands: the program's documents (json_text.h), printed one per line.
#pragma once

#include <iostream>

#include "json_text.h"

namespace ewn::cli {

// Writes `j` on one line of stdout.
inline void print_json(const Json& j) {
  std::cout << json_text(j) << "\n";
}

}  // namespace ewn::cli
