#include "set_comparison.h"

#include <omp.h>

#include <algorithm>
#include <cstdlib>
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

void compare_class(MaterialClass mc, const std::vector<uint16_t>& expected, const Tablebase& ref,
                   const Tablebase& cand, const SetComparisonOptions& opt, int threads,
                   SetComparison& total) {
  PositionIndex index(mc);
  const bool derived = cand.is_derived(mc);
  const int64_t chunks = int64_t((index.size() + kChunk - 1) / kChunk);
  std::string failure;
#pragma omp parallel num_threads(threads)
  {
    SetComparison local;
    SquareList sq{};
#pragma omp for schedule(dynamic, 1)
    for (int64_t c = 0; c < chunks; ++c) {
      try {
        const uint64_t begin = uint64_t(c) * kChunk, end = std::min(index.size(), begin + kChunk);
        for (uint64_t i = begin; i < end; ++i) {
          if (!entry_is_read(index, i)) continue;
          const uint16_t a = expected[i], b = cand.entry(TableKey{mc, i});
          const int off = std::abs(int(a) - int(b));
          (derived ? local.derived_entries : local.stored_entries) += 1;
          if (off > 0 && !derived) ++local.stored_differing;
          if (off == 1 && derived) ++local.derived_one_step;
          if (off > 1 && derived) ++local.derived_beyond;
          if ((off > 0 && !derived) || off > 1)
            local.listed.push_back(describe(
                mc, i, std::to_string(a) + " against " + std::to_string(b) + " (of 65535)"));
          if (opt.moves_every == 0 || i % opt.moves_every != 0) continue;
          index.unrank(i, sq);
          compare_moves(ref, cand, position_from_squares(mc, sq), mc, i, local);
        }
      } catch (const std::exception& e) {  // no exception may leave an OpenMP loop
#pragma omp critical(ewn_compare_failure)
        failure = e.what();
      }
    }
#pragma omp critical(ewn_compare_merge)
    {
      total.stored_entries += local.stored_entries;
      total.derived_entries += local.derived_entries;
      total.stored_differing += local.stored_differing;
      total.derived_one_step += local.derived_one_step;
      total.derived_beyond += local.derived_beyond;
      total.dice_compared += local.dice_compared;
      total.dice_clear += local.dice_clear;
      total.best_move_differing += local.best_move_differing;
      for (auto& l : local.listed)
        if (int(total.listed.size()) < opt.list_limit) total.listed.push_back(std::move(l));
    }
  }
  if (!failure.empty()) throw std::runtime_error(failure);
}

}  // namespace

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
  uint64_t done = 0;
  for (int n = 2; n <= opt.max_pieces; ++n)
    for (MaterialClass mc : material_classes(n)) {
      // The reference as it is stored (a derived reference class through its probes).
      std::vector<uint16_t> expected;
      if (ref.is_derived(mc)) {
        expected.resize(PositionIndex(mc).size());
        for (uint64_t i = 0; i < expected.size(); ++i) expected[i] = ref.entry(TableKey{mc, i});
      } else {
        expected = read_table(ref.path_of(mc), mc, threads);
      }
      compare_class(mc, expected, ref, cand, opt, threads, out);
      done += expected.size();
      if (opt.on_class) opt.on_class(mc, done);
    }
  return out;
}

}  // namespace ewn
