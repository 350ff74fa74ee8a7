// A bounded cache of decompressed blocks, shared by all probing threads.
//
// The cache is split into shards, each an LRU list under its own mutex, so that threads probing
// different blocks rarely wait for each other. A hit copies the value out under the lock; a miss
// is decompressed by the caller outside any lock and inserted afterwards (two threads missing
// the same block at once both decompress it; the second copy is dropped).
#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

namespace ewn {

class BlockCache {
 public:
  using Key = uint64_t;  // the caller's (table, block) pair packed into one number

  explicit BlockCache(size_t capacity_bytes);

  // The value at `offset` of the cached block `key`, or std::nullopt on a miss.
  std::optional<uint16_t> find(Key key, size_t offset);
  // Adds a block of `count` values, evicting the least recently used blocks of its shard. A block
  // larger than a shard is not kept.
  void insert(Key key, std::unique_ptr<uint16_t[]> values, size_t count);

  size_t capacity_bytes() const { return capacity_; }
  size_t size_bytes() const;

 private:
  struct Entry {
    Key key;
    std::unique_ptr<uint16_t[]> values;
    size_t count;
  };
  struct Shard {
    std::mutex mutex;
    std::list<Entry> lru;  // most recently used first
    std::unordered_map<Key, std::list<Entry>::iterator> where;
    size_t bytes = 0;
  };
  Shard& shard_of(Key key);

  size_t capacity_ = 0;
  size_t shard_capacity_ = 0;
  std::vector<std::unique_ptr<Shard>> shards_;
};

}  // namespace ewn
