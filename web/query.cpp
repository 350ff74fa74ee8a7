#include "query.h"

#include <algorithm>
#include <set>
#include <string_view>

#include "printable.h"

namespace ewn::web {

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string percent_decoded(std::string_view text, bool plus_is_space) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    int high = i + 2 < text.size() && c == '%' ? hex_digit(text[i + 1]) : -1;
    int low = high >= 0 ? hex_digit(text[i + 2]) : -1;
    if (low >= 0) {
      out += char(high * 16 + low);
      i += 2;
    } else {
      out += plus_is_space && c == '+' ? ' ' : c;
    }
  }
  return out;
}

}  // namespace

void parse_target(Request& req) {
  std::string_view target(req.target);
  size_t mark = target.find('?');
  req.path = percent_decoded(target.substr(0, mark), false);
  req.params.clear();
  if (mark == std::string_view::npos) return;
  std::string_view query = target.substr(mark + 1);
  while (!query.empty()) {
    std::string_view piece = query.substr(0, query.find('&'));
    query.remove_prefix(std::min(query.size(), piece.size() + 1));
    if (piece.empty()) continue;
    size_t equals = piece.find('=');
    std::string_view name = piece.substr(0, equals);
    std::string_view value =
        equals == std::string_view::npos ? std::string_view() : piece.substr(equals + 1);
    req.params.emplace(percent_decoded(name, true), percent_decoded(value, true));
  }
}

void check_params(const Request& req, std::initializer_list<std::string_view> known) {
  // A parameter given twice with one value is found in the raw query, and refused with its
  // name as sent.
  std::string_view query(req.target);
  size_t mark = query.find('?');
  query = mark == std::string_view::npos ? std::string_view() : query.substr(mark + 1);
  std::set<std::string_view> pieces;
  while (!query.empty()) {
    std::string_view piece = query.substr(0, query.find('&'));
    query.remove_prefix(std::min(query.size(), piece.size() + 1));
    if (!piece.empty() && !pieces.insert(piece).second)
      throw RequestError("parameter " + quoted_excerpt(piece.substr(0, piece.find('=')), 32) +
                         " given more than once");
  }
  for (const auto& [name, value] : req.params) {
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      std::string list;
      for (std::string_view k : known) list += (list.empty() ? "" : ", ") + std::string(k);
      throw RequestError("unknown parameter " + quoted_excerpt(name, 32) +
                         (list.empty() ? " (this path takes none)" : " (known: " + list + ")"));
    }
    if (req.params.count(name) > 1)
      throw RequestError("parameter " + quoted_excerpt(name, 32) + " given more than once");
  }
}

std::string position_text(const Request& req) {
  if (!req.has_param("position"))
    throw RequestError("missing parameter 'position' (e.g. position=r1r23/5/2b32/5/4b1 r)");
  std::string text = req.get_param_value("position");
  if (text.size() > kMaxPositionLength)
    throw RequestError("position of " + std::to_string(text.size()) + " characters (at most " +
                       std::to_string(kMaxPositionLength) + ")");
  return text;
}

ParsedPosition position_param(const Request& req) {
  try {
    return parse_position(position_text(req));
  } catch (const ParseError& e) {
    throw RequestError(bad_position_message(e));
  }
}

long number_param(const Request& req, const std::string& name, long fallback, long min, long max) {
  if (!req.has_param(name)) return fallback;
  std::string text = req.get_param_value(name);
  bool digits = !text.empty() && text.size() <= 9 &&
                std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  long value = digits ? std::stol(text) : -1;
  if (!digits || value < min || value > max)
    throw RequestError("parameter '" + name + "'=" + quoted_excerpt(text, 16) +
                       " must be a whole number in [" + std::to_string(min) + ", " +
                       std::to_string(max) + "]");
  return value;
}

}  // namespace ewn::web
