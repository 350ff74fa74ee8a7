// write_table: picks the entry order and whether the standard dictionary pays, compresses the
// blocks (in parallel), then writes header, dictionary, blocks and block index in one pass.
#include "table_writer.h"

#include <omp.h>
#include <xxhash.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "block_codec.h"
#include "entry_order.h"
#include "file_io.h"
#include "index.h"
#include "order_choice.h"
#include "read_entries.h"
#include "standard_dictionary.h"
#include "table_format.h"

namespace ewn {

namespace {

void put_u64(std::vector<uint8_t>& out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(uint8_t(v >> (8 * i)));
}
void put_u32(std::vector<uint8_t>& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(uint8_t(v >> (8 * i)));
}

// What every block is encoded from: the values, the read flags and the entry order.
struct TableSource {
  std::span<const uint16_t> values;
  std::span<const uint8_t> read;
  const EntryOrder& order;
  const TableHeader& header;
  int threads;

  std::vector<uint16_t> block(uint64_t b) const {
    return block_in_file_order(order, values, read, b * header.block_entries,
                               entries_in_block(header.entry_count, header.block_entries, b));
  }
};

// The read flags given, or else computed into `computed`.
std::span<const uint8_t> read_flags(const std::filesystem::path& path, const PositionIndex& index,
                                    const WriteOptions& options, std::vector<uint8_t>& computed) {
  if (options.read_entries.empty()) {
    computed = read_entry_flags(index);
    return computed;
  }
  if (options.read_entries.size() != index.size())
    throw TableError(path, "read flags for " + std::to_string(options.read_entries.size()) +
                               " entries, class " + index.material().name() + " has " +
                               std::to_string(index.size()));
  return options.read_entries;
}

// Compressed bytes of up to 64 evenly spaced blocks (the same whatever the thread count): the
// sample the dictionary is judged on and the file's size estimated from.
struct BlockSample {
  uint64_t judged = 0;  // blocks in the sample (all of them when there are at most 64)
  uint64_t bytes = 0;   // their compressed bytes
};
BlockSample sample_blocks(const TableSource& source, const BlockEncoder& encoder) {
  const uint64_t block_count = source.header.block_count;
  const uint64_t judged = std::min<uint64_t>(block_count, 64);
  std::vector<uint64_t> sizes(judged);
  std::string failure;
#pragma omp parallel for schedule(dynamic, 1) num_threads(source.threads)
  for (int64_t k = 0; k < int64_t(judged); ++k) {
    try {
      sizes[k] = encoder.encode(source.block(uint64_t(k) * block_count / judged)).size();
    } catch (const std::exception& e) {  // no exception may leave an OpenMP loop
#pragma omp critical
      failure = e.what();
    }
  }
  if (!failure.empty()) throw std::runtime_error(failure);
  BlockSample out{judged, 0};
  for (uint64_t size : sizes) out.bytes += size;
  return out;
}

// Bytes a sample of `judged` blocks scales to over the whole table.
uint64_t scaled_to_table(uint64_t bytes, uint64_t judged, uint64_t block_count) {
  return judged == 0 ? 0 : bytes * block_count / judged;
}

// How a table is to be encoded, decided before its blocks are compressed: the entry order, the
// dictionary and its encoder, and the compressed bytes of the sample of blocks.
struct TablePlan {
  TableHeader header;  // but for the dictionary's bytes and the block index
  std::vector<uint8_t> read_computed;
  std::span<const uint8_t> read;
  std::vector<uint8_t> entry_order;
  std::optional<EntryOrder> order;
  std::span<const uint8_t> dictionary;
  std::unique_ptr<BlockEncoder> encoder;
  BlockSample sample;
  int threads = 0;

