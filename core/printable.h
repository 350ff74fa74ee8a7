// Text from outside (positions, arguments, file names) made safe to print: bytes that are not
// valid UTF-8 and control characters would garble a terminal and make JSON output invalid.
#pragma once

#include <string>
#include <string_view>

namespace ewn {

// `text` with every control character (below 0x20, and 0x7f) and every byte that is not part of
// a valid UTF-8 sequence written as \xNN; valid UTF-8 is kept as it is. The result is valid UTF-8.
std::string printable(std::string_view text);

// At most `limit` bytes of `text`, printable and in single quotes, for a message about bad
// input: a longer text is cut, marked with "..." and its length given ('1234567...' (10000
// bytes)), so a huge argument never makes a huge message.
std::string quoted_excerpt(std::string_view text, size_t limit = 24);

}  // namespace ewn
