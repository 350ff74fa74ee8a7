#include "solve_class.h"

#include <omp.h>

#include <algorithm>
#include <array>
#include <limits>
#include <stdexcept>

namespace ewn {

namespace {

// Below this many entries a loop runs on one thread: waking the team costs more than it saves.
constexpr int64_t kParallelMin = 1 << 15;

// Up to six squares of 5 bits in one word: the level buckets hold positions this way.
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

}  // namespace

uint64_t whole_group_bytes(MaterialClass mc) {
  uint64_t all = PositionIndex(mc).size(), largest = all;
  if (mc.flipped() != mc) {
    uint64_t twin = PositionIndex(mc.flipped()).size();
    all += twin;
    largest = std::max(largest, twin);
  }
  // Values (8 bytes an entry) and level buckets (4) of both classes, and while one class is
  // bucketed its levels and packed squares (5). Writing a table afterwards needs less: the
  // values, then 16-bit values, read flags and compressed blocks of one class (about 4.5).
  return 12 * all + 5 * largest;
}

std::vector<SolvedClass> solve_group(MaterialClass mc, const SolvedValues& children,
                                     const LevelCallback& on_level) {
  if (mc.piece_count() > kMaxWholeGroupPieces)
    throw std::invalid_argument("solve_group: a group of more than 6 pieces is solved in parts");
  std::vector<SolvedClass> out;
  for (MaterialClass m : with_twin(mc)) out.push_back({m, {}});
  for (auto& sc : out)
    sc.values.assign(PositionIndex(sc.material).size(), std::numeric_limits<double>::quiet_NaN());
  auto twin_of = [&](size_t k) { return out.size() == 1 ? 0 : 1 - k; };
  std::vector<ClassContext> ctx;
  for (size_t k = 0; k < out.size(); ++k)
    ctx.emplace_back(out[k].material, children, out[twin_of(k)].values.data());

  // Bucket every position by its total progress (counting sort): a non-capturing move raises
  // the progress, so solving from the highest level down finds every quiet child solved.
  // Positions are visited in the entry order of the twin class (squares_from_twin). The
  // buckets keep each position's squares packed, so the solving pass needs no unrank.
  const int levels = mc.piece_count() * 8 + 1;
  std::vector<std::vector<uint64_t>> level_start(ctx.size());
  std::vector<std::vector<uint32_t>> by_level(ctx.size());  // packed squares, see pack()
  for (size_t k = 0; k < ctx.size(); ++k) {
    const ClassContext& c = ctx[k];
    const PositionIndex& order = ctx[twin_of(k)].index;
    uint64_t size = order.size();
    std::vector<uint8_t> level(size, 0xFF);
    std::vector<uint32_t> packed(size);
#pragma omp parallel for schedule(static) if (size > kParallelMin)
    for (int64_t j = 0; j < int64_t(size); ++j) {
      SquareList sq;
      if (!squares_from_twin(c, order, uint64_t(j), sq)) continue;
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
      double* values = out[k].values.data();
      const double* twin_values = c.quiet.values;
      auto quiet = [twin_values](uint64_t index, int) { return twin_values + index; };
      int64_t batches = (count + kSolveBatch - 1) / kSolveBatch;
#pragma omp parallel for schedule(dynamic, 64) if (count > kParallelMin)
      for (int64_t batch = 0; batch < batches; ++batch) {
        std::array<PositionMoves, kSolveBatch> moves;
        std::array<uint64_t, kSolveBatch> at;
        int64_t begin = batch * kSolveBatch;
        int n = int(std::min<int64_t>(kSolveBatch, count - begin));
        for (int j = 0; j < n; ++j) {
          SquareList sq = unpack(entries[begin + j], c.a + c.b);
          at[j] = c.index.rank(sq);
          collect_moves(c, sq, quiet, moves[j]);
        }
        for (int j = 0; j < n; ++j) values[at[j]] = position_value(c, moves[j]);
      }
      done += uint64_t(count);
    }
    if (on_level) on_level(done);
  }
  return out;
}

}  // namespace ewn
