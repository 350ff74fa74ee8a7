// The order in which a table file stores its entries.
//
// A PositionIndex entry is the mixed-radix number (pair, digit_2, ..., digit_{n-1}) of
// docs/INDEX.md. A file may store the entries with those digits in another order of
// significance: `order` lists the digits from the most to the least significant (identity:
// 0, 1, ..., n-2, i.e. PositionIndex order). Which digit varies fastest decides which
// neighbouring positions sit next to each other, and so how well a block compresses; the
// writer picks the order per table (docs/BENCHMARKS.md, "Table format").
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "index.h"

namespace ewn {

class EntryOrder {
 public:
  static constexpr int kMaxDigits = kMaxPieces - 1;
  using Digits = std::array<uint8_t, kMaxDigits>;

  // PositionIndex order.
  explicit EntryOrder(const PositionIndex& index);
  // `order` must be a permutation of 0..digits()-1; see check().
  EntryOrder(const PositionIndex& index, std::span<const uint8_t> order);
  // The problem with `order` for `index`, or std::nullopt when it is a valid order.
  static std::optional<std::string> check(const PositionIndex& index,
                                          std::span<const uint8_t> order);

  int digits() const { return digits_; }
  std::span<const uint8_t> order() const { return {order_.data(), size_t(digits_)}; }
  bool is_identity() const { return identity_; }

  // Where PositionIndex entry `index` is stored in the file, and the inverse.
  uint64_t file_position(uint64_t index) const {
    return identity_ ? index : permute(index, radix_, file_stride_);
  }
  uint64_t index_at(uint64_t file_position) const {
    return identity_ ? file_position : permute(file_position, file_radix_, index_stride_);
  }
  // index_at() of the file positions begin, begin + 1, ..., begin + out.size() - 1: the
  // writer's loop, counting the digits up instead of dividing for every entry.
  void indices_at(uint64_t begin, std::span<uint64_t> out) const;

 private:
  // Splits `value` into digits of `radix` (least significant last) and sums digit * stride.
  uint64_t permute(uint64_t value, const std::array<uint32_t, kMaxDigits>& radix,
                   const std::array<uint64_t, kMaxDigits>& stride) const;

  int digits_ = 0;
  bool identity_ = true;
  Digits order_{};
  std::array<uint32_t, kMaxDigits> radix_{};         // PositionIndex digits' radices
  std::array<uint32_t, kMaxDigits> file_radix_{};    // radices in file order
  std::array<uint64_t, kMaxDigits> file_stride_{};   // per PositionIndex digit: its file weight
  std::array<uint64_t, kMaxDigits> index_stride_{};  // per file digit: its PositionIndex weight
};

// The radices of a PositionIndex's digits: pairs, then 24 - i (mover) or 25 - i (opponent) for
// piece i >= 2 (docs/INDEX.md). Their product is index.size().
std::array<uint32_t, EntryOrder::kMaxDigits> index_radices(const PositionIndex& index);

}  // namespace ewn
