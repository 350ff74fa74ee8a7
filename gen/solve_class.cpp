#include "solve_class.h"

#include <omp.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <limits>
#include <stdexcept>
#include <utility>

#include "index_walk.h"
#include "page_array.h"

namespace ewn {

namespace {

// Below this many entries a loop runs on one thread: waking the team costs more than it saves.
constexpr int64_t kParallelMin = 1 << 15;

// Up to six squares of 5 bits in one word, the first square lowest: the level buckets hold
// positions this way.
inline SquareList unpack(uint32_t p, int n) {
  SquareList sq{};
  for (int i = 0; i < n; ++i) sq[i] = Square((p >> (5 * i)) & 31);
  return sq;
}

// A position's bucket: its total progress, and its squares in our class order packed (unpack()),
// taken from the twin's squares as squares_from_twin() would give them. Built in registers: a
// SquareList written a byte at a time and read back whole stalls the loop.
struct Bucketed {
  int level = 0;
  uint32_t packed = 0;
};
inline Bucketed bucketed(const ClassContext& c, const SquareList& twin_sq) {
  Bucketed out;
  for (int x = 0; x < c.a; ++x) {
    Square s = flip_square(twin_sq[c.b + x]);
    out.level += progress(Red, s);
    out.packed |= uint32_t(s) << (5 * x);
  }
  for (int x = 0; x < c.b; ++x) {
    Square s = flip_square(twin_sq[x]);
    out.level += progress(Blue, s);
    out.packed |= uint32_t(s) << (5 * (c.a + x));
  }
  return out;
}

// Entries one thread walks at a time while the levels are bucketed.
constexpr uint64_t kBucketChunk = uint64_t(1) << 16;

// Calls visit(chunk, bucket) for every valid entry of the twin class `order`, its chunks of
// kBucketChunk entries in parallel, each in entry order. Entries are taken a run at a time
// (IndexWalk): only the last piece, one of ours, moves within a run.
template <class Visit>
void walk_twin(const ClassContext& c, const PositionIndex& order, const Visit& visit) {
  const uint64_t size = order.size();
  const int64_t chunks = int64_t((size + kBucketChunk - 1) / kBucketChunk);
  const int last_slot = c.a - 1;  // the twin's last piece is our last one
#pragma omp parallel for schedule(static) if (int64_t(size) > kParallelMin)
  for (int64_t chunk = 0; chunk < chunks; ++chunk) {
    uint64_t begin = uint64_t(chunk) * kBucketChunk;
    uint64_t end = std::min(size, begin + kBucketChunk);
    IndexWalk walk(order, begin);
    for (uint64_t j = begin; j < end;) {
      if (order.piece_count() < 3 || walk.run_has_mirror_twins()) {
        if (walk.valid()) visit(chunk, bucketed(c, walk.squares()));
        if (++j < end) walk.next();
        continue;
      }
      const uint64_t run = std::min<uint64_t>(walk.run_length(), end - j);
      if (walk.run_lead_valid()) {
        // The bucket without our last piece, then with it on each of its squares.
        Bucketed lead = bucketed(c, walk.squares());
        Square first = flip_square(walk.squares()[order.piece_count() - 1]);
        lead.level -= progress(Red, first);
        lead.packed &= ~(uint32_t(31) << (5 * last_slot));
        uint32_t squares = walk.run_squares();
        for (uint64_t r = 0; r < run; ++r, squares &= squares - 1) {
          Square s = Square(std::countr_zero(squares));
          if (s == kBlueGoal) continue;  // waste: our piece on its own goal, seen from the twin
          Square ours = flip_square(s);
          visit(chunk, Bucketed{lead.level + progress(Red, ours),
                                lead.packed | uint32_t(ours) << (5 * last_slot)});
        }
      }
      j += run;
      if (j < end) walk.next_run();
    }
  }
}

}  // namespace

uint64_t whole_group_bytes(MaterialClass mc) {
  uint64_t all = PositionIndex(mc).size(), largest = all;
  if (mc.flipped() != mc) {
    uint64_t twin = PositionIndex(mc.flipped()).size();
    all += twin;
    largest = std::max(largest, twin);
  }
  // Values (8 bytes an entry), level buckets (4) and copied twins' bits (1/8) of both classes, and
  // the widest level's values in bucket order (8 a position: within 5 an entry of the larger class,
  // the bound the plans have always used). Writing a table afterwards needs less: the values, then
  // 16-bit values, read flags and compressed blocks of one class (about 4.5).
  return 12 * all + 5 * largest + all / 8 + 16;
}

uint64_t group_values_bytes(MaterialClass mc) {
  uint64_t bytes = 0;
  for (MaterialClass m : with_twin(mc)) bytes += mapped_bytes(PositionIndex(m).size() * 8);
  return bytes;
}

namespace {

// Every class of the group, its values NaN (waste) until solved.
std::vector<SolvedClass> unsolved_group(MaterialClass mc) {
  std::vector<SolvedClass> out;
  for (MaterialClass m : with_twin(mc)) out.push_back({m, {}, {}});
  for (auto& sc : out) {
    sc.values.resize(PositionIndex(sc.material).size());
    double* values = sc.values.data();
    const int64_t size = int64_t(sc.values.size());
#pragma omp parallel for schedule(static) if (size > kParallelMin)
    for (int64_t i = 0; i < size; ++i) values[i] = std::numeric_limits<double>::quiet_NaN();
    if (renumber_symmetric(sc.material.mover) || renumber_symmetric(sc.material.opponent))
      sc.copied_twins.assign((sc.values.size() + 63) / 64, 0);
  }
  return out;
}

// One class's positions bucketed by level: bucket[l] holds the packed squares (see unpack())
// of the positions on level l, size[l] how many.
struct LevelBuckets {
  std::vector<PageArray<uint32_t>> bucket;
  std::vector<uint64_t> size;
};

// Buckets the positions of class `c`, visited in the entry order of its twin `order`
// (squares_from_twin), walked twice: once to count each chunk's positions on each level, once
// to put them in place.
LevelBuckets bucket_by_level(const ClassContext& c, const PositionIndex& order, int levels) {
  LevelBuckets out;
  const int64_t chunks = int64_t((order.size() + kBucketChunk - 1) / kBucketChunk);
  // Positions of each chunk on each level, then where the chunk's first one of each goes.
  std::vector<uint64_t> place(size_t(chunks) * levels, 0);
  walk_twin(c, order,
            [&](int64_t chunk, Bucketed b) { ++place[size_t(chunk) * levels + b.level]; });
  out.size.assign(levels, 0);
  out.bucket.resize(levels);
  for (int l = 0; l < levels; ++l) {
    for (int64_t q = 0; q < chunks; ++q)
      out.size[l] += std::exchange(place[size_t(q) * levels + l], out.size[l]);
    // Pages first touched below, by the threads that write them.
    out.bucket[l] = PageArray<uint32_t>(out.size[l]);
  }
  walk_twin(c, order, [&](int64_t chunk, Bucketed b) {
    out.bucket[b.level][place[size_t(chunk) * levels + b.level]++] = b.packed;
  });
  return out;
}

// Marks, in a solved bucket, the entry of a renumbering twin that is not solved: its value is
// copied from the smallest twin (smallest_renumbering_twin), whose index then takes the place
// of its value in bucket order. Entries of a whole group are below 2^26 (6 pieces).
constexpr uint32_t kCopiedTwin = uint32_t(1) << 31;

// Solves the `count` positions of one level's bucket `entries` into `values`. Their values are
// first written in bucket order (`level_values`), and only then each to its entry: a store to a
// random place in the middle of the solving loop held up the stores behind it. The entry's
// index takes the place of its squares in the bucket. Of renumbering twins only the smallest
// is solved; the others (on the same level: the same squares) copy its value afterwards, the
// same bits, since the rule sums a position's terms in sorted order (position_value).
void solve_level(const ClassContext& c, uint32_t* entries, int64_t count, double* values,
                 uint64_t* copied, PageArray<double>& level_values) {
  const double* twin_values = c.quiet.values;
  auto quiet = [twin_values](uint64_t index, int) { return twin_values + index; };
  const bool twins = c.renumber_mover || c.renumber_opponent;
  // A thread takes kChunk positions at a time and solves them in batches of kSolveBatch
  // positions to solve: the twins set aside do not thin the batches out.
  constexpr int64_t kChunk = 4 * kSolveBatch;
  const int64_t chunks = (count + kChunk - 1) / kChunk;
#pragma omp parallel for schedule(dynamic, 16) if (count > kParallelMin)
  for (int64_t chunk = 0; chunk < chunks; ++chunk) {
    std::array<PositionMoves, kSolveBatch> moves;
    std::array<int64_t, kSolveBatch> at;
    int n = 0;
    auto flush = [&] {
      for (int k = 0; k < n; ++k) level_values[at[k]] = position_value(c, moves[k]);
      n = 0;
    };
    const int64_t end = std::min(count, (chunk + 1) * kChunk);
    for (int64_t j = chunk * kChunk; j < end; ++j) {
      SquareList sq = unpack(entries[j], c.a + c.b);
      const uint64_t own = c.index.rank(sq);
      entries[j] = uint32_t(own);
      if (twins) {
        const uint64_t smallest = smallest_renumbering_twin(c, sq, own);
        if (smallest != own) {
          entries[j] |= kCopiedTwin;
          level_values[j] = std::bit_cast<double>(smallest);
          continue;
        }
      }
      at[n] = j;
      collect_moves(c, sq, quiet, moves[n]);
      if (++n == kSolveBatch) flush();
    }
    flush();
  }
#pragma omp parallel for schedule(static) if (count > kParallelMin)
  for (int64_t j = 0; j < count; ++j)
    if (!(entries[j] & kCopiedTwin)) values[entries[j]] = level_values[j];
  if (!twins) return;
#pragma omp parallel for schedule(static) if (count > kParallelMin)
  for (int64_t j = 0; j < count; ++j)
    if (entries[j] & kCopiedTwin) {
      const uint32_t entry = entries[j] & ~kCopiedTwin;
      values[entry] = values[std::bit_cast<uint64_t>(level_values[j])];
      std::atomic_ref<uint64_t>(copied[entry >> 6])
          .fetch_or(uint64_t(1) << (entry & 63), std::memory_order_relaxed);
    }
}

}  // namespace

std::vector<SolvedClass> solve_group(MaterialClass mc, const SolvedValues& children,
                                     const LevelCallback& on_level) {
  // The buckets hold an entry's index in 32 bits once its squares are read (6 pieces: < 2^26).
  if (mc.piece_count() > kMaxWholeGroupPieces)
    throw std::invalid_argument("solve_group: a group of more than 6 pieces is solved in parts");
  std::vector<SolvedClass> out = unsolved_group(mc);
  auto twin_of = [&](size_t k) { return out.size() == 1 ? 0 : 1 - k; };
  std::vector<ClassContext> ctx;
  for (size_t k = 0; k < out.size(); ++k)
    ctx.emplace_back(out[k].material, children, out[twin_of(k)].values.data());

  // Bucket every position by its total progress: a non-capturing move raises the progress, so
  // solving from the highest level down finds every quiet child solved. The buckets keep each
  // position's squares packed, so the solving pass needs no unrank; each level's bucket is
  // freed once solved, which leaves room for the children's pages the solve brings in.
  const int levels = mc.piece_count() * 8 + 1;
  std::vector<LevelBuckets> by_level;
  for (size_t k = 0; k < ctx.size(); ++k)
    by_level.push_back(bucket_by_level(ctx[k], ctx[twin_of(k)].index, levels));

  uint64_t widest = 0;
  for (const LevelBuckets& b : by_level)
    widest = std::max(widest, *std::max_element(b.size.begin(), b.size.end()));
  PageArray<double> level_values(widest);

  uint64_t done = 0;
  for (int l = levels - 1; l >= 0; --l) {
    for (size_t k = 0; k < ctx.size(); ++k) {
      const uint64_t count = by_level[k].size[l];
      solve_level(ctx[k], by_level[k].bucket[l].get(), int64_t(count), out[k].values.data(),
                  out[k].copied_twins.data(), level_values);
      by_level[k].bucket[l].reset();
      done += count;
    }
    if (on_level) on_level(done);
  }
  return out;
}

}  // namespace ewn
