// The entries of one class that lie on one level of total progress, as a bitmap over the
// class's PositionIndex with a rank directory: the values of a level are stored densely, in
// index order, and rank() turns an entry's index into its place among them.
//
// A part of a group that is solved out of core (part_solver.h) holds only a few levels at a
// time; this is how it finds a child's value among them. One bit per entry, plus 8 bytes per
// 512 entries for the directory.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

namespace ewn {

class LevelBitmap {
 public:
  static constexpr uint64_t kWordsPerBlock = 8;  // one cache line of bits per directory entry

  LevelBitmap() = default;
  explicit LevelBitmap(uint64_t entries) : words_((entries + 63) / 64, 0) {}

  static uint64_t bytes_for(uint64_t entries) {
    uint64_t words = (entries + 63) / 64;
    return words * 8 + (words / kWordsPerBlock + 2) * 8;
  }

  uint64_t count() const { return count_; }
  std::vector<uint64_t>& words() { return words_; }
  const std::vector<uint64_t>& words() const { return words_; }

  // Builds the directory once every bit is set.
  void finish() {
    uint64_t blocks = words_.size() / kWordsPerBlock + 1;
    block_rank_.assign(blocks + 1, 0);
    uint64_t total = 0;
    for (uint64_t b = 0; b < blocks; ++b) {
      block_rank_[b] = total;
      uint64_t end = std::min<uint64_t>((b + 1) * kWordsPerBlock, words_.size());
      for (uint64_t w = b * kWordsPerBlock; w < end; ++w)
        total += uint64_t(std::popcount(words_[w]));
    }
    block_rank_[blocks] = total;
    count_ = total;
  }

  bool test(uint64_t i) const { return (words_[i >> 6] >> (i & 63)) & 1; }

  // Set entries before `i`: the place of entry i among the level's values when test(i).
  uint64_t rank(uint64_t i) const {
    uint64_t w = i >> 6, b = w / kWordsPerBlock;
    uint64_t r = block_rank_[b];
    for (uint64_t k = b * kWordsPerBlock; k < w; ++k) r += uint64_t(std::popcount(words_[k]));
    if (i & 63) r += uint64_t(std::popcount(words_[w] & ((uint64_t(1) << (i & 63)) - 1)));
    return r;
  }

 private:
  uint64_t count_ = 0;
  std::vector<uint64_t> words_;
  std::vector<uint64_t> block_rank_;
};

}  // namespace ewn
