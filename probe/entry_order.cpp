#include "entry_order.h"

namespace ewn {

std::array<uint32_t, EntryOrder::kMaxDigits> index_radices(const PositionIndex& index) {
  std::array<uint32_t, EntryOrder::kMaxDigits> radix{};
  int n = index.piece_count(), a = index.mover_count();
  uint64_t rest = index.size();
  for (int i = 2; i < n; ++i) {
    radix[i - 1] = uint32_t(i < a ? 24 - i : 25 - i);
    rest /= radix[i - 1];
  }
  radix[0] = uint32_t(rest);
  return radix;
}

std::optional<std::string> EntryOrder::check(const PositionIndex& index,
                                             std::span<const uint8_t> order) {
  size_t digits = size_t(index.piece_count() - 1);
  if (order.size() != digits)
    return "entry order has " + std::to_string(order.size()) + " digits, the class has " +
           std::to_string(digits);
  std::array<bool, kMaxDigits> seen{};
  for (uint8_t d : order) {
    if (d >= digits || seen[d]) return "entry order is not a permutation";
    seen[d] = true;
  }
  auto radix = index_radices(index);
  uint64_t product = 1;
  for (size_t d = 0; d < digits; ++d) product *= radix[d];
  if (product != index.size()) return "entry order does not fit the index";
  return std::nullopt;
}

EntryOrder::EntryOrder(const PositionIndex& index) : digits_(index.piece_count() - 1) {
  for (int d = 0; d < digits_; ++d) order_[size_t(d)] = uint8_t(d);
}

EntryOrder::EntryOrder(const PositionIndex& index, std::span<const uint8_t> order)
    : digits_(index.piece_count() - 1) {
  radix_ = index_radices(index);
  for (int k = 0; k < digits_; ++k) {
    order_[k] = order[k];
    identity_ = identity_ && order[k] == k;
    file_radix_[k] = radix_[order[k]];
  }
  // Weights: digit order[k] sits at file position k (most significant first).
  uint64_t weight = 1;
  for (int k = digits_ - 1; k >= 0; --k) {
    file_stride_[order_[k]] = weight;
    weight *= file_radix_[k];
  }
  std::array<uint64_t, kMaxDigits> natural{};
  weight = 1;
  for (int d = digits_ - 1; d >= 0; --d) {
    natural[d] = weight;
    weight *= radix_[d];
  }
  for (int k = 0; k < digits_; ++k) index_stride_[k] = natural[order_[k]];
}

uint64_t EntryOrder::permute(uint64_t value, const std::array<uint32_t, kMaxDigits>& radix,
                             const std::array<uint64_t, kMaxDigits>& stride) const {
  uint64_t out = 0;
  if (value <= UINT32_MAX) {  // 32-bit division is several times faster
    uint32_t v = uint32_t(value);
    for (int d = digits_ - 1; d > 0; --d) {
      out += (v % radix[d]) * stride[d];
      v /= radix[d];
    }
    return out + v * stride[0];
  }
  for (int d = digits_ - 1; d > 0; --d) {
    out += (value % radix[d]) * stride[d];
    value /= radix[d];
  }
  return out + value * stride[0];
}

void EntryOrder::indices_at(uint64_t begin, std::span<uint64_t> out) const {
  if (identity_) {
    for (size_t k = 0; k < out.size(); ++k) out[k] = begin + k;
    return;
  }
  // The file-order digits of `begin` (digit 0 takes what is left, as in permute()).
  std::array<uint32_t, kMaxDigits> digit{};
  uint64_t rest = begin;
  for (int d = digits_ - 1; d > 0; --d) {
    digit[d] = uint32_t(rest % file_radix_[d]);
    rest /= file_radix_[d];
  }
  uint64_t index = permute(begin, file_radix_, index_stride_);
  for (size_t k = 0; k < out.size(); ++k) {
    out[k] = index;
    for (int d = digits_ - 1;; --d) {  // add one, carrying
      if (d == 0 || digit[d] + 1 < file_radix_[d]) {
        ++digit[d];
        index += index_stride_[d];
        break;
      }
      index -= uint64_t(digit[d]) * index_stride_[d];
      digit[d] = 0;
    }
  }
}

}  // namespace ewn
