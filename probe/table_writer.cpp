// write_table: picks the entry order, compresses the blocks (in parallel), then writes header,
// blocks and block index in one pass.
#include <omp.h>
#include <xxhash.h>

#include <algorithm>
#include <array>
#include <numeric>
#include <vector>

#include "block_codec.h"
#include "entry_order.h"
#include "file_io.h"
#include "index.h"
#include "read_entries.h"
#include "table_format.h"

namespace ewn {

namespace {

void put_u64(std::vector<uint8_t>& out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(uint8_t(v >> (8 * i)));
}

// OutputFile reports "<path>: <problem>"; TableError adds the path itself.
std::string without_path_prefix(const std::string& message, const std::filesystem::path& path) {
  std::string prefix = path.string() + ": ";
  return message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message;
}

// The values of one block in file order, unread entries replaced by filler.
std::vector<uint16_t> block_values(const EntryOrder& order, std::span<const uint16_t> values,
                                   std::span<const uint8_t> read, uint64_t begin, size_t count) {
  std::vector<uint16_t> block(count);
  std::vector<uint8_t> flags(count);
  for (size_t k = 0; k < count; ++k) {
    uint64_t i = order.index_at(begin + k);
    block[k] = values[i];
    flags[k] = read[i];
  }
  fill_unread(block, flags);
  return block;
}

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

// The candidate order whose blocks compress best, judged on up to kSample evenly spaced blocks
// at a fast zstd level (the ranking mostly carries over to the final level).
std::vector<uint8_t> choose_order(const PositionIndex& index, std::span<const uint16_t> values,
                                  std::span<const uint8_t> read, uint32_t block_entries,
                                  int threads) {
  constexpr uint64_t kSample = 64;
  constexpr int kTrialLevel = 1;
  auto candidates = candidate_orders(index.piece_count() - 1);
  if (candidates.size() == 1) return candidates[0];
  uint64_t blocks = (index.size() + block_entries - 1) / block_entries;
  uint64_t step = std::max<uint64_t>(1, blocks / kSample);
  std::vector<uint64_t> bytes(candidates.size(), 0);
#pragma omp parallel for schedule(dynamic) num_threads(threads)
  for (size_t c = 0; c < candidates.size(); ++c) {
    EntryOrder order(index, candidates[c]);
    try {
      for (uint64_t b = 0; b < blocks; b += step) {
        uint64_t begin = b * block_entries;
        size_t count = size_t(std::min<uint64_t>(block_entries, index.size() - begin));
        bytes[c] += compress_block(block_values(order, values, read, begin, count),
                                   BlockFilter::None, kTrialLevel)
                        .size();
      }
    } catch (const std::exception&) {
      bytes[c] = UINT64_MAX;  // not a candidate; the final compression reports real failures
    }
  }
  return candidates[size_t(std::min_element(bytes.begin(), bytes.end()) - bytes.begin())];
}

}  // namespace

void write_table(const std::filesystem::path& path, MaterialClass mc,
                 std::span<const uint16_t> values) {
  write_table(path, mc, values, WriteOptions{});
}

void write_table(const std::filesystem::path& path, MaterialClass mc,
                 std::span<const uint16_t> values, const WriteOptions& options) {
  PositionIndex index(mc);
  if (values.size() != index.size())
    throw TableError(path, "cannot write " + std::to_string(values.size()) + " values: class " +
                               mc.name() + " has " + std::to_string(index.size()) + " entries");
  if (options.block_entries == 0) throw TableError(path, "block size must be positive");
  int threads = options.threads > 0 ? options.threads : omp_get_max_threads();

  std::vector<uint8_t> read = read_entry_flags(index);
  std::vector<uint8_t> chosen = options.entry_order;
  if (chosen.empty()) chosen = choose_order(index, values, read, options.block_entries, threads);
  if (auto problem = EntryOrder::check(index, chosen)) throw TableError(path, *problem);
  EntryOrder order(index, chosen);

  TableHeader h;
  h.material = mc;
  h.block_entries = options.block_entries;
  h.entry_count = values.size();
  h.block_count = (h.entry_count + h.block_entries - 1) / h.block_entries;
  h.digit_count = uint8_t(order.digits());
  std::copy(chosen.begin(), chosen.end(), h.digit_order.begin());

  std::vector<std::vector<uint8_t>> blocks(h.block_count);
  std::string failure;
#pragma omp parallel for schedule(dynamic, 4) num_threads(threads)
  for (int64_t b = 0; b < int64_t(h.block_count); ++b) {
    uint64_t begin = uint64_t(b) * h.block_entries;
    size_t count = size_t(std::min<uint64_t>(h.block_entries, h.entry_count - begin));
    try {
      blocks[b] = compress_block(block_values(order, values, read, begin, count), h.filter,
                                 options.zstd_level);
    } catch (const std::exception& e) {
#pragma omp critical
      failure = e.what();
    }
  }
  if (!failure.empty()) throw TableError(path, failure);

  // Block index: offsets (block_count + 1) then checksums, directly after the data.
  std::vector<uint8_t> metadata;
  uint64_t at = kHeaderBytes;
  for (const auto& block : blocks) {
    put_u64(metadata, at);
    at += block.size();
  }
  put_u64(metadata, at);
  for (const auto& block : blocks) put_u64(metadata, XXH64(block.data(), block.size(), 0));
  h.offsets_offset = at;
  h.checksums_offset = at + 8 * (h.block_count + 1);
  h.file_bytes = at + metadata.size();
  h.metadata_checksum = XXH64(metadata.data(), metadata.size(), 0);

  XXH64_state_t* body = XXH64_createState();
  XXH64_reset(body, 0);
  for (const auto& block : blocks) XXH64_update(body, block.data(), block.size());
  XXH64_update(body, metadata.data(), metadata.size());
  h.body_checksum = XXH64_digest(body);
  XXH64_freeState(body);

  uint8_t header[kHeaderBytes];
  serialize_header(h, header);
  try {
    OutputFile out(path);
    out.write(header, sizeof header);
    for (const auto& block : blocks) out.write(block.data(), block.size());
    out.write(metadata.data(), metadata.size());
    out.close();
  } catch (const std::runtime_error& e) {
    throw TableError(path, without_path_prefix(e.what(), path));
  }
}

}  // namespace ewn
