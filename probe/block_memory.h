// Memory for decoded blocks, carved from 2 MiB chunks that the kernel may back with huge pages.
//
// A probe that misses the cache decodes its block into fresh memory. From malloc, a process
// whose cache is still growing took a page fault and a zeroed 4 KiB page for every other 2 KiB
// block: about as much CPU as decoding the block (docs/BENCHMARKS.md, "Where a first touch
// went"). Here a chunk is asked for as a transparent huge page (one fault a chunk), and a freed
// buffer goes to a free list of its size class, so an evicted block's memory holds the next.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace ewn {

class BlockMemory {
 public:
  BlockMemory() = default;
  ~BlockMemory();
  BlockMemory(const BlockMemory&) = delete;
  BlockMemory& operator=(const BlockMemory&) = delete;

  // Gives a buffer back to the memory it came from when the owner drops it.
  struct Release {
    BlockMemory* memory = nullptr;
    size_t count = 0;
    void operator()(uint16_t* values) const { memory->release(values, count); }
  };
  using Buffer = std::unique_ptr<uint16_t[], Release>;

  // A buffer of `count` values (uninitialised). Safe from several threads at once; throws
  // std::bad_alloc when no memory is left.
  Buffer take(size_t count);

  // Bytes a buffer of `count` values occupies (its size class).
  static size_t footprint(size_t count);

 private:
  static constexpr int kClasses = 32;
  void release(uint16_t* values, size_t count);
  uint16_t* carve(size_t bytes);

  std::mutex mutex_;
  std::vector<uint16_t*> free_[kClasses];  // by size class: log2 of the bytes
  std::vector<void*> chunks_;
  size_t chunk_used_ = 0;  // bytes handed out from chunks_.back()
};

}  // namespace ewn
