// The generator against an independent brute-force solver, exact rationals and invariants.
#include <gmpxx.h>
#include <omp.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>

#include "brute_force_solver.h"
#include "exact_file.h"
#include "file_bytes.h"
#include "gen_plan.h"
#include "generated_set.h"
#include "generator.h"
#include "index.h"
#include "omp_threads.h"
#include "random_position.h"
#include "solve_class.h"
#include "symmetry.h"
#include "temp_dir.h"

using namespace ewn;
namespace fs = std::filesystem;

namespace {

using test::generated_set;

struct ClassValues {
  PositionIndex index;
  ExactFile file;
};

ClassValues open_class(const fs::path& dir, MaterialClass mc) {
  return ClassValues{PositionIndex(mc), ExactFile(dir / exact_file_name(mc), mc, true)};
}

// The generator's exact value for any undecided position.
double generated_value(const fs::path& dir, const Position& pos) {
  static std::map<std::pair<std::string, MaterialClass>, ExactFile> files;
  TableKey key = canonical_key(pos);
  auto k = std::pair(dir.string(), key.material);
  auto it = files.find(k);
  if (it == files.end())
    it = files.emplace(k, ExactFile(dir / exact_file_name(key.material), key.material, true)).first;
  return it->second.values()[key.index];
}

}  // namespace

TEST_CASE("generator agrees with brute force on every position with <= 3 pieces") {
  const fs::path& dir = generated_set(3);
  test::BruteForceSolver<double> brute;
  uint64_t checked = 0;
  for (int n = 2; n <= 3; ++n)
    for (MaterialClass mc : material_classes(n)) {
      ClassValues cv = open_class(dir, mc);
      uint64_t valid = 0;
      SquareList sq{};
      for (uint64_t i = 0; i < cv.index.size(); ++i) {
        bool ok = cv.index.unrank(i, sq);
        double v = cv.file.values()[i];
        if (!ok) {
          REQUIRE(std::isnan(v));
          continue;
        }
        ++valid;
        Position pos = position_from_squares(mc, sq);
        double expected = brute.value(pos);
        if (std::abs(v - expected) > 1e-12) {
          INFO(mc.name() << " entry " << i);
          REQUIRE(v == Approx(expected).margin(1e-12));
        }
        ++checked;
      }
      REQUIRE(valid == cv.index.canonical_count());
    }
  // Every canonical position with 2 or 3 pieces (SPEC section 5: 553 + ~2.2e5, halved).
  CHECK(checked > 100000);
}

TEST_CASE("generator agrees with brute force on random 4-piece positions") {
  const fs::path& dir = generated_set(4);
  test::BruteForceSolver<double> brute;
  Rng rng(4);
  for (int k = 0; k < 10000; ++k) {
    int red = 1 + int(rng.below(3));
    Position pos = random_position(rng, red, 4 - red, rng.below(2) ? Red : Blue);
    double expected = brute.value(pos);
    double got = generated_value(dir, pos);
    if (std::abs(got - expected) > 1e-12) {
      INFO(k);
      REQUIRE(got == Approx(expected).margin(1e-12));
    }
  }
}

TEST_CASE("generated doubles are within 1e-12 of the exact rational values") {
  const fs::path& dir = generated_set(3);
  test::BruteForceSolver<mpq_class> exact;
  Rng rng(7);
  for (int k = 0; k < 300; ++k) {
    int red = 1 + int(rng.below(2));
    Position pos = random_position(rng, red, 3 - red, rng.below(2) ? Red : Blue);
    mpq_class q = exact.value(pos);
    double got = generated_value(dir, pos);
    mpq_class diff = q - mpq_class(got);
    REQUIRE(std::abs(diff.get_d()) < 1e-12);
  }
}

