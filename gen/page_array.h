// An array in pages of its own (an anonymous memory map), given back to the system as soon as
// it goes. The generator's working arrays of a few megabytes would otherwise come from the
// allocator's heap (glibc serves blocks below its adaptive threshold there) and stay in it after
// the group, counting in the process's peak memory on top of the next group's. Large arrays
// are in huge pages (page_map.h), and may be maps kept from the group before (KeptPages): their
// contents are then not zero, and the generator writes every element before it reads it.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include "page_map.h"

namespace ewn {

template <class T>
class PageArray {
  static_assert(std::is_trivial_v<T>, "the elements are not constructed");

 public:
  PageArray() = default;
  explicit PageArray(size_t count) : count_(count) {
    if (count > 0) data_ = static_cast<T*>(map_pages(bytes()));
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
    unmap_pages(data_, bytes());
    data_ = nullptr;
    count_ = 0;
  }

  T* data_ = nullptr;
  size_t count_ = 0;
};

}  // namespace ewn
