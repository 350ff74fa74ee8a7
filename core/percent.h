// A share as the reports print it: 0.4567 -> "45.7%".
#pragma once

#include <cstdio>
#include <string>

namespace ewn {

inline std::string percent(double share) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100 * share);
  return buf;
}

}  // namespace ewn