TEST_CASE("generated values satisfy the invariants") {
  const fs::path& dir = generated_set(4);
  std::mt19937_64 rng(11);
  for (int n = 2; n <= 4; ++n)
    for (MaterialClass mc : material_classes(n)) {
      ClassValues cv = open_class(dir, mc);
      SquareList sq{};
      for (uint64_t i = 0; i < cv.index.size(); i += 1 + rng() % 7) {
        if (!cv.index.unrank(i, sq)) continue;
        double v = cv.file.values()[i];
        REQUIRE(v >= 0.0);
        REQUIRE(v <= 1.0);
        Position pos = position_from_squares(mc, sq);
        // A mover that wins at once with every die has value 1.
        bool wins_always = true;
        for (int d = 1; d <= 6 && wins_always; ++d) {
          bool wins = false;
          for (Move m : legal_moves(pos, d)) {
            Position next = pos;
            next.play(m);
            wins |= next.winner() == Red;
          }
          wins_always = wins;
        }
        if (wins_always) REQUIRE(v == 1.0);
        // Symmetric twins have bit-identical values.
        REQUIRE(generated_value(dir, mirror(pos)) == v);
        REQUIRE(generated_value(dir, flip_colours(pos)) == v);
        REQUIRE(generated_value(dir, renumber(pos, Red)) == v);
        REQUIRE(generated_value(dir, renumber(pos, Blue)) == v);
      }
    }
}

namespace {
std::map<std::string, std::string> read_all(const fs::path& dir) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::directory_iterator(dir)) {
    std::ifstream in(e.path(), std::ios::binary);
    files[e.path().filename().string()] =
        std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  return files;
}

GenSummary generate_into(const fs::path& dir, int pieces, int threads) {
  GenOptions opt;
  opt.pieces = pieces;
  opt.out = dir;
  opt.threads = threads;
  return generate(opt);
}

// The files of a plain run up to 4 pieces on 2 threads, by name, made once for the tests below,
// which hold their other runs to these bytes (1 thread, groups in parts, one class alone).
const std::map<std::string, std::string>& four_pieces_on_two_threads() {
  static const std::map<std::string, std::string> files = [] {
    test::TempDir dir("threads2");
    generate_into(dir.path(), 4, 2);
    return read_all(dir.path());
  }();
  return files;
}
}  // namespace

TEST_CASE("generator output is byte-identical with 1 and 2 threads, reruns and repairs") {
  // Classes of 4 pieces are large enough for the parallel loops to run on both threads.
  test::TempDir one("threads1");
  generate_into(one.path(), 4, 1);
  auto a = read_all(one.path());
  const auto& b = four_pieces_on_two_threads();
  // Files up to 4 pieces, and nothing else: in format 3 one for each of the 10 classes that are
  // their own colour twin and one for each of the 55 other pairs (120 classes).
  REQUIRE(a.size() == 65);
  REQUIRE(a == b);

  // A rerun skips every complete table.
  GenSummary s = generate_into(one.path(), 4, 2);
  CHECK(s.tables_generated == 0);
  CHECK(s.tables_skipped == 120);
  CHECK(read_all(one.path()) == a);

  // A missing table, a damaged one and a killed run's leftovers: made again, identical. The
  // exact values of the classes they capture into were not kept, so those are derived again.
  // (13v12 and 12v1 are the stored classes of their pairs, 12v13 and 1v12 derived from them.)
  fs::remove(one.path() / "13v12.ewt");
  test::overwrite_bytes(one.path() / "12v1.ewt", 200, "\x7f");
  std::ofstream(one.path() / ".13v1.ewt.tmp.99999") << "left by a killed run";
  // Their groups are solved again (both classes of each, a pair being written together); the
  // other groups' files are kept as they are.
  std::map<std::string, fs::file_time_type> others;
  for (std::string other : {"13v1.ewt", "123v1.ewt"})
    others[other] = fs::last_write_time(one.path() / other);
  s = generate_into(one.path(), 4, 2);
  CHECK(s.tables_generated == 4);
  CHECK(s.tables_skipped == 116);
  CHECK(s.groups_rederived > 0);
  CHECK(read_all(one.path()) == a);
  for (const auto& [other, written] : others)
    CHECK(fs::last_write_time(one.path() / other) == written);
}

TEST_CASE(
    "generator refuses a budget too small, naming the smallest; that one splits groups into parts, "
    "with the same bytes") {
  test::TempDir one("budget-parts1"), two("budget-parts2");
  const auto& expected = four_pieces_on_two_threads();
  GenOptions opt;
  opt.pieces = 4;
  opt.out = one.path();
  opt.working_memory = 64 << 10;
  uint64_t smallest = 0;
  try {
    generate(opt);
  } catch (const MemoryBudgetError& e) {
    smallest = e.needed();
    CHECK_THAT(e.what(), Catch::Contains("too small") && Catch::Contains("needs at least"));
  }
  REQUIRE(smallest > opt.working_memory);
  CHECK(fs::is_empty(one.path()));  // stopped at once, before any table
  // The smallest budget that works splits the largest group most.
  for (auto [dir, threads] : {std::pair{&one, 1}, std::pair{&two, 2}}) {
    opt.out = dir->path();
    opt.threads = threads;
    opt.working_memory = smallest;
    GenSummary s = generate(opt);
    INFO(threads << " thread(s)");
    CHECK(s.tables_generated == 120);
    CHECK(s.most_parts >= 4);  // the largest group, 1v123 with 123v1, in four parts or more
    CHECK(s.groups_in_parts > 10);
    CHECK(read_all(dir->path()) == expected);
  }
}

