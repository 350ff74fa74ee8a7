// The generator's large arrays (gen/page_map.h): maps aligned to a huge page from one huge page
// on, zeroed, the whole length usable, given back whole or kept for the next group.
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <vector>

#include "page_array.h"
#include "page_map.h"
#include "solve_class.h"

using namespace ewn;

TEST_CASE("page maps: huge-page aligned from one huge page on, zeroed, usable to the end") {
  for (size_t bytes : {size_t(4096), kHugePage - 8, kHugePage, kHugePage + 1, 5 * kHugePage + 3}) {
    INFO(bytes);
    auto* p = static_cast<uint8_t*>(map_pages(bytes));
    REQUIRE(p != nullptr);
    if (bytes >= kHugePage) CHECK(reinterpret_cast<uintptr_t>(p) % kHugePage == 0);
    CHECK(mapped_bytes(bytes) >= bytes);
    CHECK(p[0] == 0);
    CHECK(p[bytes - 1] == 0);
    std::memset(p, 0xab, bytes);  // every byte writable: an unmapped one would end the test
    CHECK(p[bytes - 1] == 0xab);
    unmap_pages(p, bytes);
  }
}

TEST_CASE("page maps: the group's arrays, small and large, hold what is written") {
  PageArray<uint32_t> small(100), large(kHugePage / 4 * 3 + 7);
  large[large.size() - 1] = 7;
  small[99] = 5;
  CHECK(large[0] == 0);
  CHECK(large[large.size() - 1] == 7);
  CHECK(small[99] == 5);
  std::vector<double, UninitializedAllocator<double>> values(kHugePage / 8 + 1, 0.5);
  values.resize(3 * kHugePage / 8);  // moves to a larger map, the first values kept
  CHECK(values[kHugePage / 8] == 0.5);
  values.assign(10, 1.0);
  values.shrink_to_fit();  // from a map to the heap
  CHECK(values[9] == 1.0);
}

TEST_CASE("kept pages: a map given back is handed out again, cut to size, within the limit") {
  const size_t big = 4 * kHugePage + 4096;
  {
    KeptPages kept(16 * kHugePage);
    auto* p = static_cast<uint8_t*>(map_pages(big));
    p[big - 1] = 0xcd;
    unmap_pages(p, big);
    CHECK(kept.kept_bytes() == mapped_bytes(big));
    // The smallest kept map that fits, its contents as left; the end past the huge page the
    // smaller map ends in is kept on its own.
    auto* q = static_cast<uint8_t*>(map_pages(kHugePage + 8));
    CHECK(q == p);
    CHECK(kept.kept_bytes() == 2 * kHugePage + 4096);
    auto* r = static_cast<uint8_t*>(map_pages(2 * kHugePage));
    CHECK(r == p + 2 * kHugePage);
    CHECK(r[kHugePage - 1] == 0);  // never written: still the zero page the kernel gave
    CHECK(kept.kept_bytes() == 0);
    std::memset(q, 1, kHugePage + 8);  // every byte of both still mapped and writable
    std::memset(r, 2, 2 * kHugePage);
    unmap_pages(q, kHugePage + 8);
    unmap_pages(r, 2 * kHugePage);
    CHECK(kept.kept_bytes() == mapped_bytes(kHugePage + 8) + 2 * kHugePage);

    // A fresh map first gives back kept maps until in use and kept fit the limit.
    kept.set_limit(6 * kHugePage);
    CHECK(kept.kept_bytes() == mapped_bytes(kHugePage + 8) + 2 * kHugePage);
    auto* s = static_cast<uint8_t*>(map_pages(4 * kHugePage));
    CHECK(kept.kept_bytes() + 4 * kHugePage <= 6 * kHugePage);
    CHECK(s[0] == 0);
    // A lower limit gives kept maps back at once; a map given back over it is unmapped.
    kept.set_limit(3 * kHugePage);
    CHECK(kept.kept_bytes() == 0);
    unmap_pages(s, 4 * kHugePage);
    CHECK(kept.kept_bytes() == 0);
  }
  // With none alive, maps are fresh and zero again, and small maps are never kept.
  auto* p = static_cast<uint8_t*>(map_pages(big));
  CHECK(p[big - 1] == 0);
  unmap_pages(p, big);
  KeptPages kept(16 * kHugePage);
  auto* small = static_cast<uint8_t*>(map_pages(4096));
  unmap_pages(small, 4096);
  CHECK(kept.kept_bytes() == 0);
}
