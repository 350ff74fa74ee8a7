#include "read_entries.h"

namespace ewn {

bool has_renumber_twins(MaterialClass mc) {
  return renumber_symmetric(mc.mover) || renumber_symmetric(mc.opponent);
}

namespace {

bool is_read(const PositionIndex& index, uint64_t i, bool twins, SquareList& sq) {
  if (!index.unrank(i, sq)) return false;
  return !twins || canonical_key(position_from_squares(index.material(), sq)).index == i;
}

}  // namespace

bool entry_is_read(const PositionIndex& index, uint64_t i) {
  SquareList sq{};
  return is_read(index, i, has_renumber_twins(index.material()), sq);
}

std::vector<uint8_t> read_entry_flags(const PositionIndex& index) {
  bool twins = has_renumber_twins(index.material());
  std::vector<uint8_t> read(index.size());
  constexpr int64_t kChunk = 1 << 14;
  int64_t chunks = int64_t((index.size() + kChunk - 1) / kChunk);
#pragma omp parallel for schedule(dynamic)
  for (int64_t c = 0; c < chunks; ++c) {
    SquareList sq{};
    uint64_t end = std::min<uint64_t>(index.size(), uint64_t(c + 1) * kChunk);
    for (uint64_t i = uint64_t(c) * kChunk; i < end; ++i) read[i] = is_read(index, i, twins, sq);
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
