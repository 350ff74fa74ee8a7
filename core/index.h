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
  // For any pair of squares (s0 * 25 + s1): the id of the pair or of its mirror image, and
  // which of the two it is, so that rank() finds it without a branch on the mirror.
  struct Canonical {
    int16_t id = -1;
    uint8_t mirrored = 0;
  };
  std::array<Canonical, kSquares * kSquares> canonical{};
  int count = 0;
};
// kSquareMaps[0]: every square to itself; [1]: to its mirror image.
extern const std::array<std::array<Square, kSquares>, 2> kSquareMaps;
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
  // The part of rank() that the first `k` pieces (2 <= k < pieces) decide, for callers that rank
  // many positions whose first pieces are the same (the generator's QuietRank goes on from it).
  // Not usable when the first two pieces both stand on the diagonal (rank() then compares both
  // mirror images).
  struct RankPrefix {
    uint64_t index = 0;
    uint32_t occupied = 0;
    uint8_t mirrored = 0;
    uint8_t pieces = 0;
    bool usable = false;
  };
  RankPrefix rank_prefix(const SquareList& sq, int k) const;

  // Squares of the entry `index`; false when the entry is waste (see above).
  bool unrank(uint64_t index, SquareList& sq) const;

  // Total progress (sum over pieces, see types.h) of squares in class order.
  int total_progress(const SquareList& sq) const;

  // Exact number of canonical undecided positions (entries that unrank as valid).
  uint64_t canonical_count() const;

 private:
  friend class IndexWalk;
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
  const PairTable::Canonical pair = pairs_->canonical[sq[0] * kSquares + sq[1]];
  assert(pair.id >= 0 && "rank() of a decided or malformed position");
  if (pairs_->self_mirror[pair.id]) {  // both on the diagonal: the smaller of the two twins
    SquareList mirrored{};
    for (int i = 0; i < n_; ++i) mirrored[i] = mirror_square(sq[i]);
    uint64_t a = rank_unmirrored(sq, pair.id), b = rank_unmirrored(mirrored, pair.id);
    return a < b ? a : b;
  }
  // rank_unmirrored() of the squares or of their mirror images, whichever pair is canonical.
  // The mirror is decided by the position, at random as the generator meets them: a table
  // lookup instead of a branch spares the mispredictions.
  const std::array<Square, kSquares>& map = kSquareMaps[pair.mirrored];
  uint64_t idx = uint64_t(pair.id);
  uint32_t occ = (1u << map[sq[0]]) | (1u << map[sq[1]]);
  for (int i = 2; i < n_; ++i) {
    Square s = map[sq[i]];
    uint32_t digit = s - unsigned(std::popcount(occ & ((1u << s) - 1)));
    idx = idx * radix_[i] + digit;
    occ |= 1u << s;
  }
  return idx;
}

inline PositionIndex::RankPrefix PositionIndex::rank_prefix(const SquareList& sq, int k) const {
  const PairTable::Canonical pair = pairs_->canonical[sq[0] * kSquares + sq[1]];
  RankPrefix p;
  p.pieces = uint8_t(k);
  p.usable = !pairs_->self_mirror[pair.id];
  p.mirrored = pair.mirrored;
  const std::array<Square, kSquares>& map = kSquareMaps[pair.mirrored];
  p.index = uint64_t(pair.id);
  p.occupied = (1u << map[sq[0]]) | (1u << map[sq[1]]);
  for (int i = 2; i < k; ++i) {
    Square s = map[sq[i]];
    uint32_t digit = s - unsigned(std::popcount(p.occupied & ((1u << s) - 1)));
    p.index = p.index * radix_[i] + digit;
    p.occupied |= 1u << s;
  }
  return p;
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
