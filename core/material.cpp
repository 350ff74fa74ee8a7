#include "material.h"

#include <algorithm>

namespace ewn {

std::vector<unsigned> side_classes(int pieces) {
  std::vector<unsigned> out;
  for (unsigned m = 1; m < 64; ++m)
    if (std::popcount(m) == pieces && canonical_side_mask(m) == m) out.push_back(m);
  return out;
}

std::vector<unsigned> all_side_classes() {
  std::vector<unsigned> out;
  for (int k = 1; k <= 6; ++k)
    for (unsigned m : side_classes(k)) out.push_back(m);
  return out;
}

std::string mask_digits(unsigned mask) {
  std::string s;
  for (int n = 1; n <= 6; ++n)
    if (mask & (1u << (n - 1))) s += char('0' + n);
  return s;
}

std::string MaterialClass::name() const {
  return mask_digits(mover) + "v" + mask_digits(opponent);
}

std::optional<MaterialClass> parse_material_class(std::string_view name) {
  auto v = name.find('v');
  if (v == std::string_view::npos) return std::nullopt;
  auto parse_side = [](std::string_view d) -> std::optional<unsigned> {
    unsigned m = 0;
    int last = 0;
    for (char c : d) {
      if (c < '1' || c > '6' || c - '0' <= last) return std::nullopt;
      last = c - '0';
      m |= 1u << (last - 1);
    }
    if (m == 0) return std::nullopt;
    return m;
  };
  auto a = parse_side(name.substr(0, v)), b = parse_side(name.substr(v + 1));
  if (!a || !b || canonical_side_mask(*a) != *a || canonical_side_mask(*b) != *b)
    return std::nullopt;
  return MaterialClass{uint8_t(*a), uint8_t(*b)};
}

std::vector<MaterialClass> material_classes(int pieces) {
  std::vector<MaterialClass> out;
  for (int a = 1; a <= 6; ++a) {
    int b = pieces - a;
    if (b < 1 || b > 6) continue;
    for (unsigned ma : side_classes(a))
      for (unsigned mb : side_classes(b)) out.push_back(MaterialClass{uint8_t(ma), uint8_t(mb)});
  }
  return out;
}

std::vector<MaterialClass> with_twin(MaterialClass mc) {
  if (mc.flipped() == mc) return {mc};
  return {mc, mc.flipped()};
}

ClassGroup group_of(MaterialClass mc) {
  return ClassGroup{std::min(mc, mc.flipped())};
}

std::vector<ClassGroup> class_groups(int max_pieces) {
  std::vector<ClassGroup> groups;
  for (int n = 2; n <= max_pieces; ++n)
    for (MaterialClass mc : material_classes(n))
      if (mc <= mc.flipped()) groups.push_back(ClassGroup{mc});
  return groups;
}

}  // namespace ewn
