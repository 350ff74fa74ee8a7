// The tablebases (probe/) as the player's source of exact values (exact_values.h).
#pragma once

#include <memory>
#include <string>

#include "exact_values.h"

namespace ewn {

// Opens the tables in `dir`; throws std::runtime_error naming the problem if they cannot be used.
std::shared_ptr<const ExactValues> open_tablebase(const std::string& dir);

}  // namespace ewn
