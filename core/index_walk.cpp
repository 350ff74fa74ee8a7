#include "index_walk.h"

#include <algorithm>

namespace ewn {

IndexWalk::IndexWalk(const PositionIndex& index, uint64_t first)
    : index_(&index), n_(index.piece_count()), entry_(first) {
  index.unrank(first, sq_);  // the squares, whether or not the entry is waste
  uint64_t rest = first;
  for (int i = n_ - 1; i >= 2; --i) {
    digit_[i] = uint32_t(rest % index.radix_[i]);
    rest /= index.radix_[i];
  }
  pair_ = int(rest);
  occupied_[1] = 1u << sq_[0];
  for (int i = 2; i < n_; ++i) occupied_[i] = occupied_[i - 1] | (1u << sq_[i - 1]);
}

void IndexWalk::place_pair() {
  if (pair_ >= index_->pairs_->count) return;  // past the last entry
  sq_[0] = index_->pairs_->squares[pair_][0];
  sq_[1] = index_->pairs_->squares[pair_][1];
  occupied_[1] = 1u << sq_[0];
}

bool IndexWalk::valid() const {
  // The same tests as unrank(): an opponent piece after the first two on a5 is decided, and of
  // two mirror twins with both first pieces on the diagonal only the smaller index counts.
  for (int i = std::max(2, index_->a_); i < n_; ++i)
    if (sq_[i] == kBlueGoal) return false;
  if (!index_->pairs_->self_mirror[pair_]) return true;
  SquareList mirrored{};
  for (int i = 0; i < n_; ++i) mirrored[i] = mirror_square(sq_[i]);
  return index_->rank_unmirrored(mirrored, pair_) >= entry_;
}

}  // namespace ewn
