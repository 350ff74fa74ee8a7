#include "printable.h"

#include <algorithm>

namespace ewn {

namespace {

// Length of the valid UTF-8 sequence starting at text[i] (2..4), or 0 when there is none
// (overlong forms, surrogates and code points above U+10FFFF are invalid, as in RFC 3629) or
// when it encodes a C1 control character (U+0080..U+009F).
size_t printable_sequence(std::string_view text, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char b = byte(i);
  size_t n = b >= 0xc2 && b <= 0xdf   ? 2
             : b >= 0xe0 && b <= 0xef ? 3
             : b >= 0xf0 && b <= 0xf4 ? 4
                                      : 0;
  if (n == 0 || i + n > text.size()) return 0;
  for (size_t k = 1; k < n; ++k)
    if ((byte(i + k) & 0xc0) != 0x80) return 0;
  unsigned char second = byte(i + 1);
  if (b == 0xc2 && second < 0xa0) return 0;   // C1 control
  if (b == 0xe0 && second < 0xa0) return 0;   // overlong
  if (b == 0xed && second >= 0xa0) return 0;  // surrogate
  if (b == 0xf0 && second < 0x90) return 0;   // overlong
  if (b == 0xf4 && second >= 0x90) return 0;  // above U+10FFFF
  return n;
}

}  // namespace

std::string printable(std::string_view text) {
  static const char* hex = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    unsigned char b = static_cast<unsigned char>(text[i]);
    if (b >= 0x20 && b < 0x7f) {
      out += char(b);
      ++i;
      continue;
    }
    if (size_t n = b >= 0x80 ? printable_sequence(text, i) : 0) {
      out.append(text.substr(i, n));
      i += n;
      continue;
    }
    out += "\\x";
    out += hex[b >> 4];
    out += hex[b & 15];
    ++i;
  }
  return out;
}

std::string quoted_excerpt(std::string_view text, size_t limit) {
  std::string shown;
  size_t shown_characters = 0, at = 0;
  while (at < text.size()) {
    // One character: a valid UTF-8 sequence, or one byte (printable or escaped).
    size_t n = static_cast<unsigned char>(text[at]) >= 0x80 ? printable_sequence(text, at) : 0;
    std::string piece = printable(text.substr(at, std::max<size_t>(n, 1)));
    size_t characters = n > 1 ? 1 : piece.size();
    if (shown_characters + characters > limit) break;
    shown += piece;
    shown_characters += characters;
    at += std::max<size_t>(n, 1);
  }
  if (at == text.size()) return "'" + shown + "'";
  return "'" + shown + "...' (" + std::to_string(text.size()) + " bytes)";
}

}  // namespace ewn
