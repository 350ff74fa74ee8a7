#include "position_solver.h"

#include <stdexcept>

#include "dice_groups.h"

namespace ewn {

namespace {

ChildTable child_table(unsigned child_mover, unsigned child_opponent, const SolvedValues& solved,
                       const double* twin_values, MaterialClass twin) {
  ChildTable t;
  unsigned cm = canonical_side_mask(child_mover), co = canonical_side_mask(child_opponent);
  MaterialClass child{uint8_t(cm), uint8_t(co)};
  t.index = PositionIndex(child);
  t.reverse_mover = std::popcount(child_mover) > 1 && cm != child_mover;
  t.reverse_opponent = std::popcount(child_opponent) > 1 && co != child_opponent;
  if (child == twin) {
    t.values = twin_values;
  } else {
    auto it = solved.find(child);
    if (it == solved.end())
      throw std::logic_error("solving " + twin.flipped().name() + ": values of class " +
                             child.name() + " are missing");
    t.values = it->second;
  }
  return t;
}

}  // namespace

unsigned without_piece(unsigned mask, int slot) {
  for (unsigned m = mask; m; m &= m - 1)
    if (slot-- == 0) return mask & ~(m & -m);
  return mask;
}

ClassContext::ClassContext(MaterialClass mc, const SolvedValues& children,
                           const double* twin_values)
    : material(mc), index(mc) {
  a = mc.mover_count();
  b = mc.opponent_count();
  renumber_mover = renumber_symmetric(mc.mover);
  renumber_opponent = renumber_symmetric(mc.opponent);
  int i = 0;
  for (int n = 1; n <= 6; ++n)
    if (mc.mover & (1u << (n - 1))) mover_numbers[i++] = uint8_t(n);
  MaterialClass twin = mc.flipped();
  quiet = child_table(mc.opponent, mc.mover, children, twin_values, twin);
  for (int j = 0; j < b; ++j)
    if (b > 1)
      take_opponent[j] =
          child_table(without_piece(mc.opponent, j), mc.mover, children, twin_values, twin);
  for (int k = 0; k < a; ++k)
    if (a > 1)
      take_own[k] =
          child_table(mc.opponent, without_piece(mc.mover, k), children, twin_values, twin);

  // The pieces each die group lets move, as mover slots. The order of the groups does not
  // matter: their terms are summed in sorted order (position_value).
  const DiceGroups& dice = dice_groups(mc.mover);
  groups = dice.size;
  for (int g = 0; g < groups; ++g) {
    const Movable& m = movable_pieces(mc.mover, dice.group[g].die);
    std::array<int8_t, 2> slots{-1, -1};
    for (int x = 0; x < m.count; ++x)
      for (int s = 0; s < a; ++s)
        if (mover_numbers[s] == m.number[x]) slots[x] = int8_t(s);
    if (a == 1) slots = {0, -1};  // a lone piece moves whatever the die
    group_slots[g] = slots;
    group_weight[g] = dice.group[g].count;
  }
}

std::vector<MaterialClass> capture_children(MaterialClass mc) {
  std::vector<MaterialClass> out;
  auto add = [&](unsigned mover, unsigned opponent) {
    MaterialClass c{uint8_t(canonical_side_mask(mover)), uint8_t(canonical_side_mask(opponent))};
    if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  };
  int a = mc.mover_count(), b = mc.opponent_count();
  if (b > 1)
    for (int j = 0; j < b; ++j) add(without_piece(mc.opponent, j), mc.mover);
  if (a > 1)
    for (int k = 0; k < a; ++k) add(mc.opponent, without_piece(mc.mover, k));
  return out;
}

}  // namespace ewn
