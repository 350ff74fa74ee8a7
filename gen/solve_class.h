// Solving one group of material classes whole in memory: a class and its colour-flipped twin,
// which are each other's non-capture children. Capture children lie in smaller classes, solved
// earlier, whose exact values the caller supplies. A group too large for the memory budget is
// solved in parts instead (part_solver.h), with the same values.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "page_map.h"
#include "position_solver.h"

namespace ewn {

// Allocates without value-initialising: a group's values (half a gigabyte a class at 6 pieces)
// are then first written by the threads that fill them, instead of zeroed by one thread. Arrays
// of a huge page or more are mapped in huge pages (page_map.h).
template <class T>
struct UninitializedAllocator : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = UninitializedAllocator<U>;
  };
  T* allocate(size_t n) {
    if (n * sizeof(T) < kHugePage) return std::allocator<T>::allocate(n);
    return static_cast<T*>(map_pages(n * sizeof(T)));
  }
  void deallocate(T* p, size_t n) noexcept {
    if (n * sizeof(T) < kHugePage) return std::allocator<T>::deallocate(p, n);
    unmap_pages(p, n * sizeof(T));
  }
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

struct SolvedClass {
  MaterialClass material;
  std::vector<double, UninitializedAllocator<double>> values;  // NaN at waste entries
  // One bit per entry, set at a renumbering twin that copied the smallest twin's value: the
  // entries a probe never reads besides waste (empty when the class has no such twins).
  std::vector<uint64_t> copied_twins;
  bool copied(uint64_t i) const {
    return !copied_twins.empty() && (copied_twins[i >> 6] >> (i & 63)) & 1;
  }
};

// Called after each progress level with the number of positions solved so far in this group.
using LevelCallback = std::function<void(uint64_t positions_done)>;

// At most this many pieces: the level buckets pack a position's squares into 32 bits.
inline constexpr int kMaxWholeGroupPieces = 6;

// Bytes the whole-in-memory solve of the group of `mc` needs at its peak, writing its tables
// included (the values, the level buckets, then one class's table being written).
uint64_t whole_group_bytes(MaterialClass mc);
// The bytes of the maps that hold its classes' values (8 bytes an entry), its largest arrays.
uint64_t group_values_bytes(MaterialClass mc);

// Solves `mc` and, if different, mc.flipped(). `children` must hold every class reachable by one
// capture. Results are identical for any number of OpenMP threads.
std::vector<SolvedClass> solve_group(MaterialClass mc, const SolvedValues& children,
                                     const LevelCallback& on_level = {});

}  // namespace ewn
