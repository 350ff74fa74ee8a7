// The value of one position from its children's values: the rule of SPEC section 4, shared by
// the two ways a group is solved (solve_class.h: whole in memory; part_solver.h: a few levels
// at a time). Both call solve_position() on the same positions with the same children's
// values, so their results are bit-identical.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <map>

#include "index.h"
#include "material.h"
#include "movegen.h"

namespace ewn {

// Exact values of already-solved classes, by class (entries in PositionIndex order).
using SolvedValues = std::map<MaterialClass, const double*>;

// Where a move's child is looked up, for one kind of move of one class: a non-capture, a
// capture of opponent piece j, or of own piece k. The child's mover is our opponent.
struct ChildTable {
  PositionIndex index{MaterialClass{1, 1}};
  const double* values = nullptr;  // capture children (and quiet ones when solved whole)
  bool reverse_mover = false;      // child's mover side was renumbered: reverse its order
  bool reverse_opponent = false;   // child's opponent side was renumbered
};

// One class being solved, with everything its positions' moves need.
struct ClassContext {
  MaterialClass material;
  PositionIndex index;
  int a = 0, b = 0;  // mover's and opponent's piece counts
  // Sides whose pieces can be renumbered x -> 7-x (index.h): a position of such a class has two
  // or four entries, renumbering twins with equal values, of which only the smallest is solved.
  bool renumber_mover = false, renumber_opponent = false;
  std::array<uint8_t, 6> mover_numbers{};
  ChildTable quiet;                         // non-capture: the twin class
  std::array<ChildTable, 6> take_opponent;  // capture of opponent piece j
  std::array<ChildTable, 6> take_own;       // capture of own piece k
  // Die groups: dice with the same movable pieces, searched once and weighted by their count.
  int groups = 0;
  std::array<uint8_t, 6> group_weight{};
  std::array<std::array<int8_t, 2>, 6> group_slots{};  // mover slots (class order), -1 unused

  // `children` holds every class one capture reaches; `twin_values` the twin's values when the
  // group is solved whole (nullptr when quiet children are looked up level by level).
  ClassContext(MaterialClass mc, const SolvedValues& children, const double* twin_values);
};

// The mask with the `slot`-th set bit (counting from the lowest number) cleared.
unsigned without_piece(unsigned mask, int slot);

// The classes a capture from a position of `mc` can lead to (the mover's and the opponent's
// losses, seen from the new side to move). Excludes the end of the game (no opponent pieces).
std::vector<MaterialClass> capture_children(MaterialClass mc);

// Renumbering a side x -> 7-x reverses its pieces' class order.
inline void reverse_range(SquareList& sq, int first, int end) {
  for (int i = first, j = end - 1; i < j; ++i, --j) std::swap(sq[i], sq[j]);
}

// The quiet children's index in the twin class, as a sum. That index leads with our opponent's
// pieces (rank_prefix(), once a position) and goes on with ours, flipped: a quiet move of one of
// them changes its own digit and, for each of our later pieces, whether the moved piece stands
// below it (one occupied square fewer or more beneath). So a child's index is that of our
// unmoved pieces plus a difference (a popcount, and a comparison per later piece) instead of a
// rank of every piece after the prefix.
struct QuietRank {
  uint64_t index = 0;                                 // the rank of our unmoved pieces
  const std::array<Square, kSquares>* map = nullptr;  // the prefix's mirror
  std::array<Square, kPiecesPerSide> mapped{};        // ours as the twin's index sees them
  std::array<uint32_t, kPiecesPerSide> below{};       // squares of the pieces before each
  std::array<uint32_t, kPiecesPerSide> digit{};       // each one's digit in the index
  std::array<uint64_t, kPiecesPerSide> weight{};      // the place value of that digit
  int count = 0;

