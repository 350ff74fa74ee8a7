// Transposition table of chance nodes (a position before its roll), keyed by Zobrist hash.
//
// An entry keeps bounds [lower, upper] on the position's value found by a search of some depth,
// and the best move found for each die group (dice_groups.h) as a move-ordering hint.
// Buckets of two: one slot kept for the deepest search, one always replaced.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "types.h"

namespace ewn {

// A move in one byte: from-square * 4 + direction (0: one file, 1: one rank, 2: diagonal).
using PackedMove = uint8_t;
constexpr PackedMove kNoPackedMove = 0xFF;
PackedMove pack_move(Move m);
Move unpack_move(PackedMove p, Side side);

struct TTEntry {
  uint64_t key = 0;
  double lower = 0;
  double upper = 1;
  int8_t depth = -1;   // plies searched below this node; -1: empty
  bool exact = false;  // no evaluation was used below: the bounds hold at any depth
  std::array<PackedMove, 6> best{kNoPackedMove, kNoPackedMove, kNoPackedMove,
                                 kNoPackedMove, kNoPackedMove, kNoPackedMove};
};

class TranspositionTable {
 public:
  explicit TranspositionTable(size_t bytes = 16u << 20);
  void clear();
  // The entry for `key`, or nullptr.
  const TTEntry* probe(uint64_t key) const;
  void store(const TTEntry& entry);

 private:
  std::vector<TTEntry> slots_;  // bucket b holds slots 2b (deepest) and 2b + 1 (latest)
  uint64_t bucket_mask_ = 0;
};

}  // namespace ewn
