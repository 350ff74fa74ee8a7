#include "verify.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>

#include "index.h"
#include "material.h"
#include "read_entries.h"
#include "table_directory.h"
#include "table_file.h"
#include "table_inspection.h"

namespace ewn {

namespace {

namespace fs = std::filesystem;

constexpr uint64_t kChunkEntries = 1u << 14;

// The values of every class that is loaded, by (mover mask, opponent mask): decompressed from
// its file, or, for a class derived from its twin's file (format 3), computed from the twin and
// the capture children and kept unrounded (so that the twin is checked against the very values
// a probe derives, within the tolerance of stored children).
class TableStore {
 public:
  explicit TableStore(fs::path dir, int threads) : dir_(std::move(dir)), threads_(threads) {}

  // Reads and checks the whole file of `mc` once (or derives the class); has() or problem()
  // tell the outcome.
  void load(MaterialClass mc);
  void release(MaterialClass mc) {
    Slot& s = slots_[class_slot(mc)];
    s.values.clear();
    s.values.shrink_to_fit();
    s.derived.clear();
    s.derived.shrink_to_fit();
    s.loaded = s.attempted = s.is_derived = false;
  }
  bool attempted(MaterialClass mc) const { return slots_[class_slot(mc)].attempted; }
  // What is wrong with the file (without its name).
  const std::string& problem(MaterialClass mc) const { return slots_[class_slot(mc)].problem; }
  bool has(MaterialClass mc) const { return slots_[class_slot(mc)].loaded; }
  bool is_derived(MaterialClass mc) const { return slots_[class_slot(mc)].is_derived; }
  // The stored values; nullptr unless loaded from a file and good.
  const uint16_t* values(MaterialClass mc) const {
    const Slot& s = slots_[class_slot(mc)];
    return s.loaded && !s.is_derived ? s.values.data() : nullptr;
  }
  // The value of a loaded class's entry, as a probe sees it before rounding.
  double value(const TableKey& key) const {
    const Slot& s = slots_[class_slot(key.material)];
    return s.is_derived ? s.derived[key.index] : decode_value(s.values[key.index]);
  }
  // Positions of a derived class computed (0 for a stored one).
  uint64_t derived_positions(MaterialClass mc) const {
    return slots_[class_slot(mc)].derived_positions;
  }

 private:
  struct Slot {
    bool attempted = false, loaded = false, is_derived = false;
    std::vector<uint16_t> values;
    std::vector<double> derived;
    uint64_t derived_positions = 0;
    std::string problem;
  };
  // Whether mc has no file and its twin's file says it derives mc.
  bool twin_derives(MaterialClass mc) const;
  void derive(MaterialClass mc);
  fs::path dir_;
  int threads_;
  std::vector<Slot> slots_ = std::vector<Slot>(kClassSlots);
};

bool TableStore::twin_derives(MaterialClass mc) const {
  MaterialClass twin = mc.flipped();
  if (twin == mc || table_present(dir_, mc) || !table_present(dir_, twin)) return false;
  try {
    return TableFile(dir_ / table_file_name(twin), twin).header().derives_twin;
  } catch (const TableError&) {
    return false;
  }
}

void TableStore::load(MaterialClass mc) {
  Slot& s = slots_[class_slot(mc)];
  if (s.attempted) return;
  s.attempted = true;
  if (twin_derives(mc)) {
    derive(mc);
    return;
  }
  fs::path path = dir_ / table_file_name(mc);
  try {
    s.values = read_table(path, mc, threads_);
    s.loaded = true;
  } catch (const TableError& e) {
    s.problem = e.problem();
    s.values.clear();
    s.values.shrink_to_fit();
  }
}

// Every read entry of a derived class: one expectimax step over its children (the twin, and
// the capture children, derived ones unrounded), as Tablebase::derived_value computes it.
void TableStore::derive(MaterialClass mc) {
  Slot& s = slots_[class_slot(mc)];
  s.is_derived = true;
  for (MaterialClass child : child_classes(mc)) {
    load(child);
    if (has(child)) continue;
    s.problem = "derived from " + table_file_name(mc.flipped()) + ", not computed: it needs " +
                table_file_name(child) + " (" + problem(child) + ")";
    return;
  }
  PositionIndex index(mc);
  s.derived.assign(index.size(), 0.0);
  const int64_t chunks = int64_t((index.size() + kChunkEntries - 1) / kChunkEntries);
  uint64_t positions = 0;
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads_) reduction(+ : positions)
  for (int64_t c = 0; c < chunks; ++c) {
    SquareList sq{};
    uint64_t begin = uint64_t(c) * kChunkEntries,
             end = std::min(index.size(), begin + kChunkEntries);
    for (uint64_t i = begin; i < end; ++i) {
      if (!entry_is_read(index, i)) continue;
      index.unrank(i, sq);
      s.derived[i] = recompute_value(position_from_squares(mc, sq), [&](const Position& child) {
        return value(canonical_key(child));
      });
      ++positions;
    }
  }
  s.derived_positions = positions;
  s.loaded = true;
}

// What one thread found in its share of a class.
struct Findings {
  uint64_t positions = 0, mismatches = 0;
  std::vector<ValueMismatch> listed;
  double max_difference = 0;
  bool unloaded_child = false;
};

class ProgressMeter {
 public:
  ProgressMeter(const VerifyOptions& opt, uint64_t entries_total, int tables_total)
      : callback_(opt.on_progress) {
    state_.entries_total = entries_total;
    state_.tables_total = tables_total;
  }
  void begin(MaterialClass mc) { state_.current = mc; }
  void add(uint64_t entries) { done_.fetch_add(entries, std::memory_order_relaxed); }
  void table_done() { ++state_.tables_done; }
  void report() {
    if (!callback_) return;
    VerifyProgress p = state_;
    p.entries_done = done_.load(std::memory_order_relaxed);
    callback_(p);
  }

