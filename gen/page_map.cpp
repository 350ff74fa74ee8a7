#include "page_map.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <mutex>
#include <new>
#include <vector>

namespace ewn {

namespace {

struct Map {
  char* start = nullptr;
  size_t bytes = 0;
};

// The maps kept between groups, and the bytes of large maps in use (handed out by map_pages()
// and not given back), which the limit covers with them.
struct Pool {
  std::mutex mutex;
  bool keeping = false;
  uint64_t limit = 0, in_use = 0, kept = 0;
  std::vector<Map> maps;

  // The kept map that fits `bytes` most closely, cut to them; nullptr when none is large enough.
  char* take(size_t bytes) {
    auto best = maps.end();
    for (auto it = maps.begin(); it != maps.end(); ++it)
      if (it->bytes >= bytes && (best == maps.end() || it->bytes < best->bytes)) best = it;
    if (best == maps.end()) return nullptr;
    const Map m = *best;
    maps.erase(best);
    kept -= m.bytes;
    // The end past the huge page the map now ends in is kept on its own if it is a huge page or
    // more (it starts on one, since the map does); the rest goes back.
    char* end = m.start + m.bytes;
    char* cut = std::min(end, m.start + (bytes + kHugePage - 1) / kHugePage * kHugePage);
    if (cut > m.start + bytes) munmap(m.start + bytes, size_t(cut - (m.start + bytes)));
    if (size_t(end - cut) >= kHugePage) {
      maps.push_back({cut, size_t(end - cut)});
      kept += size_t(end - cut);
    } else if (end > cut) {
      munmap(cut, size_t(end - cut));
    }
    return m.start;
  }
  // Gives kept maps back, the largest first, until in use, kept and `more` fit the limit.
  void trim(uint64_t more) {
    std::sort(maps.begin(), maps.end(),
              [](const Map& x, const Map& y) { return x.bytes < y.bytes; });
    while (!maps.empty() && in_use + kept + more > limit) {
      munmap(maps.back().start, maps.back().bytes);
      kept -= maps.back().bytes;
      maps.pop_back();
    }
  }
};

Pool& pool() {
  static Pool p;
  return p;
}

void* fresh_map(size_t size) {
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

}  // namespace

size_t mapped_bytes(size_t bytes) {
  static const size_t page = size_t(sysconf(_SC_PAGESIZE));
  return (bytes + page - 1) / page * page;
}

void* map_pages(size_t bytes) {
  const size_t size = mapped_bytes(bytes);
  if (size < kHugePage) return fresh_map(size);
  Pool& p = pool();
  std::lock_guard lock(p.mutex);
  if (char* reused = p.take(size)) {
    p.in_use += size;
    return reused;
  }
  p.trim(size);
  void* out = fresh_map(size);
  p.in_use += size;
  return out;
}

void unmap_pages(void* start, size_t bytes) {
  if (!start) return;
  const size_t size = mapped_bytes(bytes);
  if (size >= kHugePage) {
    Pool& p = pool();
    std::lock_guard lock(p.mutex);
    p.in_use -= size;
    if (p.keeping && p.in_use + p.kept + size <= p.limit) {
      p.maps.push_back({static_cast<char*>(start), size});
      p.kept += size;
      return;
    }
  }
  munmap(start, size);
}

KeptPages::KeptPages(uint64_t limit) {
  Pool& p = pool();
  std::lock_guard lock(p.mutex);
  assert(!p.keeping && "one KeptPages at a time");
  p.keeping = true;
  p.limit = limit;
}

KeptPages::~KeptPages() {
  Pool& p = pool();
  std::lock_guard lock(p.mutex);
  p.limit = 0;
  p.trim(0);
  p.keeping = false;
}

void KeptPages::set_limit(uint64_t bytes) {
  Pool& p = pool();
  std::lock_guard lock(p.mutex);
  p.limit = bytes;
  p.trim(0);
}

uint64_t KeptPages::kept_bytes() const {
  Pool& p = pool();
  std::lock_guard lock(p.mutex);
  return p.kept;
}

}  // namespace ewn
