// PositionIndex: a bijection between a material class's positions (side to move shown as Red,
// reduced by the a5-e1 diagonal mirror) and the integers [0, size).
//
// Pieces are taken in "class order": the mover's pieces by ascending number, then the
// opponent's. The first two pieces are ranked together through a table of mirror-canonical
// pairs (like Syzygy's KK index), which removes the mirror; every further piece is ranked
// among the squares still free. The mover's pieces never stand on e1 (that position is
// decided), so they are ranked among 24 squares; the opponent's among all 25.
//
// Waste, i.e. indices that are not canonical undecided positions:
//   - an opponent piece (third or later) on a5: a decided position;
//   - both of the first two pieces on the diagonal, where the mirror then decides between two
//     entries: only the smaller index is canonical.
// `unrank` reports such entries as invalid. Positions that differ only by renumbering a
// renumber-symmetric side (e.g. {1,6}) keep both of their entries: the values are equal, and
// `canonical_key` picks the smaller index.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>

#include "material.h"
#include "position.h"

namespace ewn {

constexpr int kMaxPieces = 12;

// Mirror-canonical pairs of squares for the first two pieces (see index.cpp).
struct PairTable {
  std::array<int16_t, kSquares * kSquares> id{};  // -1: not a canonical pair
  std::array<std::array<Square, 2>, kSquares * kSquares> squares{};
  std::array<bool, kSquares * kSquares> self_mirror{};
  int count = 0;
};
using SquareList = std::array<Square, kMaxPieces>;  // squares in class order

class PositionIndex {
 public:
  explicit PositionIndex(MaterialClass mc);

  MaterialClass material() const { return material_; }
  uint64_t size() const { return size_; }
  int piece_count() const { return n_; }
  int mover_count() const { return a_; }

  // Index of an undecided position given as squares in class order (mover = Red). Applies the
  // mirror as needed; the result is the smallest index among the position's mirror twins.
  uint64_t rank(const SquareList& sq) const;
  // Squares of the entry `index`; false when the entry is waste (see above).
  bool unrank(uint64_t index, SquareList& sq) const;

  // Total progress (sum over pieces, see types.h) of squares in class order.
  int total_progress(const SquareList& sq) const;

  // Exact number of canonical undecided positions (entries that unrank as valid).
  uint64_t canonical_count() const;

 private:
  uint64_t rank_unmirrored(const SquareList& sq, int pair) const;

  MaterialClass material_;
  int n_ = 0, a_ = 0;
  uint64_t size_ = 0;
  const PairTable* pairs_ = nullptr;
  std::array<uint32_t, kMaxPieces> radix_{};
};

// rank() is inline: the generator calls it for every move of every position.
inline uint64_t PositionIndex::rank_unmirrored(const SquareList& sq, int pair) const {
  uint64_t idx = uint64_t(pair);
  uint32_t occ = (1u << sq[0]) | (1u << sq[1]);
  for (int i = 2; i < n_; ++i) {
    Square s = sq[i];
    uint32_t digit = s - unsigned(std::popcount(occ & ((1u << s) - 1)));
    idx = idx * radix_[i] + digit;
    occ |= 1u << s;
  }
  return idx;
}

inline uint64_t PositionIndex::rank(const SquareList& sq) const {
  int pair = pairs_->id[sq[0] * kSquares + sq[1]];
  if (pair >= 0 && !pairs_->self_mirror[pair]) return rank_unmirrored(sq, pair);
  SquareList mirrored{};
  for (int i = 0; i < n_; ++i) mirrored[i] = mirror_square(sq[i]);
  if (pair < 0) {
    pair = pairs_->id[mirrored[0] * kSquares + mirrored[1]];
    assert(pair >= 0 && "rank() of a decided or malformed position");
    return rank_unmirrored(mirrored, pair);
  }
  uint64_t a = rank_unmirrored(sq, pair), b = rank_unmirrored(mirrored, pair);
  return a < b ? a : b;
}

// Squares of `pos` in class order after showing the mover as Red and renumbering each side to
// its canonical class (`renumber[side]` chooses the x -> 7-x variant for a symmetric side).
struct TableKey {
  MaterialClass material;
  uint64_t index = 0;
};

// The table entry holding an undecided position's value (for the side to move). Twins under
// colour flip, mirror and renumbering share one key.
TableKey canonical_key(const Position& pos);

// The position (Red to move) stored at a valid entry of a class.
Position position_from_squares(MaterialClass mc, const SquareList& sq);
// Squares in class order of an undecided position with Red to move whose masks are already
// the canonical class masks of `mc` (no renumbering done).
SquareList squares_in_class_order(const Position& pos);

}  // namespace ewn
