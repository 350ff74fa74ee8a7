// The generator's large arrays (gen/page_map.h): maps aligned to a huge page from one huge page
// on, zeroed, the whole length usable, given back whole.
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