TEST_CASE("generator: small groups side by side on 2 threads, where the budget holds them") {
  // generate() solves such jobs one per thread at once; the tests above give their bytes
  // against 1 thread, where none is.
  test::TempDir dir("side-by-side");
  GenOptions opt;
  opt.pieces = 4;
  opt.out = dir.path();
  auto count = [&](int threads) {
    OmpThreadsScope scope(threads);
    GenPlan plan(opt);
    return std::count_if(plan.jobs().begin(), plan.jobs().end(),
                         [](const GenJob& job) { return job.side_by_side; });
  };
  const auto all = count(2);
  CHECK(all == count(3));
  CHECK(all > 40);  // every group up to 4 pieces
  CHECK(count(1) == 0);
  // A budget of the largest group alone: not every group fits twice.
  opt.working_memory = whole_group_bytes(*parse_material_class("123v1")) + (uint64_t(1) << 20);
  const auto fewer = count(2);
  CHECK(fewer < all);
  CHECK(fewer > 0);
}

TEST_CASE("generator: --class alone derives what it captures into, with the same bytes") {
  test::TempDir dir("only");
  const auto& expected = four_pieces_on_two_threads();
  GenOptions opt;
  opt.pieces = 4;
  opt.out = dir.path();
  opt.only_class = parse_material_class("12v13");
  GenSummary s = generate(opt);
  auto got = read_all(dir.path());
  // 12v13 with its twin 13v12 (one file: 13v12's, which derives 12v13), and the smaller
  // classes it reaches, whose tables were missing.
  CHECK_FALSE(got.count("12v13.ewt"));
  CHECK(got.count("13v12.ewt"));
  // Tables count classes: a file of a pair answers for two.
  int classes = 0;
  for (const auto& [name, bytes] : got) {
    auto mc = parse_material_class(fs::path(name).stem().string());
    REQUIRE(mc);
    classes += mc->flipped() == *mc ? 1 : 2;
  }
  CHECK(s.tables_generated == classes);
  for (const auto& [name, bytes] : got) {
    INFO(name);
    CHECK(bytes == expected.at(name));
  }
  // A class larger than the set asked for is refused before any work.
  opt.pieces = 3;
  REQUIRE_THROWS_AS(generate(opt), std::invalid_argument);
}

TEST_CASE("generator: progress goes to the callback; the caller's thread setting stays") {
  test::TempDir dir("progress");
  std::ofstream(dir.path() / ".1v1.ewt.tmp.99999") << "left by a killed run";
  GenOptions opt;
  opt.pieces = 3;
  opt.out = dir.path();
  opt.threads = 1;
  std::vector<GenProgress> reports;
  int removed = 0;
  opt.on_progress = [&](const GenProgress& p) { reports.push_back(p); };
  opt.on_temporaries_removed = [&](int files) { removed += files; };
  const int threads_before = omp_get_max_threads();
  omp_set_num_threads(3);  // the caller's own setting, unlike the run's
  GenSummary s = generate(opt);
  CHECK(omp_get_max_threads() == 3);
  omp_set_num_threads(threads_before);
  CHECK(removed == 1);
  REQUIRE_FALSE(reports.empty());
  CHECK(reports.front().tables_done == 0);
  const GenProgress& last = reports.back();
  CHECK(last.tables_done == s.tables_total);
  CHECK(last.tables_total == s.tables_total);
  CHECK(last.work_done == last.work_total);
  CHECK(last.work_total == s.positions);
  CHECK(last.work_skipped == 0);
  for (const GenProgress& p : reports) CHECK(p.work_done <= p.work_total);

  // A rerun finds every table complete: nothing to report.
  reports.clear();
  s = generate(opt);
  CHECK(s.tables_skipped == s.tables_total);
  CHECK(reports.empty());
}