 private:
  std::function<void(const VerifyProgress&)> callback_;
  VerifyProgress state_;
  std::atomic<uint64_t> done_ = 0;
};

// Recomputes every valid entry of `mc` from the stored values of its children.
void recompute_class(MaterialClass mc, const TableStore& store, const VerifyOptions& opt,
                     int threads, ProgressMeter& meter, TableReport& report) {
  PositionIndex index(mc);
  const uint16_t* own = store.values(mc);
  uint64_t size = index.size();
  int64_t chunks = int64_t((size + kChunkEntries - 1) / kChunkEntries);
  size_t limit = size_t(std::max(0, opt.list_limit));
#pragma omp parallel num_threads(threads)
  {
    Findings local;
    auto stored = [&](const Position& child) {
      TableKey key = canonical_key(child);
      if (!store.has(key.material)) {
        local.unloaded_child = true;
        return 0.0;
      }
      return store.value(key);
    };
    SquareList sq{};
    // Dynamic scheduling hands out chunks in increasing order, so each thread meets its
    // mismatches by increasing entry and its first `limit` are its smallest ones.
#pragma omp for schedule(dynamic, 1)
    for (int64_t c = 0; c < chunks; ++c) {
      uint64_t begin = uint64_t(c) * kChunkEntries, end = std::min(size, begin + kChunkEntries);
      for (uint64_t i = begin; i < end; ++i) {
        // Entries no probe reads hold filler (read_entries.h), not values.
        if (!entry_is_read(index, i)) continue;
        index.unrank(i, sq);
        Position pos = position_from_squares(mc, sq);
        double recomputed = recompute_value(pos, stored);
        double difference = std::abs(recomputed - decode_value(own[i]));
        ++local.positions;
        local.max_difference = std::max(local.max_difference, difference);
        if (difference > opt.tolerance) {
          ++local.mismatches;
          if (local.listed.size() < limit)
            local.listed.push_back(ValueMismatch{i, pos, own[i], recomputed});
        }
      }
      meter.add(end - begin);
      if (omp_get_thread_num() == 0) meter.report();
    }
#pragma omp critical(ewn_verify_merge)
    {
      report.positions += local.positions;
      report.mismatches += local.mismatches;
      report.max_difference = std::max(report.max_difference, local.max_difference);
      report.listed.insert(report.listed.end(), local.listed.begin(), local.listed.end());
      if (local.unloaded_child)
        report.problem = "internal error: a child table was not loaded (verify's class list)";
    }
  }
  std::sort(report.listed.begin(), report.listed.end(),
            [](const ValueMismatch& a, const ValueMismatch& b) { return a.entry < b.entry; });
  if (report.listed.size() > limit) report.listed.resize(limit);
}

}  // namespace

bool VerifyReport::ok() const {
  if (!other_problems.empty()) return false;
  for (const TableReport& t : tables)
    if (!t.ok()) return false;
  return true;
}

std::vector<MaterialClass> child_classes(MaterialClass mc) {
  std::vector<MaterialClass> out{mc.flipped()};
  // After Red's move Blue is to move, so Blue's pieces become the mover's.
  auto add = [&](unsigned mover, unsigned opponent) {
    MaterialClass c{uint8_t(canonical_side_mask(mover)), uint8_t(canonical_side_mask(opponent))};
    if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  };
  for (int n = 0; n < kPiecesPerSide; ++n) {
    unsigned bit = 1u << n;
    // Red takes one of its own pieces (it keeps the mover), or one of Blue's but not the last.
    if ((mc.mover & bit) && std::popcount(unsigned(mc.mover)) >= 2)
      add(mc.opponent, mc.mover & ~bit);
    if ((mc.opponent & bit) && std::popcount(unsigned(mc.opponent)) >= 2)
      add(mc.opponent & ~bit, mc.mover);
  }
  return out;
}

