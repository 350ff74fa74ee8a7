#include "part_solver.h"

#include <omp.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "index_walk.h"
#include "level_bitmap.h"
#include "level_census.h"
#include "work_file.h"

namespace ewn {

namespace {

namespace fs = std::filesystem;

// Below this many positions a loop runs on one thread: waking the team costs more than it saves.
constexpr int64_t kParallelMin = 1 << 15;
// Entries of the levels file read at once while building bitmaps (a multiple of 64).
constexpr uint64_t kLevelChunk = uint64_t(1) << 20;
// Buffer of each level's reader while a class is streamed in index order.
constexpr size_t kStreamBuffer = size_t(1) << 14;
constexpr uint8_t kWaste = 0xFF;

int top_level(MaterialClass mc) {
  return 8 * mc.piece_count();
}

fs::path levels_path(const fs::path& dir, MaterialClass mc) {
  return dir / (mc.name() + ".levels");
}
fs::path values_path(const fs::path& dir, MaterialClass mc, int level) {
  return dir / (mc.name() + ".L" + std::to_string(level) + ".values");
}

// A work file that cannot be what the solve wrote.
std::runtime_error damaged_work_file(const fs::path& path, std::string_view what) {
  std::string message = path.string();
  message.append(": ").append(what).append(" (damaged work file)");
  return std::runtime_error(message);
}

// The levels file: one byte per entry, its total progress or kWaste.
void write_levels_file(MaterialClass mc, const fs::path& dir) {
  PositionIndex index(mc);
  WorkFileWriter out(levels_path(dir, mc));
  std::vector<uint8_t> chunk(std::min<uint64_t>(kLevelChunk, index.size()));
  for (uint64_t begin = 0; begin < index.size(); begin += kLevelChunk) {
    int64_t count = int64_t(std::min<uint64_t>(kLevelChunk, index.size() - begin));
    // Entries walked in index order (IndexWalk), a stretch per thread.
    constexpr int64_t kStretch = int64_t(1) << 14;
    const int64_t stretches = (count + kStretch - 1) / kStretch;
#pragma omp parallel for schedule(static) if (count > kParallelMin)
    for (int64_t s = 0; s < stretches; ++s) {
      const int64_t first = s * kStretch, end = std::min(count, first + kStretch);
      IndexWalk walk(index, begin + uint64_t(first));
      for (int64_t i = first; i < end; ++i) {
        chunk[i] = walk.valid() ? uint8_t(index.total_progress(walk.squares())) : kWaste;
        if (i + 1 < end) walk.next();
      }
    }
    out.write(chunk.data(), size_t(count));
  }
  out.commit();
}

// One class's levels in memory: bitmaps and dense values, by absolute level (empty outside the
// window held).
struct ClassLevels {
  std::vector<LevelBitmap> bitmap;
  std::vector<std::vector<double>> values;
};

// Sets the bitmaps of levels [lo, hi] of `mc` from its levels file.
void build_bitmaps(MaterialClass mc, const fs::path& dir, int lo, int hi, ClassLevels& cl) {
  uint64_t size = PositionIndex(mc).size();
  for (int l = lo; l <= hi; ++l) cl.bitmap[l] = LevelBitmap(size);
  WorkFileReader in(levels_path(dir, mc), size_t(1) << 16);
  std::vector<uint8_t> chunk(std::min<uint64_t>(kLevelChunk, size));
  for (uint64_t begin = 0; begin < size; begin += kLevelChunk) {
    uint64_t count = std::min<uint64_t>(kLevelChunk, size - begin);
    in.read(chunk.data(), size_t(count));
    int64_t words = int64_t((count + 63) / 64);
#pragma omp parallel for schedule(static) if (count > uint64_t(kParallelMin))
    for (int64_t w = 0; w < words; ++w) {
      uint64_t end = std::min<uint64_t>(count, uint64_t(w + 1) * 64);
      for (uint64_t i = uint64_t(w) * 64; i < end; ++i) {
        int l = chunk[i];
        if (l >= lo && l <= hi) cl.bitmap[l].words()[(begin + i) >> 6] |= uint64_t(1) << (i & 63);
      }
    }
  }
  in.finish();
  for (int l = lo; l <= hi; ++l) cl.bitmap[l].finish();
}

void read_level(MaterialClass mc, const fs::path& dir, int level, uint64_t count,
                std::vector<double>& values) {
  values.resize(count);
  WorkFileReader in(values_path(dir, mc, level), size_t(1) << 16);
  if (in.payload_bytes() != count * sizeof(double))
    throw damaged_work_file(values_path(dir, mc, level), "wrong size");
  in.read(values.data(), count * sizeof(double));
  in.finish();
}

void write_level(MaterialClass mc, const fs::path& dir, int level,
                 const std::vector<double>& values) {
  WorkFileWriter out(values_path(dir, mc, level));
  out.write(values.data(), values.size() * sizeof(double));
  out.commit();
}

// The lowest level from which every level of every member has an intact work file (top + 1
// when the top level is not solved yet).
int first_solved_level(MaterialClass mc, const fs::path& dir,
                       const std::vector<std::vector<uint64_t>>& census) {
  auto members = with_twin(mc);
  int first = top_level(mc) + 1;
  while (first > 0) {
    int l = first - 1;
    bool ok = true;
    for (size_t k = 0; k < members.size() && ok; ++k)
      ok = !check_work_file(values_path(dir, members[k], l), census[k][l] * sizeof(double));
    if (!ok) break;
    first = l;
  }
  return first;
}

}  // namespace

namespace {

// What part_bytes needs of a group, computed once per plan.
struct GroupShape {
  std::vector<std::vector<uint64_t>> census;  // per member, positions by level
  std::vector<uint64_t> bitmap_bytes;         // per member, one level's bitmap
  uint64_t chunk = 0;                         // the levels file's chunk while bitmaps are built

