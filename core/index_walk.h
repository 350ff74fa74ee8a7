// IndexWalk: a class's entries in index order, each with the squares unrank() gives, at a
// fraction of unrank()'s cost.
//
// The index is a mixed-radix number (index.h): the pair of the first two pieces, then one digit
// per further piece, its place among the squares still free. Stepping to the next entry adds
// one to the last digit, which moves the last piece to the next free square; only when a digit
// wraps do the pieces before it move, and those after it go back to their lowest free square.
// The generator walks every entry of every class this way, where unrank() would divide once a
// piece and search for each square.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>

#include "index.h"

namespace ewn {

class IndexWalk {
 public:
  // Starts at entry `first` (< index.size()).
  IndexWalk(const PositionIndex& index, uint64_t first);

  uint64_t entry() const { return entry_; }
  // Squares in class order, as unrank(entry()) writes them.
  const SquareList& squares() const { return sq_; }
  // unrank(entry())'s answer: false for a waste entry.
  bool valid() const;

  // Runs: from the current entry until the last piece's digit wraps, the pieces before the
  // last one stay where they are and the last one (an opponent piece in every class) steps
  // through the free squares upwards, one entry each. A caller can take a run whole (with at
  // least three pieces): its entries are waste exactly when one of the pieces before the last
  // is (run_lead_valid()) or the last one stands on a5, unless the first two pieces are mirror
  // twins (run_has_mirror_twins(): then ask valid() entry by entry).
  uint32_t run_length() const { return index_->radix_[n_ - 1] - digit_[n_ - 1]; }
  // The last piece's squares in the run, one bit each, the current one the lowest.
  uint32_t run_squares() const {
    return universe(n_ - 1) & ~occupied_[n_ - 1] & ~((1u << sq_[n_ - 1]) - 1);
  }
  bool run_has_mirror_twins() const { return index_->pairs_->self_mirror[pair_]; }
  bool run_lead_valid() const {
    for (int i = std::max(2, index_->a_); i < n_ - 1; ++i)
      if (sq_[i] == kBlueGoal) return false;
    return true;
  }
  // Moves to the first entry after the run; call only while there is one.
  void next_run() {
    entry_ += run_length() - 1;
    digit_[n_ - 1] = index_->radix_[n_ - 1] - 1;
    next();
  }

  // Moves to the next entry; call only while entry() + 1 < index.size().
  void next() {
    ++entry_;
    for (int i = n_ - 1; i >= 2; --i) {
      if (++digit_[i] < index_->radix_[i]) {
        // The next free square above the piece's own.
        uint32_t free = universe(i) & ~occupied_[i] & ~((2u << sq_[i]) - 1);
        sq_[i] = Square(std::countr_zero(free));
        place_lowest(i + 1);
        return;
      }
      digit_[i] = 0;
    }
    ++pair_;
    place_pair();
    place_lowest(2);
  }

 private:
  uint32_t universe(int i) const;
  void place_pair();
  // Pieces from `i` on, whose digits are 0, on their lowest free squares.
  void place_lowest(int i) {
    for (; i < n_; ++i) {
      occupied_[i] = occupied_[i - 1] | (1u << sq_[i - 1]);
      sq_[i] = Square(std::countr_zero(universe(i) & ~occupied_[i]));
    }
  }

  const PositionIndex* index_;
  int n_ = 0;
  uint64_t entry_ = 0;
  int pair_ = 0;
  SquareList sq_{};
  std::array<uint32_t, kMaxPieces> digit_{};
  std::array<uint32_t, kMaxPieces> occupied_{};  // squares of the pieces before each piece
};

inline uint32_t IndexWalk::universe(int i) const {
  constexpr uint32_t kAll = (1u << kSquares) - 1;
  // The mover's pieces never stand on e1 (index.h).
  return i < index_->a_ ? kAll & ~(1u << kRedGoal) : kAll;
}

}  // namespace ewn
