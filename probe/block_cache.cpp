#include "block_cache.h"

#include <algorithm>
#include <bit>

#include "rng.h"

namespace ewn {

namespace {

// Enough shards that concurrent threads seldom share one, few enough that each still holds a
// useful number of blocks (at least about 16 blocks of 16 KiB).
size_t shard_count_for(size_t capacity) {
  size_t shards = capacity / (256u << 10);
  return std::bit_floor(std::clamp<size_t>(shards, 1, 64));
}

// The shard uses the low bits of splitmix64_mix(key), the slot the high bits: independent
// choices.
size_t home_slot(uint64_t key, size_t slots) {
  return size_t(splitmix64_mix(key) >> 32) & (slots - 1);
}

}  // namespace

BlockCache::BlockCache(size_t capacity_bytes) {
  size_t n = shard_count_for(capacity_bytes);
  shard_capacity_ = capacity_bytes / n;
  for (size_t i = 0; i < n; ++i) {
    shards_.push_back(std::make_unique<Shard>());
    shards_.back()->slots.resize(16);
  }
}

BlockCache::Shard& BlockCache::shard_of(Key key) {
  return *shards_[splitmix64_mix(key) & (shards_.size() - 1)];
}

size_t BlockCache::Shard::find_slot(Key key) const {
  size_t mask = slots.size() - 1;
  for (size_t i = home_slot(key, slots.size());; i = (i + 1) & mask)
    if (slots[i].entry == kEmpty || slots[i].key == key) return i;
}

// Backward-shift deletion keeps linear probing free of tombstones.
void BlockCache::Shard::erase_slot(size_t i) {
  size_t mask = slots.size() - 1;
  for (size_t j = (i + 1) & mask; slots[j].entry != kEmpty; j = (j + 1) & mask) {
    size_t home = home_slot(slots[j].key, slots.size());
    bool stays = i <= j ? (i < home && home <= j) : (i < home || home <= j);
    if (stays) continue;
    slots[i] = slots[j];
    i = j;
  }
  slots[i] = Slot{};
}

void BlockCache::Shard::grow() {
  std::vector<Slot> old(slots.size() * 2);
  old.swap(slots);
  for (const Slot& s : old)
    if (s.entry != kEmpty) slots[find_slot(s.key)] = s;
}

void BlockCache::Shard::evict_one() {
  for (;;) {
    if (hand >= entries.size()) hand = 0;
    size_t slot = find_slot(entries[hand].key);
    if (slots[slot].referenced) {
      slots[slot].referenced = false;
      ++hand;
      continue;
    }
    bytes -= entries[hand].count * sizeof(uint16_t);
    erase_slot(slot);
    // Fill the hole with the last entry (its slot learns the new index).
    if (hand != entries.size() - 1) {
      entries[hand] = std::move(entries.back());
      slots[find_slot(entries[hand].key)].entry = uint32_t(hand);
    }
    entries.pop_back();
    return;
  }
}

bool BlockCache::find(Key key, std::span<const uint32_t> offsets, uint16_t* out) {
  Shard& s = shard_of(key);
  std::lock_guard lock(s.mutex);
  Slot& slot = s.slots[s.find_slot(key)];
  if (slot.entry == kEmpty) return false;
  slot.referenced = true;
  for (size_t i = 0; i < offsets.size(); ++i) out[i] = slot.values[offsets[i]];
  return true;
}

void BlockCache::insert(Key key, std::unique_ptr<uint16_t[]> values, size_t count) {
  size_t bytes = count * sizeof(uint16_t);
  if (bytes > shard_capacity_) return;
  Shard& s = shard_of(key);
  std::lock_guard lock(s.mutex);
  if (s.slots[s.find_slot(key)].entry != kEmpty) return;
  while (s.bytes + bytes > shard_capacity_) s.evict_one();
  if (2 * (s.entries.size() + 1) > s.slots.size()) s.grow();
  Slot& slot = s.slots[s.find_slot(key)];
  slot = Slot{key, values.get(), uint32_t(s.entries.size()), false};
  s.entries.push_back(Entry{key, std::move(values), count});
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
