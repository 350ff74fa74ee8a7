#include "symmetry.h"

namespace ewn {

namespace {
template <class MapSide, class MapSquare, class MapNumber>
Position transform(const Position& pos, MapSide side_of, MapSquare square_of, MapNumber number_of) {
  Position out;
  for (int side = 0; side < 2; ++side)
    for (int n = 1; n <= kPiecesPerSide; ++n)
      if (Square s = pos.square_of(Side(side), n); s != kNoSquare)
        out.put(side_of(Side(side)), number_of(Side(side), n), square_of(s));
  out.to_move = side_of(pos.to_move);
  return out;
}
}  // namespace

Position flip_colours(const Position& pos) {
  return transform(pos, opposite, flip_square, [](Side, int n) { return n; });
}

Position mirror(const Position& pos) {
  return transform(
      pos, [](Side s) { return s; }, mirror_square, [](Side, int n) { return n; });
}

Position renumber(const Position& pos, Side which) {
  return transform(
      pos, [](Side s) { return s; }, [](Square s) { return s; },
      [which](Side s, int n) { return s == which ? 7 - n : n; });
}

}  // namespace ewn
