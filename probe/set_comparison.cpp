#include "set_comparison.h"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <random>
#include <stdexcept>

#include "index.h"
#include "read_entries.h"
#include "table_file.h"
#include "tablebase.h"

namespace ewn {

namespace {

constexpr uint64_t kChunk = 1 << 14;

std::string describe(MaterialClass mc, uint64_t i, const std::string& what) {
  return mc.name() + " entry " + std::to_string(i) + ": " + what;
}

// The dice of one position: where the reference's best move is more than two steps ahead of
// its next best, the candidate's best must be the same move.
void compare_moves(const Tablebase& ref, const Tablebase& cand, const Position& pos,
                   MaterialClass mc, uint64_t i, SetComparison& out) {
  for (int die = 1; die <= 6; ++die) {
    auto a = ref.best_moves(pos, die), b = cand.best_moves(pos, die);
    ++out.dice_compared;
    if (!a || !b || a->empty()) continue;
    bool clear = a->size() == 1 || (*a)[0].value - (*a)[1].value > 2 * kValueStep + 1e-12;
    if (!clear) continue;
    ++out.dice_clear;
    if (!b->empty() && (*b)[0].move == (*a)[0].move) continue;
    ++out.best_move_differing;
    out.listed.push_back(describe(mc, i, "die " + std::to_string(die) + ": best move differs"));
  }
}

// One entry of the candidate against the reference's value `expected`.
void compare_entry(MaterialClass mc, uint64_t i, uint16_t expected, bool derived,
                   const Tablebase& cand, SetComparison& out) {
  const uint16_t b = cand.entry(TableKey{mc, i});
  const int off = std::abs(int(expected) - int(b));
  (derived ? out.derived_entries : out.stored_entries) += 1;
  if (off > 0 && !derived) ++out.stored_differing;
  if (off == 1 && derived) ++out.derived_one_step;
  if (off > 1 && derived) ++out.derived_beyond;
  if ((off > 0 && !derived) || off > 1)
    out.listed.push_back(describe(
        mc, i, std::to_string(expected) + " against " + std::to_string(b) + " (of 65535)"));
}

// Where a class's entries are compared: every read entry, or a sample drawn at random.
struct EntryPlan {
  uint64_t size = 0;
  bool sampled = false;  // a sample may draw no entry of a small class, which is not "every"
  std::vector<uint64_t> drawn;
  uint64_t count() const { return sampled ? drawn.size() : size; }
  uint64_t at(uint64_t k) const { return sampled ? drawn[k] : k; }
};

// Compares the entries of `plan` (k-th entry's reference value: expected(k)).
template <class Expected>
void compare_class(MaterialClass mc, const EntryPlan& plan, const Expected& expected,
                   const Tablebase& ref, const Tablebase& cand, const SetComparisonOptions& opt,
                   int threads, SetComparison& total) {
  PositionIndex index(mc);
  const bool derived = cand.is_derived(mc);
  const int64_t chunks = int64_t((plan.count() + kChunk - 1) / kChunk);
  std::string failure;
#pragma omp parallel num_threads(threads)
  {
    SetComparison local;
    SquareList sq{};
#pragma omp for schedule(dynamic, 1)
    for (int64_t c = 0; c < chunks; ++c) {
      try {
        const uint64_t begin = uint64_t(c) * kChunk, end = std::min(plan.count(), begin + kChunk);
        for (uint64_t k = begin; k < end; ++k) {
          const uint64_t i = plan.at(k);
          if (!entry_is_read(index, i)) continue;
          compare_entry(mc, i, expected(k), derived, cand, local);
          if (opt.moves_every == 0 || k % opt.moves_every != 0) continue;
          index.unrank(i, sq);
          compare_moves(ref, cand, position_from_squares(mc, sq), mc, i, local);
        }
      } catch (const std::exception& e) {  // no exception may leave an OpenMP loop
#pragma omp critical(ewn_compare_failure)
        failure = e.what();
      }
    }
#pragma omp critical(ewn_compare_merge)
    total.add(std::move(local), opt.list_limit);
  }
  if (!failure.empty()) throw std::runtime_error(failure);
}

// Every entry of a class, against the reference as it is stored (a derived reference class
// through its probes).
void compare_whole_class(MaterialClass mc, const Tablebase& ref, const Tablebase& cand,
                         const SetComparisonOptions& opt, int threads, SetComparison& out) {
  std::vector<uint16_t> expected;
  if (ref.is_derived(mc)) {
    expected.resize(PositionIndex(mc).size());
    for (uint64_t i = 0; i < expected.size(); ++i) expected[i] = ref.entry(TableKey{mc, i});
  } else {
    expected = read_table(ref.path_of(mc), mc, threads);
  }
  compare_class(
      mc, EntryPlan{expected.size(), false, {}}, [&](uint64_t k) { return expected[k]; }, ref, cand,
      opt, threads, out);
}

// About `share` entries of a class drawn at random (the class's own seed), each probed in both.
void compare_sampled_class(MaterialClass mc, double share, const Tablebase& ref,
                           const Tablebase& cand, const SetComparisonOptions& opt, int threads,
                           SetComparison& out) {
  EntryPlan plan{PositionIndex(mc).size(), true, {}};
  std::mt19937_64 rng(0x5EED0000u + uint64_t(class_slot(mc)));
  const uint64_t count = uint64_t(share) + (std::uniform_real_distribution<double>(0, 1)(rng) <
                                            share - std::floor(share));
  std::uniform_int_distribution<uint64_t> entry(0, plan.size - 1);
  for (uint64_t k = 0; k < count; ++k) plan.drawn.push_back(entry(rng));
  std::sort(plan.drawn.begin(), plan.drawn.end());  // blocks in file order, fewer first touches
  compare_class(
      mc, plan,
      [&](uint64_t k) {
        return ref.entry(TableKey{mc, plan.drawn[k]});
      },
      ref, cand, opt, threads, out);
}

}  // namespace

void SetComparison::add(SetComparison&& part, int list_limit) {
  stored_entries += part.stored_entries;
  derived_entries += part.derived_entries;
  stored_differing += part.stored_differing;
  derived_one_step += part.derived_one_step;
  derived_beyond += part.derived_beyond;
  dice_compared += part.dice_compared;
  dice_clear += part.dice_clear;
  best_move_differing += part.best_move_differing;
  for (auto& l : part.listed)
    if (int(listed.size()) < list_limit) listed.push_back(std::move(l));
}

SetComparison compare_table_sets(const std::filesystem::path& reference,
                                 const std::filesystem::path& candidate,
                                 const SetComparisonOptions& opt) {
  const int threads = opt.threads > 0 ? opt.threads : omp_get_max_threads();
  const Tablebase ref(reference, opt.cache_bytes), cand(candidate, opt.cache_bytes);
  for (const Tablebase* tb : {&ref, &cand})
    if (tb->complete_up_to() < opt.max_pieces)
      throw std::runtime_error(tb->directory().string() + ": complete up to " +
                               std::to_string(tb->complete_up_to()) + " pieces, not " +
                               std::to_string(opt.max_pieces));
  SetComparison out;
  uint64_t all_entries = 0, done = 0;
  for (int n = 2; n <= opt.max_pieces; ++n)
    for (MaterialClass mc : material_classes(n)) all_entries += PositionIndex(mc).size();
  for (int n = 2; n <= opt.max_pieces; ++n)
    for (MaterialClass mc : material_classes(n)) {
      const uint64_t size = PositionIndex(mc).size();
      if (opt.sample == 0)
        compare_whole_class(mc, ref, cand, opt, threads, out);
      else
        compare_sampled_class(mc, double(opt.sample) * double(size) / double(all_entries), ref,
                              cand, opt, threads, out);
      done += size;
      if (opt.on_class) opt.on_class(mc, done);
    }
  return out;
}

}  // namespace ewn
