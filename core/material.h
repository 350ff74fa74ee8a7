// Material classes: which pieces each side has, up to the symmetries that keep the value.
//
// A side's pieces are a set of numbers (a 6-bit mask, bit n-1 for piece n). Renumbering
// x -> 7-x keeps the value (the die is uniform), and a lone piece needs no die, so its
// number does not matter at all. That leaves 1, 9, 10, 9, 3, 1 classes for 1..6 pieces.
// A MaterialClass is the pair (side to move's class, opponent's class); tables are kept
// per MaterialClass with the side to move shown as Red.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ewn {

// x -> 7-x on a mask: bit n-1 moves to bit 6-n, i.e. the 6-bit mask reversed.
constexpr unsigned renumber_mask(unsigned mask) {
  unsigned r = 0;
  for (int b = 0; b < 6; ++b)
    if (mask & (1u << b)) r |= 1u << (5 - b);
  return r;
}

// The representative of a side's class: a lone piece becomes piece 1; otherwise the smaller of
// the mask and its renumbering.
constexpr unsigned canonical_side_mask(unsigned mask) {
  if (std::popcount(mask) == 1) return 1;
  unsigned r = renumber_mask(mask);
  return r < mask ? r : mask;
}
// True when the class is mapped to itself by renumbering (e.g. {1,6}, {2,3,4,5}).
constexpr bool renumber_symmetric(unsigned mask) {
  return std::popcount(mask) > 1 && renumber_mask(mask) == mask;
}

// All canonical side masks with `pieces` pieces (1..6), ascending.
std::vector<unsigned> side_classes(int pieces);
// All 33 canonical side masks.
std::vector<unsigned> all_side_classes();

struct MaterialClass {
  uint8_t mover = 0;     // canonical mask of the side to move (shown as Red in tables)
  uint8_t opponent = 0;  // canonical mask of the other side

  int mover_count() const { return std::popcount(unsigned(mover)); }
  int opponent_count() const { return std::popcount(unsigned(opponent)); }
  int piece_count() const { return mover_count() + opponent_count(); }
  // The same material with the other side to move: the colour-flipped twin.
  MaterialClass flipped() const { return MaterialClass{opponent, mover}; }
  // Name used for files and messages: mover's numbers, 'v', opponent's, e.g. "124v14" (a side
  // with {3,6} is written as its renumbering {1,4}).
  std::string name() const;

  auto operator<=>(const MaterialClass&) const = default;
};

// A flat table with one slot per (mover mask, opponent mask) pair: per-class state found by
// indexing, without a map, where a class is looked up on every probe.
inline constexpr size_t kClassSlots = 64 * 64;
constexpr size_t class_slot(MaterialClass mc) {
  return size_t(mc.mover) * 64 + mc.opponent;
}

std::optional<MaterialClass> parse_material_class(std::string_view name);
// Material classes with exactly `pieces` pieces on the board (2..12), in a fixed order.
std::vector<MaterialClass> material_classes(int pieces);

// `mc`, then its colour-flipped twin unless `mc` is its own twin (e.g. 12v12).
std::vector<MaterialClass> with_twin(MaterialClass mc);

// A class with its colour-flipped twin: a move that captures nothing leads from one to the
// other, so the two are solved, and verified, together.
struct ClassGroup {
  MaterialClass first;  // the smaller of the two, which names the group

  int pieces() const { return first.piece_count(); }
  std::vector<MaterialClass> members() const { return with_twin(first); }
};
ClassGroup group_of(MaterialClass mc);
// The groups with 2..max_pieces pieces, fewest pieces first, in the order of material_classes:
// the order in which they are solved.
std::vector<ClassGroup> class_groups(int max_pieces);

std::string mask_digits(unsigned mask);

}  // namespace ewn
