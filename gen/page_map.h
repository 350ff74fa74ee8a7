// Anonymous memory maps for the generator's large arrays, in huge pages where the system gives
// them. A group's arrays are hundreds of megabytes, written once and read at random (a quiet
// child's value is anywhere in the twin class): in 4 KiB pages their first touch is a fault a
// page and their reads miss the TLB; in 2 MiB pages the faults are 512 times fewer and the TLB
// covers the array. Where transparent huge pages are off, the advice is ignored and the pages
// are ordinary ones.
//
// Between groups the maps can be kept (KeptPages) and handed out again: the kernel zeroes every
// fresh page, and at 6 pieces zeroing the next group's values and level buckets was a tenth of
// the group's time, for arrays that the generator writes whole before it reads them anyway.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ewn {

inline constexpr size_t kHugePage = size_t(2) << 20;

// Bytes actually mapped for `bytes`: whole pages of the system.
size_t mapped_bytes(size_t bytes);

// A map of at least `bytes` (> 0). From one huge page on it starts on a huge page (it is mapped
// a huge page longer and the unaligned ends are given back), and its whole huge pages are advised
// as such; the rest stays in small pages, so that the map takes no more memory than the array.
// Its bytes are zero, except in a kept map handed out again (KeptPages): then they are whatever
// the last user left.
void* map_pages(size_t bytes);

// Gives back a map of map_pages(bytes), to the system or, while a KeptPages lives, to it.
void unmap_pages(void* p, size_t bytes);

// While one lives, maps of a huge page or more that are given back are kept rather than
// unmapped, and map_pages() hands out the smallest kept map that is large enough (cut to the
// size asked; the cut-off end is kept too when it is a huge page or more). The memory in maps of
// a huge page or more, in use and kept together, stays within the limit: a map is kept only
// within it, and before a fresh map is taken the largest kept ones go back until the fresh one
// fits. One at a time.
class KeptPages {
 public:
  explicit KeptPages(uint64_t limit = 0);
  ~KeptPages();  // gives every kept map back
  KeptPages(const KeptPages&) = delete;
  KeptPages& operator=(const KeptPages&) = delete;

  // A new limit; kept maps over it go back at once.
  void set_limit(uint64_t bytes);
  uint64_t kept_bytes() const;
};

}  // namespace ewn