namespace {

// Classes to verify, a class with its twin, smallest first.
std::vector<std::vector<MaterialClass>> groups_to_verify(const VerifyOptions& opt,
                                                         VerifyReport& report) {
  std::vector<std::vector<MaterialClass>> groups;
  if (opt.only_class) {
    groups.push_back(group_of(*opt.only_class).members());
    report.max_pieces = opt.only_class->piece_count();
  } else {
    for (const ClassGroup& g : class_groups(report.max_pieces)) groups.push_back(g.members());
  }
  return groups;
}

// A report for every table of `groups` the directory should hold (the others are absent);
// returns their entries in all.
uint64_t list_tables(const fs::path& dir, const TableDirectory& found,
                     const std::vector<std::vector<MaterialClass>>& groups,
                     const VerifyOptions& opt, VerifyReport& report) {
  uint64_t entries_total = 0;
  for (const auto& members : groups)
    for (MaterialClass mc : members) {
      if (!opt.only_class && opt.max_pieces == 0 && !found.expects(dir, mc)) {
        report.absent.push_back(mc);
        continue;
      }
      TableReport t;
      t.material = mc;
      t.file = dir / table_file_name(mc);
      report.tables.push_back(t);
      entries_total += PositionIndex(mc).size();
    }
  return entries_total;
}

TableReport* report_of(VerifyReport& report, MaterialClass mc) {
  for (TableReport& t : report.tables)
    if (t.material == mc) return &t;
  return nullptr;  // absent
}

// Why class mc cannot be recomputed (its table or a child's did not load), or empty.
std::string cannot_recompute(MaterialClass mc, const TableStore& store) {
  if (!store.has(mc)) return store.problem(mc);
  for (MaterialClass child : child_classes(mc)) {
    if (store.has(child)) continue;
    return "not recomputed: it needs " + table_file_name(child) + " (" +
           (store.attempted(child) ? store.problem(child) : "not loaded") + ")";
  }
  return {};
}

// The totals over the tables, and the largest piece count up to which every table is sound.
void sum_up(VerifyReport& report, const fs::path& dir) {
  for (const TableReport& t : report.tables) {
    report.positions += t.positions;
    report.mismatches += t.mismatches;
    report.max_difference = std::max(report.max_difference, t.max_difference);
  }
  for (int n = 2; n <= report.max_pieces; ++n) {
    bool all = true;
    for (MaterialClass mc : material_classes(n)) {
      const TableReport* t = report_of(report, mc);
      all = all && t && t->ok();
    }
    if (!all) break;
    report.verified_up_to = n;
  }
  report.complete_up_to = table_coverage(dir).complete_up_to;
}

}  // namespace

VerifyReport verify_tables(const fs::path& dir, const VerifyOptions& opt) {
  VerifyReport report;
  report.dir = dir;
  report.tolerance = opt.tolerance;
  TableDirectory found = scan_table_directory(dir);
  report.other_problems = found.strays;
  report.max_pieces = opt.max_pieces > 0 ? opt.max_pieces : found.largest;
  if (report.max_pieces < 2) {
    report.other_problems.push_back(dir.string() + ": no table files (*" + kTableExtension + ")");
    return report;
  }
  int threads = opt.threads > 0 ? opt.threads : omp_get_max_threads();
  const auto groups = groups_to_verify(opt, report);
  const uint64_t entries_total = list_tables(dir, found, groups, opt, report);

  ProgressMeter meter(opt, entries_total, int(report.tables.size()));
  TableStore store(dir, threads);
  int loaded_pieces = 0;  // piece count of the groups loaded last
  for (const auto& members : groups) {
    // A class and its twin are each other's non-capture children: load them together. Capture
    // children have one piece fewer; a whole set still has them from the previous piece count.
    int n = members[0].piece_count();
    if (n != loaded_pieces && loaded_pieces > 2)
      for (MaterialClass mc : material_classes(loaded_pieces - 1)) store.release(mc);
    loaded_pieces = n;
    for (MaterialClass mc : members) store.load(mc);
    if (opt.only_class)
      for (MaterialClass mc : members)
        for (MaterialClass child : child_classes(mc)) store.load(child);
    for (MaterialClass mc : members) {
      TableReport* t = report_of(report, mc);
      if (!t) continue;
      meter.begin(mc);
      t->problem = cannot_recompute(mc, store);
      t->derived = store.is_derived(mc);
      if (t->derived) t->file = dir / table_file_name(mc.flipped());
      // A derived class's values are its children's expectimax by construction: computing them
      // (above) is its check, and its twin is checked against them.
      if (t->problem.empty() && t->derived) t->positions = store.derived_positions(mc);
      if (t->problem.empty() && !t->derived)
        recompute_class(mc, store, opt, threads, meter, *t);
      else
        meter.add(PositionIndex(mc).size());
      meter.table_done();
      meter.report();
    }
    if (n == report.max_pieces)
      for (MaterialClass mc : members) store.release(mc);
  }
  sum_up(report, dir);
  return report;
}

}  // namespace ewn
