#include "block_cache.h"

#include <algorithm>
#include <bit>

namespace ewn {

namespace {

// Enough shards that concurrent threads seldom share one, few enough that each still holds a
// useful number of blocks (at least about 16 blocks of 16 KiB).
size_t shard_count_for(size_t capacity) {
  size_t shards = capacity / (256u << 10);
  return std::bit_floor(std::clamp<size_t>(shards, 1, 64));
}

uint64_t mix(uint64_t x) {  // splitmix64 finaliser: spreads (table, block) over the shards
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace

BlockCache::BlockCache(size_t capacity_bytes) : capacity_(capacity_bytes) {
  size_t n = shard_count_for(capacity_bytes);
  shard_capacity_ = capacity_bytes / n;
  for (size_t i = 0; i < n; ++i) shards_.push_back(std::make_unique<Shard>());
}

BlockCache::Shard& BlockCache::shard_of(Key key) {
  return *shards_[mix(key) & (shards_.size() - 1)];
}

std::optional<uint16_t> BlockCache::find(Key key, size_t offset) {
  Shard& s = shard_of(key);
  std::lock_guard lock(s.mutex);
  auto it = s.where.find(key);
  if (it == s.where.end()) return std::nullopt;
  s.lru.splice(s.lru.begin(), s.lru, it->second);
  return it->second->values[offset];
}

void BlockCache::insert(Key key, std::unique_ptr<uint16_t[]> values, size_t count) {
  size_t bytes = count * sizeof(uint16_t);
  if (bytes > shard_capacity_) return;
  Shard& s = shard_of(key);
  std::lock_guard lock(s.mutex);
  if (s.where.count(key)) return;
  while (s.bytes + bytes > shard_capacity_) {
    Entry& victim = s.lru.back();
    s.bytes -= victim.count * sizeof(uint16_t);
    s.where.erase(victim.key);
    s.lru.pop_back();
  }
  s.lru.push_front(Entry{key, std::move(values), count});
  s.where.emplace(key, s.lru.begin());
  s.bytes += bytes;
}

size_t BlockCache::size_bytes() const {
  size_t total = 0;
  for (const auto& s : shards_) {
    std::lock_guard lock(s->mutex);
    total += s->bytes;
  }
  return total;
}

}  // namespace ewn
