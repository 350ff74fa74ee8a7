// Comparing two table sets of the same positions entry by entry: a set in format 3 (one class
// of each colour pair stored, the other derived) against the same build's set in format 2, as
// docs/FORMAT.md promises them: every stored entry identical, every derived entry within one
// step, and the best move the same wherever the reference's move values leave no doubt.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "material.h"

namespace ewn {

struct SetComparisonOptions {
  int max_pieces = 4;  // classes with 2..max_pieces pieces
  // The best moves of every die are compared at every moves_every-th entry of each class (1:
  // every entry; 0: none).
  uint64_t moves_every = 1;
  // 0: every entry of every class. Else about this many entries drawn at random (a fixed seed),
  // uniformly over the classes' entries, each read through both sets' probes: for sets too
  // large to compare whole (10^7 entries of <= 6 pieces). moves_every then counts drawn entries.
  uint64_t sample = 0;
  int threads = 0;  // 0: OpenMP's default
  size_t cache_bytes = size_t(1) << 30;
  int list_limit = 10;  // differences listed (all are counted)
  // Called after each class from the calling thread.
  std::function<void(MaterialClass, uint64_t entries_done)> on_class;
};

struct SetComparison {
  uint64_t stored_entries = 0;    // read entries of classes the candidate stores
  uint64_t derived_entries = 0;   // read entries of classes the candidate derives
  uint64_t stored_differing = 0;  // stored entries not identical (must be 0)
  uint64_t derived_one_step = 0;  // derived entries one step away (allowed)
  uint64_t derived_beyond = 0;    // derived entries more than one step away (must be 0)
  // Dice compared at the sampled positions, those where the reference's best move is more
  // than two steps ahead of the next, and of these the ones where the candidate's best differs.
  uint64_t dice_compared = 0, dice_clear = 0, best_move_differing = 0;
  std::vector<std::string> listed;  // the first differences, in words
  // Adds another part's counts (and its listed differences, up to `list_limit` in all).
  void add(SetComparison&& part, int list_limit);
  bool ok() const {
    return stored_differing == 0 && derived_beyond == 0 && best_move_differing == 0;
  }
};

// Compares `candidate` against `reference` (both complete up to options.max_pieces; any format
// the reader reads). Throws TableError when a table needed does not open or is damaged.
SetComparison compare_table_sets(const std::filesystem::path& reference,
                                 const std::filesystem::path& candidate,
                                 const SetComparisonOptions& options = {});

}  // namespace ewn