  TableSource source(std::span<const uint16_t> values) const {
    return {values, read, *order, header, threads};
  }
};

// The dictionary the blocks are encoded with, its encoder and the sample's bytes with it. The
// standard dictionary is kept only when the bytes it saves, judged on the sample and scaled to the
// whole table, pay for its copy in the file.
void choose_dictionary(const std::filesystem::path& path, MaterialClass mc,
                       const TableSource& source, const WriteOptions& options, bool estimate,
                       TablePlan& plan) {
  plan.dictionary =
      options.dictionary ? *options.dictionary : standard_dictionary(mc.piece_count());
  try {
    plan.encoder = std::make_unique<BlockEncoder>(plan.dictionary, options.zstd_level);
    if (options.dictionary && !estimate) return;  // nothing to judge, no size to estimate
    plan.sample = sample_blocks(source, *plan.encoder);
    if (options.dictionary || plan.dictionary.empty()) return;
    auto plain = std::make_unique<BlockEncoder>(std::span<const uint8_t>{}, options.zstd_level);
    const BlockSample without = sample_blocks(source, *plain);
    const int64_t saved = int64_t(without.bytes) - int64_t(plan.sample.bytes);
    if (saved <= 0 || scaled_to_table(uint64_t(saved), plan.sample.judged,
                                      source.header.block_count) <= plan.dictionary.size()) {
      plan.dictionary = {};
      plan.encoder = std::move(plain);
      plan.sample = without;
    }
  } catch (const std::exception& e) {
    throw TableError(path, e.what());
  }
}

// Every block compressed, in parallel.
std::vector<std::vector<uint8_t>> encode_blocks(const std::filesystem::path& path,
                                                const TableSource& source,
                                                const BlockEncoder& encoder) {
  std::vector<std::vector<uint8_t>> blocks(source.header.block_count);
  std::string failure;
#pragma omp parallel for schedule(dynamic, 4) num_threads(source.threads)
  for (int64_t b = 0; b < int64_t(blocks.size()); ++b) {
    try {
      blocks[b] = encoder.encode(source.block(uint64_t(b)));
    } catch (const std::exception& e) {
#pragma omp critical
      failure = e.what();
    }
  }
  if (!failure.empty()) throw TableError(path, failure);
  return blocks;
}

// The block index, directly after the data: offsets (block_count + 1), then checksums. Sets the
// header's offsets, file size and metadata checksum.
std::vector<uint8_t> block_index(const std::vector<std::vector<uint8_t>>& blocks,
                                 uint64_t first_offset, TableHeader& h) {
  std::vector<uint8_t> metadata;
  uint64_t at = first_offset;
  for (const auto& block : blocks) {
    put_u64(metadata, at);
    at += block.size();
  }
  put_u64(metadata, at);
  // Versions 2 and 3 (the ones written) have the same 4-byte block checksums.
  static_assert(block_checksum_bytes(kTableFormatVersion) == 4 && block_checksum_bytes(2) == 4);
  for (const auto& block : blocks)
    put_u32(metadata, uint32_t(block_checksum_of(h.format_version, block.data(), block.size())));
  h.offsets_offset = at;
  h.checksums_offset = at + 8 * (h.block_count + 1);
  h.file_bytes = at + metadata.size();
  h.metadata_checksum = XXH64(metadata.data(), metadata.size(), 0);
  return metadata;
}

uint64_t body_checksum(std::span<const uint8_t> dictionary,
                       const std::vector<std::vector<uint8_t>>& blocks,
                       const std::vector<uint8_t>& metadata) {
  XXH64_state_t* body = XXH64_createState();
  XXH64_reset(body, 0);
  XXH64_update(body, dictionary.data(), dictionary.size());
  for (const auto& block : blocks) XXH64_update(body, block.data(), block.size());
  XXH64_update(body, metadata.data(), metadata.size());
  uint64_t sum = XXH64_digest(body);
  XXH64_freeState(body);
  return sum;
}

// The plan of `mc`'s table: its header, read flags, entry order (chosen unless given) and
// dictionary (judged on a sample of its blocks unless given). With `estimate`, the sample is
// compressed even when the dictionary is given, for the size of the file.
TablePlan plan_table(const std::filesystem::path& path, MaterialClass mc,
                     std::span<const uint16_t> values, const WriteOptions& options, bool estimate) {
  PositionIndex index(mc);
  if (values.size() != index.size())
    throw TableError(path, "cannot write " + std::to_string(values.size()) + " values: class " +
                               mc.name() + " has " + std::to_string(index.size()) + " entries");
  if (options.format_version != 2 && options.format_version != kTableFormatVersion)
    throw TableError(path, "cannot write table format version " +
                               std::to_string(options.format_version) + " (2 or " +
                               std::to_string(kTableFormatVersion) + ")");
  TablePlan plan;
  const uint32_t block_entries =
      options.block_entries ? options.block_entries : default_block_entries(mc.piece_count());
  plan.threads = options.threads > 0 ? options.threads : omp_get_max_threads();
  plan.read = read_flags(path, index, options, plan.read_computed);
  plan.entry_order = options.entry_order;
  if (plan.entry_order.empty())
    plan.entry_order = choose_entry_order(index, values, plan.read, block_entries, plan.threads);
  if (auto problem = EntryOrder::check(index, plan.entry_order)) throw TableError(path, *problem);
  plan.order.emplace(index, plan.entry_order);

  TableHeader& h = plan.header;
  h.format_version = options.format_version;
  h.material = mc;
  h.block_entries = block_entries;
  h.entry_count = values.size();
  h.block_count = block_count_for(h.entry_count, h.block_entries);
  h.digit_count = uint8_t(plan.order->digits());
  std::copy(plan.entry_order.begin(), plan.entry_order.end(), h.digit_order.begin());
  choose_dictionary(path, mc, plan.source(values), options, estimate, plan);
  return plan;
}

}  // namespace

EncodedTable encode_table(const std::filesystem::path& path, MaterialClass mc,
                          std::span<const uint16_t> values, const WriteOptions& options) {
  TablePlan plan = plan_table(path, mc, values, options, false);
  EncodedTable out;
  out.header = plan.header;
  TableHeader& h = out.header;
  out.dictionary.assign(plan.dictionary.begin(), plan.dictionary.end());
  h.dictionary_bytes = uint32_t(plan.dictionary.size());
  h.dictionary_checksum = XXH64(plan.dictionary.data(), plan.dictionary.size(), 0);
  out.blocks = encode_blocks(path, plan.source(values), *plan.encoder);
  out.metadata = block_index(out.blocks, kHeaderBytes + plan.dictionary.size(), h);
  h.body_checksum = body_checksum(plan.dictionary, out.blocks, out.metadata);
  return out;
}

TableEstimate estimate_table(const std::filesystem::path& path, MaterialClass mc,
                             std::span<const uint16_t> values, const WriteOptions& options) {
  const TablePlan plan = plan_table(path, mc, values, options, true);
  const uint64_t blocks = plan.header.block_count;
  const uint64_t index_bytes = 8 * (blocks + 1) + 4 * blocks;  // offsets, then checksums
  return {mc,
          kHeaderBytes + plan.dictionary.size() + index_bytes +
              scaled_to_table(plan.sample.bytes, plan.sample.judged, blocks),
          plan.entry_order, plan.dictionary};
}

void write_as_estimated(const TableEstimate& estimate, WriteOptions& options) {
  options.entry_order = estimate.entry_order;
  options.dictionary = estimate.dictionary;
}

void write_encoded_table(const std::filesystem::path& path, const EncodedTable& table,
                         bool derives_twin) {
  TableHeader h = table.header;
  if (derives_twin && (!has_twin_field(h.format_version) || h.material.flipped() == h.material))
    throw TableError(path, "class " + h.material.name() + " cannot derive its twin in format " +
                               std::to_string(h.format_version));
  h.derives_twin = derives_twin;
  uint8_t header[kHeaderBytes];
  serialize_header(h, header);
  // A failed write is a FileError (with its errno: a full disk is not cured by trying again).
  OutputFile out(path);
  out.write(header, sizeof header);
  out.write(table.dictionary.data(), table.dictionary.size());
  for (const auto& block : table.blocks) out.write(block.data(), block.size());
  out.write(table.metadata.data(), table.metadata.size());
  out.close();
}

void write_table(const std::filesystem::path& path, MaterialClass mc,
                 std::span<const uint16_t> values, const WriteOptions& options) {
  write_encoded_table(path, encode_table(path, mc, values, options), options.derives_twin);
}

MaterialClass class_to_store(const TableEstimate& a, const TableEstimate& b) {
  const int a_movers = a.material.mover_count(), b_movers = b.material.mover_count();
  if (a_movers != b_movers) return a_movers > b_movers ? a.material : b.material;
  if (a.file_bytes != b.file_bytes) return a.file_bytes < b.file_bytes ? a.material : b.material;
  return class_slot(a.material) < class_slot(b.material) ? a.material : b.material;
}

}  // namespace ewn
