// Text from outside (positions, arguments, file names) made safe to print: bytes that are not
// valid UTF-8 and control characters would garble a terminal and make JSON output invalid.
#pragma once

#include <string>
#include <string_view>

namespace ewn {

// `text` with every control character (below 0x20, and 0x7f) and every byte that is not part of
// a valid UTF-8 sequence written as \xNN; valid UTF-8 is kept as it is. The result is valid UTF-8.
std::string printable(std::string_view text);

// The one way a message quotes outside text (a bad argument, a line of a game text, a server's
// message, a request's parameter): `text` made printable, in single quotes, at most `limit`
// characters of it shown (an escape \xNN counts its 4). A longer text is cut between
// characters (never inside a UTF-8 character or an escape), marked with "..." and its length
// given ('1234567...' (10000 bytes)), so a huge input never makes a huge message.
inline constexpr size_t kExcerptLength = 40;
std::string quoted_excerpt(std::string_view text, size_t limit = kExcerptLength);

}  // namespace ewn
