// An array in pages of its own (an anonymous memory map), given back to the system as soon as
// it goes. The generator's working arrays of a few megabytes would otherwise come from the
// allocator's heap (glibc serves blocks below its adaptive threshold there) and stay in it after
// the group, counting in the process's peak memory on top of the next group's.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>

namespace ewn {

template <class T>
class PageArray {
  static_assert(std::is_trivial_v<T>, "the pages are handed out zeroed, not constructed");

 public:
  PageArray() = default;
  explicit PageArray(size_t count) : count_(count) {
    if (count == 0) return;
    void* p = mmap(nullptr, bytes(), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    data_ = static_cast<T*>(p);
  }
  PageArray(PageArray&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), count_(std::exchange(other.count_, 0)) {}
  PageArray& operator=(PageArray&& other) noexcept {
    if (this != &other) {
      release();
      data_ = std::exchange(other.data_, nullptr);
      count_ = std::exchange(other.count_, 0);
    }
    return *this;
  }
  PageArray(const PageArray&) = delete;
  PageArray& operator=(const PageArray&) = delete;
  ~PageArray() { release(); }

  T* get() { return data_; }
  const T* get() const { return data_; }
  T& operator[](size_t i) { return data_[i]; }
  size_t size() const { return count_; }
  // Gives the pages back now.
  void reset() { *this = PageArray(); }

 private:
  size_t bytes() const { return count_ * sizeof(T); }
  void release() {
    if (data_) munmap(data_, bytes());
    data_ = nullptr;
    count_ = 0;
  }

  T* data_ = nullptr;
  size_t count_ = 0;
};

}  // namespace ewn
