#include "order_choice.h"

#include <algorithm>
#include <array>

#include "block_codec.h"
#include "read_entries.h"
#include "table_format.h"

namespace ewn {

namespace {

// Orders worth trying: every order while there are at most 4 digits (5 pieces), else PositionIndex
// order and the two that did best with 5 pieces in docs/BENCHMARKS.md.
std::vector<std::vector<uint8_t>> candidate_orders(int digits) {
  std::array<uint8_t, EntryOrder::kMaxDigits> order{};
  int n = std::clamp(digits, 1, EntryOrder::kMaxDigits);
  for (int d = 0; d < n; ++d) order[size_t(d)] = uint8_t(d);
  auto as_vector = [&] { return std::vector<uint8_t>(order.begin(), order.begin() + n); };
  std::vector<std::vector<uint8_t>> out;
  if (n <= 4) {
    // Every n-digit word in base n (at most 256) that uses each digit once, in lexicographic order.
    int words = 1;
    for (int d = 0; d < n; ++d) words *= n;
    for (int w = 0; w < words; ++w) {
      unsigned used = 0;
      for (int d = n - 1, rest = w; d >= 0; --d, rest /= n) {
        order[size_t(d)] = uint8_t(rest % n);
        used |= 1u << (rest % n);
      }
      if (used == (1u << n) - 1) out.push_back(as_vector());
    }
    return out;
  }
  out.push_back(as_vector());
  for (int d = 1; d < n; ++d)
    order[size_t(d)] = uint8_t(n - d);  // the pair, then the rest reversed
  out.push_back(as_vector());
  for (int d = 0; d + 1 < n; ++d) order[size_t(d)] = uint8_t(n - 1 - d);  // all reversed: pair last
  order[size_t(n - 1)] = 0;
  out.push_back(as_vector());
  return out;
}

}  // namespace

std::vector<uint16_t> block_in_file_order(const EntryOrder& order, std::span<const uint16_t> values,
                                          std::span<const uint8_t> read, uint64_t begin,
                                          size_t count) {
  std::vector<uint64_t> where(count);
  order.indices_at(begin, where);
  std::vector<uint16_t> block(count);
  std::vector<uint8_t> flags(count);
  for (size_t k = 0; k < count; ++k) {
    block[k] = values[where[k]];
    flags[k] = read[where[k]];
  }
  fill_unread(block, flags);
  return block;
}

std::vector<uint8_t> choose_entry_order(const PositionIndex& index,
                                        std::span<const uint16_t> values,
                                        std::span<const uint8_t> read, uint32_t block_entries,
                                        int threads) {
  constexpr int kTrialLevel = 1;
  // Blocks judged per finalist: as many as make 64 blocks of 8192 entries, whatever the block
  // size (no dictionary: the ranking is what matters).
  const uint64_t sample_blocks = std::max<uint64_t>(64, 64 * 8192 / block_entries);
  const BlockEncoder trial_encoder({}, kTrialLevel);
  constexpr size_t kFinalists = 4;
  auto candidates = candidate_orders(index.piece_count() - 1);
  if (candidates.size() == 1) return candidates[0];
  uint64_t blocks = block_count_for(index.size(), block_entries);

  // Compressed bytes of about `sample` evenly spaced blocks in each of the orders.
  auto trial = [&](const std::vector<std::vector<uint8_t>>& orders, uint64_t sample) {
    uint64_t step = std::max<uint64_t>(1, blocks / sample);
    std::vector<uint64_t> bytes(orders.size(), 0);
#pragma omp parallel for schedule(dynamic) num_threads(threads)
    for (size_t c = 0; c < orders.size(); ++c) {
      EntryOrder order(index, orders[c]);
      try {
        for (uint64_t b = 0; b < blocks; b += step) {
          uint64_t begin = b * block_entries;
          size_t count = entries_in_block(index.size(), block_entries, b);
          bytes[c] +=
              trial_encoder.encode(block_in_file_order(order, values, read, begin, count)).size();
        }
      } catch (const std::exception&) {
        bytes[c] = UINT64_MAX;  // not a candidate; the final compression reports real failures
      }
    }
    return bytes;
  };

  // Many candidates (24 with 5 pieces) are first judged on a quarter of the sample, and only
  // the best few on all of it: a quarter of the work, for tables at most 0.15% larger in the
  // groups measured (docs/BENCHMARKS.md, "Generator").
  // (A table of fewer than 32 blocks would be read whole in both rounds: one round then.)
  if (candidates.size() > kFinalists && blocks >= 2 * (sample_blocks / 4)) {
    auto bytes = trial(candidates, sample_blocks / 4);
    std::vector<size_t> rank(candidates.size());
    for (size_t c = 0; c < rank.size(); ++c) rank[c] = c;
    std::stable_sort(rank.begin(), rank.end(),
                     [&](size_t a, size_t b) { return bytes[a] < bytes[b]; });
    std::vector<std::vector<uint8_t>> finalists;
    for (size_t k = 0; k < kFinalists; ++k) finalists.push_back(candidates[rank[k]]);
    candidates = std::move(finalists);
  }
  auto bytes = trial(candidates, sample_blocks);
  return candidates[size_t(std::min_element(bytes.begin(), bytes.end()) - bytes.begin())];
}

}  // namespace ewn