  QuietRank() = default;
  // `ours`: our squares flipped, in class order; `twin`: the twin class's mover count.
  QuietRank(const PositionIndex::RankPrefix& prefix, const Square* ours, int a, int twin_a)
      : map(&kSquareMaps[prefix.mirrored]), count(a) {
    uint32_t occupied = prefix.occupied;
    uint64_t idx = prefix.index, place = 1;
    for (int x = a - 1; x >= 0; --x) {  // place values from the last piece up
      weight[x] = place;
      const int i = prefix.pieces + x;
      place *= uint64_t(i < twin_a ? 24 - i : 25 - i);
    }
    for (int x = 0; x < a; ++x) {
      const int i = prefix.pieces + x;
      const Square s = (*map)[ours[x]];
      mapped[x] = s;
      below[x] = occupied;
      digit[x] = s - unsigned(std::popcount(occupied & ((1u << s) - 1)));
      idx = idx * uint64_t(i < twin_a ? 24 - i : 25 - i) + digit[x];
      occupied |= 1u << s;
    }
    index = idx;
  }
  // The index with our piece `x` on `to` (flipped, unmapped; an empty square) instead.
  uint64_t moved(int x, Square to) const {
    const Square t = (*map)[to], f = mapped[x];
    const uint32_t d = t - unsigned(std::popcount(below[x] & ((1u << t) - 1)));
    uint64_t idx = index + (uint64_t(d) - digit[x]) * weight[x];
    for (int y = x + 1; y < count; ++y)
      idx += uint64_t(int64_t(f < mapped[y]) - int64_t(t < mapped[y])) * weight[y];
    return idx;
  }
};

// Where V(child) is read after the mover's piece in `slot` moved to `to`, given the parent's
// squares in class order; nullptr when the move wins (it took the last enemy piece).
// `quiet(index, rise)` is where V of the twin's entry `index` is, a non-capture child whose total
// progress is `rise` (1 or 2) above the parent's.
// `ranked` is the QuietRank of the position, whose quiet children's index it gives by a sum
// (nullptr when it cannot: fewer than two opponent pieces, or both on the diagonal).
template <class QuietPlace>
inline const double* child_place(const ClassContext& c, const SquareList& sq, int slot, Square to,
                                 const QuietRank* ranked, const QuietPlace& quiet) {
  const int a = c.a, b = c.b;
  int victim = -1;
  for (int x = 0; x < a + b; ++x)
    if (sq[x] == to) victim = x;
  if (victim < 0 && ranked)
    return quiet(ranked->moved(slot, flip_square(to)), progress(Red, to) - progress(Red, sq[slot]));
  const ChildTable* t = &c.quiet;
  if (victim >= a) {
    if (b == 1) return nullptr;  // took the last enemy piece
    t = &c.take_opponent[victim - a];
  } else if (victim >= 0) {
    t = &c.take_own[victim];
  }
  // Child in class order: our opponent's pieces (now to move), then ours; squares flipped.
  SquareList child{};
  int n = 0;
  int first = n;
  for (int x = a; x < a + b; ++x)
    if (x != victim) child[n++] = flip_square(sq[x]);
  if (t->reverse_mover) reverse_range(child, first, n);
  first = n;
  for (int x = 0; x < a; ++x)
    if (x != victim) child[n++] = flip_square(x == slot ? to : sq[x]);
  if (t->reverse_opponent) reverse_range(child, first, n);
  uint64_t index = t->index.rank(child);
  if (victim < 0) return quiet(index, progress(Red, to) - progress(Red, sq[slot]));
  return t->values + index;
}

// The moves of one position, each with where its child's value is. They are collected (and
// the values' cache lines requested) before any value is read, so that a loop collecting a
// batch of positions first has the reads of many of them in flight at once: the children's
// values are mostly out of cache, and waiting for them one by one is most of the solve's time.
struct PositionMoves {
  std::array<uint8_t, kPiecesPerSide> moves_of_slot{};
  std::array<const double*, 3 * kPiecesPerSide> child{};  // in slot order; nullptr: a win
};

template <class QuietPlace>
inline void collect_moves(const ClassContext& c, const SquareList& sq, const QuietPlace& quiet,
                          PositionMoves& m) {
  // The quiet children share our opponent's pieces, which their index starts with: that part
  // of their rank is worked out once.
  QuietRank ranked;
  const QuietRank* usable = nullptr;
  if (c.b >= 2) {
    SquareList leading{};
    for (int x = 0; x < c.b; ++x) leading[x] = flip_square(sq[c.a + x]);
    const PositionIndex::RankPrefix opponent = c.quiet.index.rank_prefix(leading, c.b);
    if (opponent.usable) {
      std::array<Square, kPiecesPerSide> ours;
      for (int x = 0; x < c.a; ++x) ours[x] = flip_square(sq[x]);
      ranked = QuietRank(opponent, ours.data(), c.a, c.b);
      usable = &ranked;
    }
  }
  int n = 0;
  for (int s = 0; s < c.a; ++s) {
    const auto& targets = piece_targets(Red, sq[s]);
    m.moves_of_slot[s] = uint8_t(targets.count);
    for (int k = 0; k < targets.count; ++k) {
      Square to = targets.to[k];
      const double* place = to == kRedGoal ? nullptr : child_place(c, sq, s, to, usable, quiet);
      if (place) __builtin_prefetch(place);
      m.child[n++] = place;
    }
  }
}

// V of the position whose moves are `m` (SPEC section 4).
inline double position_value(const ClassContext& c, const PositionMoves& m) {
  std::array<double, 6> best_of_slot;
  int n = 0;
  for (int s = 0; s < c.a; ++s) {
    double best = 0.0;
    for (int k = 0; k < m.moves_of_slot[s]; ++k, ++n) {
      double w = m.child[n] ? 1.0 - *m.child[n] : 1.0;
      best = std::max(best, w);
    }
    best_of_slot[s] = best;
  }
  if (c.groups == 1) return best_of_slot[c.group_slots[0][0]];
  // Sum the weighted terms in sorted order: twins under renumbering then get bit-identical
  // values, since their terms are the same multiset.
  // A sorting network rather than an insertion sort: the order of the terms is random, and the
  // sort's branches were mispredicted often enough to be a sixth of the solve's time. Unused
  // terms are +infinity, sorted last and not summed.
  std::array<double, 6> terms;
  terms.fill(std::numeric_limits<double>::infinity());
  for (int g = 0; g < c.groups; ++g) {
    auto slots = c.group_slots[g];
    double best = best_of_slot[slots[0]];
    if (slots[1] >= 0) best = std::max(best, best_of_slot[slots[1]]);
    terms[g] = best * c.group_weight[g];
  }
  auto order = [&terms](int i, int j) {
    double low = std::min(terms[i], terms[j]), high = std::max(terms[i], terms[j]);
    terms[i] = low;
    terms[j] = high;
  };
  order(0, 5), order(1, 3), order(2, 4);
  order(1, 2), order(3, 4);
  order(0, 3), order(2, 5);
  order(0, 1), order(2, 3), order(4, 5);
  order(1, 2), order(3, 4);
  double sum = 0.0;
  for (int g = 0; g < c.groups; ++g) sum += terms[g];
  return sum / 6.0;
}

// Positions solved together: their children's reads overlap (PositionMoves).
inline constexpr int kSolveBatch = 16;

// The smallest index among the renumbering twins of the position `sq` (its own index `own`
// included): the entry canonical_key() gives, the one a probe reads and the solver solves.
inline uint64_t smallest_renumbering_twin(const ClassContext& c, const SquareList& sq,
                                          uint64_t own) {
  uint64_t smallest = own;
  if (c.renumber_mover) {
    SquareList twin = sq;
    reverse_range(twin, 0, c.a);
    smallest = std::min(smallest, c.index.rank(twin));
  }
  if (c.renumber_opponent) {
    SquareList twin = sq;
    reverse_range(twin, c.a, c.a + c.b);
    smallest = std::min(smallest, c.index.rank(twin));
    if (c.renumber_mover) {
      reverse_range(twin, 0, c.a);
      smallest = std::min(smallest, c.index.rank(twin));
    }
  }
  return smallest;
}

// Our squares, in class order, of the position the twin class shows as `twin_sq` (its class
// order: our opponent's c.b pieces first) after the colour flip. Positions are visited in the
// twin's entry order so that consecutive ones share the opponent's pieces, which lead their
// quiet children's index in the twin: the children's values are then read from a small
// stretch of memory.
inline SquareList squares_from_twin(const ClassContext& c, const SquareList& twin_sq) {
  SquareList sq{};
  for (int x = 0; x < c.a; ++x) sq[x] = flip_square(twin_sq[c.b + x]);
  for (int x = 0; x < c.b; ++x) sq[c.a + x] = flip_square(twin_sq[x]);
  return sq;
}

// The same for the twin's entry `twin_index`; false for waste.
inline bool squares_from_twin(const ClassContext& c, const PositionIndex& twin, uint64_t twin_index,
                              SquareList& sq) {
  SquareList twin_sq;
  if (!twin.unrank(twin_index, twin_sq)) return false;
  sq = squares_from_twin(c, twin_sq);
  return true;
}

}  // namespace ewn
