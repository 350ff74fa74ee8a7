#include "solve_class.h"

#include <omp.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "movegen.h"

namespace ewn {

namespace {

// Below this many entries a loop runs on one thread: waking the team costs more than it saves.
constexpr int64_t kParallelMin = 1 << 15;

// Where a move's child is looked up, for one kind of move of one class: a non-capture, a
// capture of opponent piece j, or of own piece k. The child's mover is our opponent.
struct ChildTable {
  PositionIndex index{MaterialClass{1, 1}};
  const double* values = nullptr;
  bool reverse_mover = false;     // child's mover side was renumbered: reverse its order
  bool reverse_opponent = false;  // child's opponent side was renumbered
};

unsigned without_piece(unsigned mask, int slot) {
  // `slot` counts the set bits of mask from the lowest number.
  for (unsigned m = mask; m; m &= m - 1)
    if (slot-- == 0) return mask & ~(m & -m);
  return mask;
}

// One class being solved, with everything its positions' moves need.
struct ClassContext {
  MaterialClass material;
  PositionIndex index;
  std::vector<double>* values = nullptr;
  int a = 0, b = 0;  // mover's and opponent's piece counts
  std::array<uint8_t, 6> mover_numbers{};
  ChildTable quiet;                         // non-capture: the twin class
  std::array<ChildTable, 6> take_opponent;  // capture of opponent piece j
  std::array<ChildTable, 6> take_own;       // capture of own piece k
  // Die groups: dice with the same movable pieces, searched once and weighted by their count.
  int groups = 0;
  std::array<uint8_t, 6> group_weight{};
  std::array<std::array<int8_t, 2>, 6> group_slots{};  // mover slots (class order), -1 unused

