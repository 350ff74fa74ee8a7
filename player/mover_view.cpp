#include "mover_view.h"

#include "movegen.h"

namespace ewn {

namespace {

// How many die faces move piece n (index n - 1) of a side holding `mask`.
constexpr auto make_face_counts() {
  std::array<std::array<uint8_t, 6>, 64> t{};
  for (unsigned mask = 1; mask < 64; ++mask)
    for (int die = 1; die <= 6; ++die) {
      const Movable& m = movable_pieces(mask, die);
      for (int i = 0; i < m.count; ++i) ++t[mask][m.number[i] - 1];
    }
  return t;
}
constexpr auto kFaceCounts = make_face_counts();

}  // namespace

MoverView mover_view(const Position& pos) {
  Side me = pos.to_move, them = opposite(me);
  MoverView state{};
  unsigned my_mask = pos.mask(me), their_mask = pos.mask(them);
  for (int n = 0; n < kPiecesPerSide; ++n) {
    if (Square s = pos.where[me][n]; s != kNoSquare)
      state[me == Red ? s : flip_square(s)] = kFaceCounts[my_mask][n];
    if (Square s = pos.where[them][n]; s != kNoSquare)
      state[me == Red ? s : flip_square(s)] = uint8_t(6 + kFaceCounts[their_mask][n]);
  }
  return state;
}

}  // namespace ewn
