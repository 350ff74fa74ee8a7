// Position and move notation of SPEC section 3:
//   <rank5>/<rank4>/<rank3>/<rank2>/<rank1> <side> [<die>]
// e.g. "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r". Moves are from- and to-square: "a5b4".
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "position.h"

namespace ewn {

// A malformed position or move; what() says what is wrong and where (1-based column).
class ParseError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ParsedPosition {
  Position position;
  std::optional<int> die;  // the roll already made, if given
};

ParsedPosition parse_position(std::string_view text);
// What every surface says of a malformed position: "bad position: " and what is wrong, where.
std::string bad_position_message(std::string_view reason);
inline std::string bad_position_message(const ParseError& e) {
  return bad_position_message(e.what());
}
std::string format_position(const Position& pos, std::optional<int> die = std::nullopt);

std::string square_name(Square s);
Square parse_square(std::string_view text);  // throws ParseError
Move parse_move(std::string_view text);      // "a5b4"; throws ParseError
std::string format_move(Move m);

}  // namespace ewn
