// Probing a directory of table files: values of positions and of the moves from a position.
//
// Thread-safe: any number of threads may probe one Tablebase at once. Table files are opened
// (memory-mapped) on first use; decompressed blocks live in a bounded cache shared by all
// threads. Problems with files are reported as TableError, never by aborting.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "block_cache.h"
#include "index.h"
#include "material.h"
#include "position.h"
#include "table_file.h"
#include "table_format.h"
#include "table_inspection.h"

namespace ewn {

class Tablebase {
 public:
  explicit Tablebase(std::filesystem::path dir, size_t cache_bytes = 64u << 20);
  ~Tablebase();
  Tablebase(const Tablebase&) = delete;
  Tablebase& operator=(const Tablebase&) = delete;

  const std::filesystem::path& directory() const { return dir_; }
  // How far the tables reach (table_inspection.h: the one figure of every surface), decided
  // when the Tablebase is made. complete_up_to(): the largest n such that the table of every
  // class with <= n pieces is present and opens (0: none).
  const TableCoverage& coverage() const { return coverage_; }
  int complete_up_to() const { return coverage_.complete_up_to; }
  // Classes with complete_up_to() + 1 pieces whose tables open together with their
  // colour-flipped twin's (made by `ewn gen --class`): their positions have values too, since
  // every move from them stays in the pair or captures into the complete smaller set.
  const std::vector<MaterialClass>& partial_classes() const { return coverage_.partial_classes; }
  // Whether value() and best_moves() answer for this position.
  bool has_value_for(const Position& pos) const;

  // Pre-roll win probability of the side to move. Decided positions give 1.0 / 0.0 (the side to
  // move has won / lost). std::nullopt without has_value_for(pos).
  // Throws TableError when a needed table file is missing or corrupt: a block that fails its
  // checksum, or, for a position without has_value_for(pos) of at most coverage().largest
  // pieces, a table that does not open and stands in its way: its class's or its twin's, else
  // (both present) the smallest one with fewer pieces. The set would cover it but for that file.
  std::optional<double> value(const Position& pos) const;

  // Moves for a die (1..6) with the mover's win probability after each (1.0 for a winning
  // move), best first; empty for a decided position; std::nullopt without has_value_for(pos).
  struct MoveValue {
    Move move;
    double value;
    bool wins;
  };
  std::optional<std::vector<MoveValue>> best_moves(const Position& pos, int die) const;

  // The u16 of a table entry (throws TableError like value()): the stored one, or for a class
  // derived from its twin's file (format 3) the derived value rounded to the nearest step.
  uint16_t entry(const TableKey& key) const;
  // Whether the class has no file and is answered by its colour twin's (format 3).
  bool is_derived(MaterialClass mc) const { return is_derived_[class_slot(mc)]; }
  // The value of an entry of a derived class before it is rounded: one expectimax ply over its
  // children, the stored ones as stored and derived ones (captures) computed the same way,
  // never rounded on the way (docs/FORMAT.md, "Derived classes"); 0 for an entry that is no
  // position (waste, which no probe reads).
  double derived_value(const TableKey& key) const;
  // The open file of a class, opening it if needed (throws TableError). A derived class has
  // none: its twin's file is opened instead.
  const TableFile& file(MaterialClass mc) const;
  // Blocks decompressed so far (first touches, and blocks read again after the cache dropped
  // them), all threads: what a probe costs in blocks (bench_probe).
  uint64_t blocks_decoded() const { return blocks_decoded_.load(std::memory_order_relaxed); }
  std::filesystem::path path_of(MaterialClass mc) const { return dir_ / table_file_name(mc); }

  const BlockCache& cache() const { return cache_; }

 private:
  // The table entry of an undecided position when it has a value (one canonical_key for both
  // questions).
  std::optional<TableKey> covered_key(const Position& pos) const;
  // For a position without a value: throws the TableError of the damaged table that stands in
  // its way, if there is one (value()).
  void throw_if_damaged(const Position& pos) const;
  // The stored u16 of an entry of a class that has a file.
  uint16_t stored_entry(const TableKey& key) const;
  // The stored u16s at `offsets` of one block of a class that has a file, from the cache or
  // decoded into it.
  void block_entries(MaterialClass mc, uint64_t block, std::span<const uint32_t> offsets,
                     uint16_t* out) const;
  // The children of a derived ply, in the order recompute_value() visits them: every move of
  // every piece (at most 3 each).
  static constexpr size_t kMaxPlyChildren = 3 * kPiecesPerSide;
  struct PlyChildren {
    std::array<TableKey, kMaxPlyChildren> keys;
    size_t count = 0;
  };
  // Their values as the tables give them: stored, or derived (unrounded); each block looked up
  // once.
  void child_values(const PlyChildren& children, double* values) const;
  const PositionIndex& index_of(MaterialClass mc) const;
  std::filesystem::path dir_;
  TableCoverage coverage_;
  std::array<bool, kClassSlots> is_partial_{};
  std::array<bool, kClassSlots> is_derived_{};
  mutable std::atomic<uint64_t> blocks_decoded_ = 0;
  mutable std::array<std::atomic<const PositionIndex*>, kClassSlots> indexes_{};
  // The rounded values of derived entries already computed, so that a warm derived probe costs
  // one load instead of a ply: a direct-mapped table of words (valid bit, class slot, index,
  // value) written and read without a lock (a word is whole or absent). An eighth of
  // cache_bytes, allocated only when some class is derived.
  std::unique_ptr<std::atomic<uint64_t>[]> derived_cache_;
  uint64_t derived_cache_mask_ = 0;
  mutable BlockCache cache_;
  mutable std::mutex open_mutex_;
  mutable std::array<std::atomic<const TableFile*>, kClassSlots> files_{};
};

}  // namespace ewn
