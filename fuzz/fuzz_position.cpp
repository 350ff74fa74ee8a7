// libFuzzer target: any text given as a position (SPEC section 3) or a move. Bad text must be
// rejected with a ParseError that says where; good text must survive a round trip through the
// formatter, and the index must place the position inside its table.
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "index.h"
#include "movegen.h"
#include "notation.h"
#include "symmetry.h"

using namespace ewn;

namespace {

void check_position(const ParsedPosition& parsed) {
  const Position& pos = parsed.position;
  FUZZ_CHECK(pos.count(Red) >= 1 && pos.count(Blue) >= 1, "a side without pieces was accepted");
  for (int s = 0; s < kSquares; ++s)
    if (pos.board[s] != kEmpty) {
      uint8_t code = pos.board[s];
      FUZZ_CHECK(pos.square_of(code_side(code), code_number(code)) == s, "board and pieces differ");
    }
  FUZZ_CHECK(!parsed.die || (*parsed.die >= 1 && *parsed.die <= 6), "die %d", *parsed.die);

  std::string text = format_position(pos, parsed.die);
  ParsedPosition again = parse_position(text);  // throws (and so crashes) if the output is bad
  FUZZ_CHECK(again.position == pos && again.die == parsed.die, "round trip of %s", text.c_str());
  FUZZ_CHECK(format_position(again.position, again.die) == text, "format of %s", text.c_str());

  if (pos.winner()) {
    for (int die = 1; die <= 6; ++die)
      FUZZ_CHECK(legal_moves(pos, die).size == 0, "moves in a decided position %s", text.c_str());
    return;
  }
  TableKey key = canonical_key(pos);
  PositionIndex index(key.material);
  FUZZ_CHECK(key.index < index.size(), "index %llu outside %s", (unsigned long long)key.index,
             key.material.name().c_str());
  SquareList sq{};
  FUZZ_CHECK(index.unrank(key.index, sq), "the key of %s is a waste entry", text.c_str());
  // The entry holds a twin of the position: the same key from every symmetry.
  for (const Position& twin :
       {flip_colours(pos), mirror(pos), renumber(pos, Red), renumber(pos, Blue)}) {
    TableKey k = canonical_key(twin);
    FUZZ_CHECK(k.material == key.material && k.index == key.index, "twins of %s differ",
               text.c_str());
  }
  for (int die = 1; die <= 6; ++die) {
    MoveList moves = legal_moves(pos, die);
    FUZZ_CHECK(moves.size >= 1, "no move for die %d in %s", die, text.c_str());
    for (Move m : moves) FUZZ_CHECK(dice_allowing(pos, m) & (1u << (die - 1)), "dice of a move");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    check_position(parse_position(text));
  } catch (const ParseError& e) {
    std::string_view what = e.what();
    FUZZ_CHECK(what.find("column ") != std::string_view::npos ||
                   what.find("empty position") != std::string_view::npos,
               "a message that does not say where: %s", e.what());
  }
  try {
    Move m = parse_move(text);
    FUZZ_CHECK(format_move(m) == text, "move round trip");
  } catch (const ParseError&) {
  }
  return 0;
}
