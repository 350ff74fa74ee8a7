// The memory of decoded blocks: buffers of every size hold their values apart, a released
// buffer's memory serves the next of its size class, and a cache that evicts reuses what it
// evicted instead of asking for more.
#include <catch2/catch.hpp>
#include <cstdint>
#include <set>
#include <vector>

#include "block_cache.h"
#include "block_memory.h"

using namespace ewn;

TEST_CASE("block memory: buffers of any size hold their values apart", "[block_memory]") {
  BlockMemory memory;
  std::vector<BlockMemory::Buffer> buffers;
  // Sizes across classes, a chunk's worth and more than a chunk (its own chunk).
  const std::vector<size_t> counts = {1, 31, 32, 33, 1000, 1024, 8192, 700000, 1024, 3};
  for (size_t i = 0; i < counts.size(); ++i) {
    buffers.push_back(memory.take(counts[i]));
    for (size_t j = 0; j < counts[i]; ++j) buffers[i][j] = uint16_t(i * 7919 + j);
    CHECK(BlockMemory::footprint(counts[i]) >= counts[i] * sizeof(uint16_t));
  }
  for (size_t i = 0; i < counts.size(); ++i)
    for (size_t j = 0; j < counts[i]; ++j) REQUIRE(buffers[i][j] == uint16_t(i * 7919 + j));
}

TEST_CASE("block memory: a released buffer serves the next of its size class", "[block_memory]") {
  BlockMemory memory;
  BlockMemory::Buffer a = memory.take(1024);
  const uint16_t* where = a.get();
  a.reset();
  BlockMemory::Buffer small = memory.take(100);  // another class: not the released one
  CHECK(small.get() != where);
  BlockMemory::Buffer b = memory.take(1000);  // the same class as 1024 values
  CHECK(b.get() == where);
}

TEST_CASE("block cache: evicted blocks' memory holds the blocks that replace them",
          "[block_memory]") {
  constexpr size_t kCount = 1024;
  BlockCache cache(64 * kCount * sizeof(uint16_t));  // one shard of 64 blocks
  std::set<const uint16_t*> addresses;
  for (uint64_t key = 0; key < 1000; ++key) {
    BlockMemory::Buffer values = cache.buffer(kCount);
    values[0] = uint16_t(key);
    addresses.insert(values.get());
    cache.insert(key, std::move(values), kCount);
    REQUIRE(cache.find(key, 0) == uint16_t(key));
  }
  // The blocks kept plus the one being filled: no new memory once the cache is full.
  CHECK(addresses.size() <= 65);
  CHECK(cache.size_bytes() <= 64 * kCount * sizeof(uint16_t));
}
