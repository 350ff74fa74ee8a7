#include "tt.h"

#include <algorithm>
#include <bit>

namespace ewn {

PackedMove pack_move(Move m) {
  int step = m.to > m.from ? m.to - m.from : m.from - m.to;
  int dir = step == 1 ? 0 : step == 5 ? 1 : 2;
  return PackedMove(m.from * 4 + dir);
}

Move unpack_move(PackedMove p, Side side) {
  if (p == kNoPackedMove) return Move{};
  static constexpr int kStep[3] = {1, 5, 6};
  int from = p / 4, step = kStep[p % 4];
  return Move{Square(from), Square(side == Red ? from + step : from - step)};
}

TranspositionTable::TranspositionTable(size_t bytes) {
  size_t buckets = std::bit_floor(std::max<size_t>(bytes / (2 * sizeof(TTEntry)), 1));
  slots_.resize(2 * buckets);
  bucket_mask_ = buckets - 1;
}

void TranspositionTable::clear() {
  std::fill(slots_.begin(), slots_.end(), TTEntry{});
}

const TTEntry* TranspositionTable::probe(uint64_t key) const {
  const TTEntry* b = &slots_[2 * (key & bucket_mask_)];
  if (b[0].key == key && b[0].depth >= 0) return &b[0];
  if (b[1].key == key && b[1].depth >= 0) return &b[1];
  return nullptr;
}

namespace {
// Exact entries are worth more than any search depth.
int worth(const TTEntry& e) {
  return e.depth < 0 ? -1 : e.exact ? 1000 : e.depth;
}
}  // namespace

void TranspositionTable::store(const TTEntry& entry) {
  TTEntry* b = &slots_[2 * (entry.key & bucket_mask_)];
  if (worth(entry) >= worth(b[0])) {
    // The deep slot takes it; another position it displaces moves to the other slot.
    if (b[0].key != entry.key)
      b[1] = b[0];
    else if (b[1].key == entry.key)
      b[1].depth = -1;
    b[0] = entry;
  } else {
    b[1] = entry;
  }
}

}  // namespace ewn
