#include "tablebase.h"

#include <algorithm>

#include "expectimax_step.h"
#include "movegen.h"
#include "table_directory.h"
#include "tables_hint.h"

namespace ewn {

Tablebase::Tablebase(std::filesystem::path dir, size_t cache_bytes)
    : dir_(std::move(dir)), coverage_(table_coverage(dir_)), cache_(cache_bytes) {
  for (MaterialClass mc : coverage_.partial_classes) is_partial_[class_slot(mc)] = true;
  for (MaterialClass mc : coverage_.derived) is_derived_[class_slot(mc)] = true;
  if (coverage_.derived.empty()) return;
  uint64_t words = 1024;
  while (words * 2 * sizeof(uint64_t) <= cache_bytes / 8) words *= 2;
  derived_cache_ = std::make_unique<std::atomic<uint64_t>[]>(words);
  for (uint64_t w = 0; w < words; ++w) derived_cache_[w].store(0, std::memory_order_relaxed);
  derived_cache_mask_ = words - 1;
}

namespace {

// A derived cache word: bit 63 valid, bits 51..62 the class slot, 16..50 the index, 0..15
// the value.
constexpr uint64_t kDerivedValid = uint64_t(1) << 63;
constexpr uint64_t kDerivedIndexLimit = uint64_t(1) << 35;
// A block's key in the cache: the class slot above bit 40, the block below.
BlockCache::Key block_key(MaterialClass mc, uint64_t block) {
  return (uint64_t(class_slot(mc)) << 40) | block;
}
uint64_t derived_tag(const TableKey& key) {
  return kDerivedValid | (uint64_t(class_slot(key.material)) << 51) | (key.index << 16);
}
// splitmix64's finalizer: every bit of the tag moves the slot.
uint64_t mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace

std::optional<TableKey> Tablebase::covered_key(const Position& pos) const {
  int n = pos.piece_count(), complete = complete_up_to();
  if (n > complete + 1 || (n == complete + 1 && partial_classes().empty())) return std::nullopt;
  TableKey key = canonical_key(pos);
  if (n <= complete || is_partial_[class_slot(key.material)]) return key;
  return std::nullopt;
}

bool Tablebase::has_value_for(const Position& pos) const {
  return pos.piece_count() <= complete_up_to() || pos.winner() || covered_key(pos);
}

void Tablebase::throw_if_damaged(const Position& pos) const {
  const std::vector<MaterialClass>& damaged = coverage_.damaged;
  int n = pos.piece_count();
  if (damaged.empty() || n > coverage_.largest) return;
  auto is_damaged = [&](MaterialClass mc) {
    return std::find(damaged.begin(), damaged.end(), mc) != damaged.end();
  };
  // The position's own table and its twin's first (a move that is no capture leads there); one
  // of them missing makes it not covered. Else what stops the smaller set from being complete.
  MaterialClass own = canonical_key(pos).material;
  for (MaterialClass mc : {own, own.flipped()})
    if (is_damaged(mc)) file(mc);  // throws the file's own TableError (unless mended since)
  // A class without a file may be answered by its twin's (format 3).
  auto answered = [&](MaterialClass mc) { return table_present(dir_, mc) || is_derived(mc); };
  if (!answered(own) || !answered(own.flipped())) return;
  if (damaged.front().piece_count() < n) file(damaged.front());
}

Tablebase::~Tablebase() {
  for (auto& f : files_) delete f.load();
  for (auto& i : indexes_) delete i.load();
}

const TableFile& Tablebase::file(MaterialClass mc) const {
  if (is_derived(mc)) mc = mc.flipped();
  std::atomic<const TableFile*>& slot = files_[class_slot(mc)];
  if (const TableFile* f = slot.load(std::memory_order_acquire)) return *f;
  std::lock_guard lock(open_mutex_);
  if (const TableFile* f = slot.load(std::memory_order_acquire)) return *f;
  std::filesystem::path path = path_of(mc);
  try {
    auto opened = std::make_unique<TableFile>(path, mc);
    slot.store(opened.get(), std::memory_order_release);
    return *opened.release();
  } catch (const TableError& e) {
    if (e.kind() != ErrorKind::Missing) throw;
    throw TableError(path, e.problem() + " (" + make_tables_hint(mc.piece_count(), dir_) + ")",
                     e.kind());
  }
}

const PositionIndex& Tablebase::index_of(MaterialClass mc) const {
  std::atomic<const PositionIndex*>& slot = indexes_[class_slot(mc)];
  if (const PositionIndex* i = slot.load(std::memory_order_acquire)) return *i;
  std::lock_guard lock(open_mutex_);
  if (const PositionIndex* i = slot.load(std::memory_order_acquire)) return *i;
  auto made = std::make_unique<PositionIndex>(mc);
  slot.store(made.get(), std::memory_order_release);
  return *made.release();
}

double Tablebase::derived_value(const TableKey& key) const {
  SquareList sq{};
  // An entry that is no position (waste) is never read: it gives 0, as filler would.
  if (key.index >= index_of(key.material).size() || !index_of(key.material).unrank(key.index, sq))
    return 0;
  Position pos = position_from_squares(key.material, sq);
  // Quiet children are in the stored twin; captures in smaller classes, stored or derived. The
  // children's keys are gathered first and their values read block by block (the quiet children
  // of one piece mostly share a block): one cache lookup or decode a block, not one a child.
  PlyChildren children;
  recompute_value(pos, [&](const Position& child) {
    children.keys[children.count++] = canonical_key(child);
    return 0.0;
  });
  std::array<double, kMaxPlyChildren> values;
  child_values(children, values.data());
  size_t next = 0;
  return recompute_value(pos, [&](const Position&) { return values[next++]; });
}

void Tablebase::child_values(const PlyChildren& children, double* values) const {
  struct Lookup {
    BlockCache::Key cached_as;  // orders and groups the lookups by block
    uint64_t block;
    uint32_t offset;
    uint32_t child;
  };
  std::array<Lookup, kMaxPlyChildren> lookups;
  size_t n = 0;
  for (size_t i = 0; i < children.count; ++i) {
    const TableKey& key = children.keys[i];
    if (is_derived(key.material)) {
      values[i] = derived_value(key);
      continue;
    }
    const TableFile& f = file(key.material);
    uint64_t at = f.order().file_position(key.index);
    uint64_t block = at / f.block_entries();
    lookups[n++] = {block_key(key.material, block), block, uint32_t(at % f.block_entries()),
                    uint32_t(i)};
  }
  std::sort(lookups.begin(), lookups.begin() + n,
            [](const Lookup& a, const Lookup& b) { return a.cached_as < b.cached_as; });
  for (size_t first = 0, last; first < n; first = last) {
    std::array<uint32_t, kMaxPlyChildren> offsets;
    for (last = first; last < n && lookups[last].cached_as == lookups[first].cached_as; ++last)
      offsets[last - first] = lookups[last].offset;
    std::array<uint16_t, kMaxPlyChildren> stored;
    const TableKey& key = children.keys[lookups[first].child];
    block_entries(key.material, lookups[first].block, {offsets.data(), last - first},
                  stored.data());
    for (size_t j = first; j < last; ++j)
      values[lookups[j].child] = decode_value(stored[j - first]);
  }
}

uint16_t Tablebase::entry(const TableKey& key) const {
  if (!is_derived(key.material)) return stored_entry(key);
  if (key.index >= kDerivedIndexLimit) return encode_value(derived_value(key));
  const uint64_t tag = derived_tag(key);
  std::atomic<uint64_t>& word = derived_cache_[mix(tag) & derived_cache_mask_];
  const uint64_t seen = word.load(std::memory_order_relaxed);
  if ((seen & ~uint64_t(0xffff)) == tag) return uint16_t(seen);
  const uint16_t v = encode_value(derived_value(key));
  word.store(tag | v, std::memory_order_relaxed);
  return v;
}

uint16_t Tablebase::stored_entry(const TableKey& key) const {
  const TableFile& f = file(key.material);
  uint64_t at = f.order().file_position(key.index);
  uint32_t offset = uint32_t(at % f.block_entries());
  uint16_t v;
  block_entries(key.material, at / f.block_entries(), {&offset, 1}, &v);
  return v;
}

void Tablebase::block_entries(MaterialClass mc, uint64_t block, std::span<const uint32_t> offsets,
                              uint16_t* out) const {
  const BlockCache::Key cached_as = block_key(mc, block);
  if (cache_.find(cached_as, offsets, out)) return;
  const TableFile& f = file(mc);
  size_t count = f.block_size(block);
  auto values = std::make_unique_for_overwrite<uint16_t[]>(count);
  f.read_block(block, values.get());
  blocks_decoded_.fetch_add(1, std::memory_order_relaxed);
  for (size_t i = 0; i < offsets.size(); ++i) out[i] = values[offsets[i]];
  cache_.insert(cached_as, std::move(values), count);
}

std::optional<double> Tablebase::value(const Position& pos) const {
  if (auto winner = pos.winner()) return *winner == pos.to_move ? 1.0 : 0.0;
  auto key = covered_key(pos);
  if (!key) {
    throw_if_damaged(pos);
    return std::nullopt;
  }
  return decode_value(entry(*key));
}

std::optional<std::vector<Tablebase::MoveValue>> Tablebase::best_moves(const Position& pos,
                                                                       int die) const {
  if (pos.winner()) return std::vector<MoveValue>{};
  if (!has_value_for(pos)) {
    throw_if_damaged(pos);
    return std::nullopt;
  }
  std::vector<MoveValue> out;
  for (Move m : legal_moves(pos, die)) {
    Position next = pos;
    next.play(m);
    if (auto winner = next.winner()) {
      bool wins = *winner == pos.to_move;
      out.push_back(MoveValue{m, wins ? 1.0 : 0.0, wins});
      continue;
    }
    // Captures lead to the complete smaller set; other moves to the flipped twin's table, which
    // is complete or a partial class's twin: all have values.
    out.push_back(MoveValue{m, 1.0 - decode_value(entry(canonical_key(next))), false});
  }
  std::stable_sort(out.begin(), out.end(), [](const MoveValue& a, const MoveValue& b) {
    if (a.value != b.value) return a.value > b.value;
    return a.wins && !b.wins;
  });
  return out;
}

}  // namespace ewn
