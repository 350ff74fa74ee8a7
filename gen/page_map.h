// Anonymous memory maps for the generator's large arrays, in huge pages where the system gives
// them. A group's arrays are hundreds of megabytes, written once and read at random (a quiet
// child's value is anywhere in the twin class): in 4 KiB pages their first touch is a fault a
// page and their reads miss the TLB; in 2 MiB pages the faults are 512 times fewer and the TLB
// covers the array. Where transparent huge pages are off, the advice is ignored and the pages
// are ordinary ones.
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <new>

namespace ewn {

inline constexpr size_t kHugePage = size_t(2) << 20;

// Bytes actually mapped for `bytes`: whole pages of the system.
inline size_t mapped_bytes(size_t bytes) {
  static const size_t page = size_t(sysconf(_SC_PAGESIZE));
  return (bytes + page - 1) / page * page;
}

// A fresh zeroed map of at least `bytes` (> 0). From one huge page on it starts on a huge page
// (it is mapped a huge page longer and the unaligned ends are given back), and its whole huge
// pages are advised as such; the rest stays in small pages, so that the map takes no more memory
// than the array.
inline void* map_pages(size_t bytes) {
  const size_t size = mapped_bytes(bytes);
  const size_t slack = size < kHugePage ? 0 : kHugePage;
  void* p = mmap(nullptr, size + slack, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  if (slack == 0) return p;
  const uintptr_t start = reinterpret_cast<uintptr_t>(p);
  const uintptr_t aligned = (start + kHugePage - 1) & ~uintptr_t(kHugePage - 1);
  if (aligned > start) munmap(p, aligned - start);
  if (aligned < start + slack)
    munmap(reinterpret_cast<void*>(aligned + size), start + slack - aligned);
  void* out = reinterpret_cast<void*>(aligned);
  madvise(out, size / kHugePage * kHugePage, MADV_HUGEPAGE);  // ignored where huge pages are off
  return out;
}

// Gives back a map of map_pages(bytes).
inline void unmap_pages(void* p, size_t bytes) {
  if (p) munmap(p, mapped_bytes(bytes));
}

}  // namespace ewn
