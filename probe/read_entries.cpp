#include "read_entries.h"

#include <vector>

namespace ewn {

namespace {

bool has_renumber_twins(MaterialClass mc) {
  return renumber_symmetric(mc.mover) || renumber_symmetric(mc.opponent);
}

bool is_read(const PositionIndex& index, uint64_t i, bool twins, SquareList& sq) {
  if (!index.unrank(i, sq)) return false;
  return !twins || canonical_key(position_from_squares(index.material(), sq)).index == i;
}

}  // namespace

bool entry_is_read(const PositionIndex& index, uint64_t i) {
  SquareList sq{};
  return is_read(index, i, has_renumber_twins(index.material()), sq);
}

void fill_unread_entries(const PositionIndex& index, uint64_t first, std::span<uint16_t> values) {
  bool twins = has_renumber_twins(index.material());
  SquareList sq{};
  std::vector<bool> read(values.size());
  size_t last_read = values.size();  // none yet
  for (size_t k = 0; k < values.size(); ++k) {
    read[k] = is_read(index, first + k, twins, sq);
    if (read[k]) last_read = k;
  }
  // A block may hold no read entry at all (e.g. a whole range of first-two-piece pairs that are
  // the larger twins): it becomes zeros.
  uint16_t next = last_read < values.size() ? values[last_read] : 0;
  for (size_t k = values.size(); k-- > 0;) {
    if (read[k])
      next = values[k];
    else
      values[k] = next;
  }
}

}  // namespace ewn
