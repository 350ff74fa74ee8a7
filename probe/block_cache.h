// A bounded cache of decompressed blocks, shared by all probing threads.
//
// The cache is split into shards, each under its own mutex, so that threads probing different
// blocks rarely wait for each other. A shard finds a block through an open-addressing hash table
// whose slots hold the block's key and data pointer, so a hit touches one slot and the value;
// eviction is CLOCK (a hit only sets a flag in the slot). A miss is decompressed by the caller
// outside any lock and inserted afterwards (two threads missing the same block at once both
// decompress it; the second copy is dropped).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

namespace ewn {

class BlockCache {
 public:
  using Key = uint64_t;  // the caller's (table, block) pair packed into one number

  explicit BlockCache(size_t capacity_bytes);

  // The values at `offsets` of the cached block `key` into out[0, offsets.size()), or false on
  // a miss. Several offsets share one lookup: a derived ply reads several entries of a block.
  bool find(Key key, std::span<const uint32_t> offsets, uint16_t* out);
  // Adds a block of `count` values, evicting blocks of its shard as needed. A block larger than
  // a shard's share of the capacity is not kept.
  void insert(Key key, std::unique_ptr<uint16_t[]> values, size_t count);

  size_t size_bytes() const;

 private:
  static constexpr uint32_t kEmpty = UINT32_MAX;
  struct Slot {
    Key key = 0;
    const uint16_t* values = nullptr;
    uint32_t entry = kEmpty;  // index into Shard::entries
    bool referenced = false;  // CLOCK's second-chance flag
  };
  struct Entry {
    Key key;
    std::unique_ptr<uint16_t[]> values;
    size_t count;
  };
  struct Shard {
    std::mutex mutex;
    std::vector<Slot> slots;     // power-of-two size, at most half full
    std::vector<Entry> entries;  // the CLOCK ring
    size_t hand = 0;
    size_t bytes = 0;

    size_t find_slot(Key key) const;  // the key's slot, or the empty slot where it would go
    void erase_slot(size_t i);
    void grow();
    void evict_one();
  };
  Shard& shard_of(Key key);

  size_t shard_capacity_ = 0;
  std::vector<std::unique_ptr<Shard>> shards_;
};

}  // namespace ewn
