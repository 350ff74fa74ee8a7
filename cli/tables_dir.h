// Where the table files are looked for when no --tables option is given.
#pragma once

#include <cstdlib>
#include <string>

namespace ewn::cli {

// $EWN_TABLES if set and not empty, else "data".
inline std::string default_tables_dir() {
  const char* env = std::getenv("EWN_TABLES");
  return env && *env ? std::string(env) : std::string("data");
}

}  // namespace ewn::cli
