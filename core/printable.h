// Text from outside (positions, arguments, file names) made safe to print: bytes that are not
// valid UTF-8 and control characters would garble a terminal and make JSON output invalid.
#pragma once

#include <string>
#include <string_view>

namespace ewn {

// `text` with every control character (below 0x20, and 0x7f) and every byte that is not part of
// a valid UTF-8 sequence written as \xNN; valid UTF-8 is kept as it is. The result is valid UTF-8.
std::string printable(std::string_view text);

}  // namespace ewn
