#include "block_memory.h"

#include <sys/mman.h>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <new>

namespace ewn {

namespace {

constexpr size_t kChunkBytes = size_t(2) << 20;  // one huge page on x86-64 and arm64
constexpr size_t kSmallestBytes = 64;            // a cache line

int size_class(size_t count) {
  size_t bytes = std::max(kSmallestBytes, std::bit_ceil(count * sizeof(uint16_t)));
  return std::countr_zero(bytes);
}

}  // namespace

BlockMemory::~BlockMemory() {
  for (void* chunk : chunks_) std::free(chunk);
}

size_t BlockMemory::footprint(size_t count) {
  return size_t(1) << size_class(count);
}

BlockMemory::Buffer BlockMemory::take(size_t count) {
  const int c = size_class(count);
  std::lock_guard lock(mutex_);
  uint16_t* values;
  if (!free_[c].empty()) {
    values = free_[c].back();
    free_[c].pop_back();
  } else {
    values = carve(size_t(1) << c);
  }
  return Buffer(values, Release{this, count});
}

void BlockMemory::release(uint16_t* values, size_t count) {
  std::lock_guard lock(mutex_);
  // Out of memory for the list itself, the buffer is not reused; its chunk still frees it.
  try {
    free_[size_class(count)].push_back(values);
  } catch (const std::bad_alloc&) {
  }
}

// Called under the lock. A buffer larger than a chunk gets a chunk of its own size.
uint16_t* BlockMemory::carve(size_t bytes) {
  if (chunks_.empty() || chunk_used_ + bytes > kChunkBytes) {
    const size_t chunk_bytes = std::max(kChunkBytes, bytes);
    chunks_.reserve(chunks_.size() + 1);  // so that the push below cannot throw
    void* chunk = std::aligned_alloc(kChunkBytes, chunk_bytes);
    if (!chunk) throw std::bad_alloc();
    // A hint: where huge pages are off (or only on request and refused), 4 KiB pages serve.
    madvise(chunk, chunk_bytes, MADV_HUGEPAGE);
    chunks_.push_back(chunk);
    chunk_used_ = 0;
  }
  auto* values = reinterpret_cast<uint16_t*>(static_cast<char*>(chunks_.back()) + chunk_used_);
  chunk_used_ += bytes;
  return values;
}

}  // namespace ewn