  explicit GroupShape(MaterialClass mc) {
    for (MaterialClass m : with_twin(mc)) {
      uint64_t size = PositionIndex(m).size();
      census.push_back(level_census(m));
      bitmap_bytes.push_back(LevelBitmap::bytes_for(size));
      chunk = std::max(chunk, std::min(kLevelChunk, size));
    }
  }
  uint64_t part_bytes(int lo, int hi) const {
    uint64_t bytes = chunk;
    int top = std::min<int>(hi + 2, int(census[0].size()) - 1);
    for (size_t k = 0; k < census.size(); ++k)
      for (int l = lo; l <= top; ++l) bytes += bitmap_bytes[k] + census[k][l] * sizeof(double);
    return bytes;
  }
};

}  // namespace

uint64_t part_bytes(MaterialClass mc, int lo, int hi) {
  return GroupShape(mc).part_bytes(lo, hi);
}

uint64_t min_part_bytes(MaterialClass mc) {
  GroupShape shape(mc);
  uint64_t most = 0;
  for (int l = 0; l <= top_level(mc); ++l) most = std::max(most, shape.part_bytes(l, l));
  return most;
}

std::vector<std::pair<int, int>> plan_parts(MaterialClass mc, uint64_t budget, int first) {
  GroupShape shape(mc);
  std::vector<std::pair<int, int>> parts;
  for (int hi = first - 1; hi >= 0;) {
    if (shape.part_bytes(hi, hi) > budget) return {};
    int lo = hi;
    while (lo > 0 && shape.part_bytes(lo - 1, hi) <= budget) --lo;
    parts.push_back({lo, hi});
    hi = lo - 1;
  }
  return parts;
}

namespace {

// The level the solve resumes from: the lowest from which every level is solved on disk (top + 1
// when none is). The leader alone reads what is solved, checking the levels files and writing
// them again when damaged; the others take its word (and read the levels files once it has
// answered).
int resume_level(MaterialClass mc, const fs::path& work_dir,
                 const std::vector<std::vector<uint64_t>>& census, const PartSharing& share) {
  int first = top_level(mc) + 1;
  if (share.leader()) {
    bool levels_intact = true;
    for (MaterialClass m : with_twin(mc))
      if (check_work_file(levels_path(work_dir, m), PositionIndex(m).size())) levels_intact = false;
    if (!levels_intact)
      for (MaterialClass m : with_twin(mc)) write_levels_file(m, work_dir);
    else
      first = first_solved_level(mc, work_dir, census);
  }
  if (share.slices > 1) first = share.leaders(first);
  return first;
}

// Drops what the previous part held, then loads the bitmaps of levels [lo, window_top] and the
// values of the levels above `hi` that the part's quiet moves reach.
void load_part(MaterialClass mc, const fs::path& work_dir, int lo, int hi, int window_top,
               const std::vector<uint64_t>& census, ClassLevels& held) {
  for (size_t l = 0; l < held.bitmap.size(); ++l) {
    held.bitmap[l] = LevelBitmap();
    std::vector<double>().swap(held.values[l]);
  }
  build_bitmaps(mc, work_dir, lo, window_top, held);
  for (int l = hi + 1; l <= window_top; ++l) read_level(mc, work_dir, l, census[l], held.values[l]);
}

// A renumbering twin that is not the smallest of its twins holds, until the level is whole, the
// smallest twin's census slot as a negative number: a value is never below zero, and adding
// another process's -0.0 leaves the mark as it is (PartSharing::combine).
double twin_mark(uint64_t smallest_slot) {
  return -double(smallest_slot + 1);
}

// Copies into each marked twin the value of the smallest twin, once every process's slice of
// the level is in `values`: the smallest may have been solved by another process.
void copy_twins(std::vector<double>& values) {
  const int64_t census = int64_t(values.size());
#pragma omp parallel for schedule(static) if (census > kParallelMin)
  for (int64_t i = 0; i < census; ++i)
    if (values[size_t(i)] < 0.0) values[size_t(i)] = values[size_t(-values[size_t(i)]) - 1];
}

// Solves this process's share of the level-l positions of class `c` into `values` (census
// entries, in the order of `own`). Positions are visited in the twin's entry order, a word of
// the twin's level bitmap at a time, in batches (PositionMoves). Only the smallest of each
// position's renumbering twins is solved; the others are marked (twin_mark) and copy its value
// once the level is whole (copy_twins), as solve_group() does: the same bits, since the rule
// sums a position's terms in sorted order.
void solve_part_level(const ClassContext& c, const ClassLevels& own_levels, const ClassLevels& twin,
                      const PositionIndex& twin_index, int l, const PartSharing& share,
                      std::vector<double>& values) {
  const LevelBitmap& visit = twin.bitmap[l];  // our level-l positions, in the twin's order
  const LevelBitmap& own = own_levels.bitmap[l];
  const uint64_t census = values.size();
  if (visit.count() != census || own.count() != census)
    throw std::logic_error("solve_group_in_parts: level census disagrees with the index");
  auto quiet = [&twin, l](uint64_t index, int rise) {
    const LevelBitmap& b = twin.bitmap[l + rise];
    return twin.values[l + rise].data() + b.rank(index);
  };
  const bool twins = c.renumber_mover || c.renumber_opponent;
  const std::vector<uint64_t>& words = visit.words();
  // Plain variables, not a structured binding: clang before 16 cannot capture one in the
  // OpenMP region (the sanitizer builds use clang).
  const std::pair<int64_t, int64_t> word_range = share.share(int64_t(words.size()));
  const int64_t first_word = word_range.first, end_word = word_range.second;
#pragma omp parallel for schedule(dynamic, 16) if (census > uint64_t(kParallelMin))
  for (int64_t w = first_word; w < end_word; ++w) {
    std::array<PositionMoves, kSolveBatch> moves;
    std::array<uint64_t, kSolveBatch> at;
    int n = 0;
    auto flush = [&] {
      for (int j = 0; j < n; ++j) values[at[j]] = position_value(c, moves[j]);
      n = 0;
    };
    for (uint64_t bits = words[w]; bits; bits &= bits - 1) {
      uint64_t j = uint64_t(w) * 64 + uint64_t(std::countr_zero(bits));
      SquareList sq;
      squares_from_twin(c, twin_index, j, sq);
      const uint64_t index = c.index.rank(sq);
      at[n] = own.rank(index);
      if (twins) {
        const uint64_t smallest = smallest_renumbering_twin(c, sq, index);
        if (smallest != index) {
          values[at[n]] = twin_mark(own.rank(smallest));
          continue;
        }
      }
      collect_moves(c, sq, quiet, moves[n]);
      if (++n == kSolveBatch) flush();
    }
    flush();
  }
}

}  // namespace

PartedSolve solve_group_in_parts(MaterialClass mc, const SolvedValues& children,
                                 const fs::path& work_dir, uint64_t budget,
                                 const LevelCallback& on_level, const PartSharing* sharing) {
  const PartSharing alone;
  const PartSharing& share = sharing ? *sharing : alone;
  std::error_code ec;
  fs::create_directories(work_dir, ec);
  if (ec)
    throw std::runtime_error(work_dir.string() + ": cannot create directory: " + ec.message());
  const auto members = with_twin(mc);
  const size_t n = members.size();
  const int top = top_level(mc);
  auto twin_of = [&](size_t k) { return n == 1 ? 0 : 1 - k; };
  std::vector<std::vector<uint64_t>> census;
  for (MaterialClass m : members) census.push_back(level_census(m));

  PartedSolve result;
  const int first = resume_level(mc, work_dir, census, share);
  if (first <= top) result.resumed_level = first;

  std::vector<ClassContext> ctx;
  for (MaterialClass m : members) ctx.emplace_back(m, children, nullptr);
  std::vector<ClassLevels> held(n);
  for (auto& cl : held) {
    cl.bitmap.resize(top + 1);
    cl.values.resize(top + 1);
  }
  uint64_t done = 0;
  for (size_t k = 0; k < n; ++k)
    for (int l = first; l <= top; ++l) done += census[k][l];
  if (on_level && done) on_level(done);

  auto parts = plan_parts(mc, budget, first);
  if (parts.empty() && first > 0)
    throw std::runtime_error("group " + mc.name() + ": no level fits in the memory budget");
  for (auto [lo, hi] : parts) {
    int window_top = std::min(hi + 2, top);
    if (share.slices > 1 && result.parts > 0) share.barrier();  // the leader's level files
    for (size_t k = 0; k < n; ++k)
      load_part(members[k], work_dir, lo, hi, window_top, census[k], held[k]);
    for (int l = hi; l >= lo; --l) {
      for (size_t k = 0; k < n; ++k) {
        std::vector<double>& values = held[k].values[l];
        // Shared, the positions of the other slices hold -0.0 until the slices are combined.
        values.assign(census[k][l],
                      share.slices > 1 ? -0.0 : std::numeric_limits<double>::quiet_NaN());
        solve_part_level(ctx[k], held[k], held[twin_of(k)], ctx[twin_of(k)].index, l, share,
                         values);
        if (share.slices > 1) share.combine(values);
        if (ctx[k].renumber_mover || ctx[k].renumber_opponent) copy_twins(values);
        if (share.leader()) write_level(members[k], work_dir, l, values);
        done += census[k][l];
      }
      // Level l + 2 is no longer needed by the levels below.
      if (l + 2 <= window_top)
        for (size_t k = 0; k < n; ++k) {
          held[k].bitmap[l + 2] = LevelBitmap();
          std::vector<double>().swap(held[k].values[l + 2]);
        }
      if (on_level) on_level(done);
    }
    ++result.parts;
  }
  return result;
}

uint64_t read_solved_class_bytes(MaterialClass mc) {
  return uint64_t(top_level(mc) + 2) * kStreamBuffer + (size_t(1) << 16) * 9;
}

void read_solved_class(MaterialClass mc, const fs::path& work_dir,
                       const std::function<void(std::span<const double>)>& sink, size_t chunk) {
  const uint64_t size = PositionIndex(mc).size();
  const int top = top_level(mc);
  std::vector<uint64_t> census = level_census(mc);
  WorkFileReader levels(levels_path(work_dir, mc), kStreamBuffer);
  if (levels.payload_bytes() != size)
    throw damaged_work_file(levels_path(work_dir, mc), "wrong size");
  std::vector<std::unique_ptr<WorkFileReader>> readers(top + 1);
  for (int l = 0; l <= top; ++l) {
    readers[l] = std::make_unique<WorkFileReader>(values_path(work_dir, mc, l), kStreamBuffer);
    if (readers[l]->payload_bytes() != census[l] * sizeof(double))
      throw damaged_work_file(values_path(work_dir, mc, l), "wrong size");
  }
  std::vector<uint8_t> level(chunk);
  std::vector<double> out(chunk);
  for (uint64_t begin = 0; begin < size; begin += chunk) {
    size_t count = size_t(std::min<uint64_t>(chunk, size - begin));
    levels.read(level.data(), count);
    for (size_t i = 0; i < count; ++i) {
      if (level[i] == kWaste)
        out[i] = std::numeric_limits<double>::quiet_NaN();
      else if (level[i] > top)
        throw damaged_work_file(levels_path(work_dir, mc), "a level out of range");
      else
        readers[level[i]]->read(&out[i], sizeof(double));
    }
    sink(std::span<const double>(out.data(), count));
  }
  levels.finish();
  for (auto& r : readers) r->finish();
}

}  // namespace ewn