  explicit ClassContext(MaterialClass mc) : material(mc), index(mc) {}
};

ChildTable child_table(unsigned child_mover, unsigned child_opponent, const SolvedValues& solved,
                       const double* twin_values, MaterialClass twin) {
  ChildTable t;
  unsigned cm = canonical_side_mask(child_mover), co = canonical_side_mask(child_opponent);
  MaterialClass child{uint8_t(cm), uint8_t(co)};
  t.index = PositionIndex(child);
  t.reverse_mover = std::popcount(child_mover) > 1 && cm != child_mover;
  t.reverse_opponent = std::popcount(child_opponent) > 1 && co != child_opponent;
  if (child == twin) {
    t.values = twin_values;
  } else {
    auto it = solved.find(child);
    if (it == solved.end())
      throw std::logic_error("solve_group: values of class " + child.name() + " are missing");
    t.values = it->second;
  }
  return t;
}

void prepare(ClassContext& c, const SolvedValues& solved, const double* twin_values) {
  MaterialClass mc = c.material;
  c.a = mc.mover_count();
  c.b = mc.opponent_count();
  int i = 0;
  for (int n = 1; n <= 6; ++n)
    if (mc.mover & (1u << (n - 1))) c.mover_numbers[i++] = uint8_t(n);
  MaterialClass twin = mc.flipped();
  c.quiet = child_table(mc.opponent, mc.mover, solved, twin_values, twin);
  for (int j = 0; j < c.b; ++j)
    if (c.b > 1)
      c.take_opponent[j] =
          child_table(without_piece(mc.opponent, j), mc.mover, solved, twin_values, twin);
  for (int k = 0; k < c.a; ++k)
    if (c.a > 1)
      c.take_own[k] =
          child_table(mc.opponent, without_piece(mc.mover, k), solved, twin_values, twin);

  // Group the dice by the set of pieces they let move.
  for (int die = 1; die <= 6; ++die) {
    const Movable& m = movable_pieces(mc.mover, die);
    std::array<int8_t, 2> slots{-1, -1};
    for (int x = 0; x < m.count; ++x)
      for (int s = 0; s < c.a; ++s)
        if (c.mover_numbers[s] == m.number[x]) slots[x] = int8_t(s);
    if (c.a == 1) slots = {0, -1};  // a lone piece moves whatever the die
    int g = 0;
    while (g < c.groups && c.group_slots[g] != slots) ++g;
    if (g == c.groups) {
      c.group_slots[c.groups] = slots;
      c.group_weight[c.groups++] = 0;
    }
    ++c.group_weight[g];
  }
}

// Up to six squares of 5 bits in one word: the level buckets hold positions this way.
constexpr int kMaxSolvedPieces = 6;
inline uint32_t pack(const SquareList& sq, int n) {
  uint32_t p = 0;
  for (int i = 0; i < n; ++i) p |= uint32_t(sq[i]) << (5 * i);
  return p;
}
inline SquareList unpack(uint32_t p, int n) {
  SquareList sq{};
  for (int i = 0; i < n; ++i) sq[i] = Square((p >> (5 * i)) & 31);
  return sq;
}

// Renumbering a side x -> 7-x reverses its pieces' class order.
inline void reverse_range(SquareList& sq, int first, int end) {
  for (int i = first, j = end - 1; i < j; ++i, --j) std::swap(sq[i], sq[j]);
}

// Looks up 1 - V(child) after the mover's piece in `slot` moved to `to`, given the squares of
// the parent in class order.
inline double after_move(const ClassContext& c, const SquareList& sq, int slot, Square to) {
  const int a = c.a, b = c.b;
  int victim = -1;
  for (int x = 0; x < a + b; ++x)
    if (sq[x] == to) victim = x;
  const ChildTable* t = &c.quiet;
  if (victim >= a) {
    if (b == 1) return 1.0;  // took the last enemy piece
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
  return 1.0 - t->values[t->index.rank(child)];
}

double solve_position(const ClassContext& c, const SquareList& sq) {
  std::array<double, 6> best_of_slot;
  for (int s = 0; s < c.a; ++s) {
    const auto& targets = piece_targets(Red, sq[s]);
    double best = 0.0;
    for (int k = 0; k < targets.count; ++k) {
      Square to = targets.to[k];
      double w = to == kRedGoal ? 1.0 : after_move(c, sq, s, to);
      best = std::max(best, w);
    }
    best_of_slot[s] = best;
  }
  if (c.groups == 1) return best_of_slot[c.group_slots[0][0]];
  // Sum the weighted terms in sorted order: twins under renumbering then get bit-identical
  // values, since their terms are the same multiset.
  std::array<double, 6> terms;
  for (int g = 0; g < c.groups; ++g) {
    auto slots = c.group_slots[g];
    double best = best_of_slot[slots[0]];
    if (slots[1] >= 0) best = std::max(best, best_of_slot[slots[1]]);
    terms[g] = best * c.group_weight[g];
  }
  for (int g = 1; g < c.groups; ++g)  // insertion sort: at most six terms
    for (int x = g; x > 0 && terms[x] < terms[x - 1]; --x) std::swap(terms[x], terms[x - 1]);
  double sum = 0.0;
  for (int g = 0; g < c.groups; ++g) sum += terms[g];
  return sum / 6.0;
}

}  // namespace

std::vector<MaterialClass> capture_children(MaterialClass mc) {
  std::vector<MaterialClass> out;
  auto add = [&](unsigned mover, unsigned opponent) {
    MaterialClass c{uint8_t(canonical_side_mask(mover)), uint8_t(canonical_side_mask(opponent))};
    if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  };
  int a = mc.mover_count(), b = mc.opponent_count();
  if (b > 1)
    for (int j = 0; j < b; ++j) add(without_piece(mc.opponent, j), mc.mover);
  if (a > 1)
    for (int k = 0; k < a; ++k) add(mc.opponent, without_piece(mc.mover, k));
  return out;
}

std::vector<SolvedClass> solve_group(MaterialClass mc, const SolvedValues& children,
                                     const LevelCallback& on_level) {
  if (mc.piece_count() > kMaxSolvedPieces)
    throw std::invalid_argument("solve_group: at most 6 pieces are supported");
  std::vector<SolvedClass> out;
  out.push_back({mc, {}});
  if (mc.flipped() != mc) out.push_back({mc.flipped(), {}});

  std::vector<ClassContext> ctx;
  for (auto& sc : out) {
    ctx.emplace_back(sc.material);
    sc.values.assign(ctx.back().index.size(), std::numeric_limits<double>::quiet_NaN());
    ctx.back().values = &sc.values;
  }
  for (size_t k = 0; k < ctx.size(); ++k) {
    const double* twin = out[ctx.size() == 1 ? 0 : 1 - k].values.data();
    prepare(ctx[k], children, twin);
  }

  // Bucket every position by its total progress (counting sort): a non-capturing move raises
  // the progress, so solving from the highest level down finds every quiet child solved.
  // Positions are visited in the entry order of the twin class, through the colour flip that
  // maps each twin entry to one of ours. Consecutive positions then share the opponent's
  // pieces, which lead the index of their quiet children in the twin: the children's values
  // are read from a small, cache-resident stretch of memory instead of all over the table.
  // The buckets keep each position's squares packed, so the solving pass needs no unrank.
  const int levels = mc.piece_count() * 8 + 1;
  std::vector<std::vector<uint64_t>> level_start(ctx.size());
  std::vector<std::vector<uint32_t>> by_level(ctx.size());  // packed squares, see pack()
  auto twin_of = [&](size_t k) -> const ClassContext& { return ctx[ctx.size() == 1 ? 0 : 1 - k]; };
  for (size_t k = 0; k < ctx.size(); ++k) {
    const ClassContext& c = ctx[k];
    const PositionIndex& order = twin_of(k).index;
    uint64_t size = order.size();
    std::vector<uint8_t> level(size, 0xFF);
    std::vector<uint32_t> packed(size);
#pragma omp parallel for schedule(static) if (size > kParallelMin)
    for (int64_t j = 0; j < int64_t(size); ++j) {
      SquareList twin_sq, sq;
      if (!order.unrank(uint64_t(j), twin_sq)) continue;
      // The twin lists the opponent's pieces (c.b of them) first.
      for (int x = 0; x < c.a; ++x) sq[x] = flip_square(twin_sq[c.b + x]);
      for (int x = 0; x < c.b; ++x) sq[c.a + x] = flip_square(twin_sq[x]);
      level[j] = uint8_t(c.index.total_progress(sq));
      packed[j] = pack(sq, c.a + c.b);
    }
    auto& start = level_start[k];
    start.assign(levels + 1, 0);
    for (uint64_t j = 0; j < size; ++j)
      if (level[j] != 0xFF) ++start[level[j] + 1];
    for (int l = 0; l < levels; ++l) start[l + 1] += start[l];
    by_level[k].resize(start[levels]);
    std::vector<uint64_t> fill(start.begin(), start.end() - 1);
    for (uint64_t j = 0; j < size; ++j)
      if (level[j] != 0xFF) by_level[k][fill[level[j]]++] = packed[j];
  }

  uint64_t done = 0;
  for (int l = levels - 1; l >= 0; --l) {
    for (size_t k = 0; k < ctx.size(); ++k) {
      const ClassContext& c = ctx[k];
      const uint32_t* entries = by_level[k].data() + level_start[k][l];
      int64_t count = int64_t(level_start[k][l + 1] - level_start[k][l]);
      double* values = c.values->data();
#pragma omp parallel for schedule(dynamic, 1024) if (count > kParallelMin)
      for (int64_t i = 0; i < count; ++i) {
        SquareList sq = unpack(entries[i], c.a + c.b);
        values[c.index.rank(sq)] = solve_position(c, sq);
      }
      done += uint64_t(count);
    }
    if (on_level) on_level(done);
  }
  return out;
}

}  // namespace ewn
