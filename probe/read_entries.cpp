#include "read_entries.h"

#include <utility>

#include "index_walk.h"

namespace ewn {

bool has_renumber_twins(MaterialClass mc) {
  return renumber_symmetric(mc.mover) || renumber_symmetric(mc.opponent);
}

namespace {

// Whether the valid entry `i`, whose squares are `sq`, is the one its twins' probes read.
bool is_read_valid(const PositionIndex& index, uint64_t i, bool twins, const SquareList& sq) {
  if (!twins) return true;
  // canonical_key() keeps the smallest index among the numberings of the renumber-symmetric
  // sides, and renumbering x -> 7-x reverses a side's class order: the entry is read when no
  // other numbering ranks lower. (The same answer as comparing canonical_key's index with i,
  // without building the position: the tests check both agree.)
  MaterialClass mc = index.material();
  const int a = mc.mover_count(), n = index.piece_count();
  const bool symmetric[2] = {renumber_symmetric(mc.mover), renumber_symmetric(mc.opponent)};
  for (int variant = 1; variant < 4; ++variant) {
    if (((variant & 1) && !symmetric[0]) || ((variant & 2) && !symmetric[1])) continue;
    SquareList renumbered = sq;
    auto reverse = [&](int first, int end) {
      for (int x = first, y = end - 1; x < y; ++x, --y) std::swap(renumbered[x], renumbered[y]);
    };
    if (variant & 1) reverse(0, a);
    if (variant & 2) reverse(a, n);
    if (index.rank(renumbered) < i) return false;
  }
  return true;
}

}  // namespace

bool entry_is_read(const PositionIndex& index, uint64_t i) {
  SquareList sq{};
  return index.unrank(i, sq) && is_read_valid(index, i, has_renumber_twins(index.material()), sq);
}

std::vector<uint8_t> read_entry_flags(const PositionIndex& index) {
  bool twins = has_renumber_twins(index.material());
  std::vector<uint8_t> read(index.size());
  constexpr int64_t kChunk = 1 << 14;
  int64_t chunks = int64_t((index.size() + kChunk - 1) / kChunk);
#pragma omp parallel for schedule(dynamic)
  for (int64_t c = 0; c < chunks; ++c) {
    uint64_t begin = uint64_t(c) * kChunk;
    uint64_t end = std::min<uint64_t>(index.size(), begin + kChunk);
    IndexWalk walk(index, begin);  // cheaper than unrank() of each entry
    for (uint64_t i = begin; i < end; ++i) {
      read[i] = walk.valid() && is_read_valid(index, i, twins, walk.squares());
      if (i + 1 < end) walk.next();
    }
  }
  return read;
}

void fill_unread(std::span<uint16_t> values, std::span<const uint8_t> read) {
  size_t last_read = values.size();  // none yet
  for (size_t k = 0; k < values.size(); ++k)
    if (read[k]) last_read = k;
  uint16_t next = last_read < values.size() ? values[last_read] : 0;
  for (size_t k = values.size(); k-- > 0;) {
    if (read[k])
      next = values[k];
    else
      values[k] = next;
  }
}

}  // namespace ewn
