// Die faces that leave a side the same choice of pieces, merged into one group.
//
// With pieces {1, 6} the dice 2..5 all offer "piece 1 or piece 6": one decision, searched once
// and weighted 4/6. A lone piece moves whatever the die, so it has a single group of weight 6.
#pragma once

#include <array>
#include <cstdint>

#include "movegen.h"

namespace ewn {

struct DiceGroup {
  uint8_t die = 0;    // a representative die of the group
  uint8_t count = 0;  // how many faces lead to this choice (weight count / 6)
};

struct DiceGroups {
  uint8_t size = 0;
  std::array<DiceGroup, 6> group{};       // by count, largest first (helps the chance node cut)
  std::array<uint8_t, 7> group_of_die{};  // [die] -> group index
};

namespace detail {
constexpr DiceGroups compute_dice_groups(unsigned mask) {
  DiceGroups g;
  if (mask == 0) return g;
  bool single = (mask & (mask - 1)) == 0;
  for (int die = 1; die <= 6; ++die) {
    const Movable& m = kMovable[mask][die];
    int found = -1;
    for (int i = 0; i < g.size && found < 0; ++i) {
      const Movable& r = kMovable[mask][g.group[i].die];
      if (single || (r.count == m.count && r.number == m.number)) found = i;
    }
    if (found < 0) {
      found = g.size++;
      g.group[found] = DiceGroup{uint8_t(die), 0};
    }
    ++g.group[found].count;
  }
  // Stable insertion sort by count, descending.
  for (int i = 1; i < g.size; ++i)
    for (int j = i; j > 0 && g.group[j].count > g.group[j - 1].count; --j) {
      DiceGroup t = g.group[j];
      g.group[j] = g.group[j - 1];
      g.group[j - 1] = t;
    }
  for (int die = 1; die <= 6; ++die)
    for (int i = 0; i < g.size; ++i) {
      const Movable& r = kMovable[mask][g.group[i].die];
      const Movable& m = kMovable[mask][die];
      if (single || (r.count == m.count && r.number == m.number)) g.group_of_die[die] = uint8_t(i);
    }
  return g;
}

constexpr auto make_dice_groups_table() {
  std::array<DiceGroups, 64> t{};
  for (unsigned mask = 1; mask < 64; ++mask) t[mask] = compute_dice_groups(mask);
  return t;
}
}  // namespace detail

inline constexpr auto kDiceGroups = detail::make_dice_groups_table();

// The groups of a side holding the pieces in `mask` (bit n-1 for piece n, non-empty).
constexpr const DiceGroups& dice_groups(unsigned mask) {
  return kDiceGroups[mask];
}

}  // namespace ewn
