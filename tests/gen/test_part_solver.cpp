// Solving a group in parts (gen/part_solver.h) against solving it whole: the level census, the
// level bitmaps, bit-identical values for any budget, resuming from work files, and damaged work
// files detected.
#include <barrier>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <span>
#include <thread>

#include "exact_file.h"
#include "file_bytes.h"
#include "generated_set.h"
#include "index.h"
#include "level_bitmap.h"
#include "level_census.h"
#include "memory_budget.h"
#include "part_solver.h"
#include "position_solver.h"
#include "solve_class.h"
#include "temp_dir.h"

using namespace ewn;
namespace fs = std::filesystem;

TEST_CASE("level census equals the levels of the valid entries") {
  for (int n = 2; n <= 4; ++n)
    for (MaterialClass mc : material_classes(n)) {
      PositionIndex index(mc);
      std::vector<uint64_t> counted(8 * n + 1, 0);
      SquareList sq{};
      for (uint64_t i = 0; i < index.size(); ++i)
        if (index.unrank(i, sq)) ++counted[index.total_progress(sq)];
      INFO(mc.name());
      CHECK(level_census(mc) == counted);
    }
  for (int n = 5; n <= 7; ++n)
    for (MaterialClass mc : material_classes(n)) {
      uint64_t sum = 0;
      for (uint64_t c : level_census(mc)) sum += c;
      INFO(mc.name());
      CHECK(sum == PositionIndex(mc).canonical_count());
    }
}

TEST_CASE("level bitmap ranks every set bit") {
  for (uint64_t size : {1ull, 63ull, 64ull, 65ull, 511ull, 512ull, 513ull, 5000ull}) {
    LevelBitmap b(size);
    std::vector<uint64_t> set;
    for (uint64_t i = 0; i < size; ++i)
      if ((i * 7919) % 5 < 2) {
        b.words()[i >> 6] |= uint64_t(1) << (i & 63);
        set.push_back(i);
      }
    b.finish();
    REQUIRE(b.count() == set.size());
    for (size_t r = 0; r < set.size(); ++r) {
      REQUIRE(b.test(set[r]));
      REQUIRE(b.rank(set[r]) == r);
    }
    CHECK(b.rank(size) == set.size());
  }
}

TEST_CASE("memory sizes parse as --max-memory takes them") {
  CHECK(parse_memory_size("96M") == uint64_t(96) << 20);
  CHECK(parse_memory_size("16G") == uint64_t(16) << 30);
  CHECK(parse_memory_size("16GiB") == uint64_t(16) << 30);
  CHECK(parse_memory_size("512k") == uint64_t(512) << 10);
  CHECK(parse_memory_size("1000") == 1000u);
  for (const char* bad : {"", "M", "12X", "1.5G", "-3M", "3M4", "99999999999999999999T"})
    CHECK_FALSE(parse_memory_size(bad));
  CHECK(memory_size_argument((uint64_t(96) << 20) + 1) == "97M");
}

namespace {

struct Children {
  std::map<MaterialClass, ExactFile> files;
  SolvedValues values;
};

Children open_children(MaterialClass mc, const fs::path& dir) {
  Children c;
  for (MaterialClass m : {mc, mc.flipped()})
    for (MaterialClass child : capture_children(m))
      if (!c.files.count(child)) {
        c.files[child] = ExactFile(dir / exact_file_name(child), child, true);
        c.values[child] = c.files[child].values();
      }
  return c;
}

std::vector<double> streamed(MaterialClass mc, const fs::path& work) {
  std::vector<double> out;
  read_solved_class(
      mc, work, [&](std::span<const double> v) { out.insert(out.end(), v.begin(), v.end()); },
      1000);
  return out;
}

bool same_bits(std::span<const double> a, std::span<const double> b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

}  // namespace

TEST_CASE("a group solved in parts has the whole solve's values, bit for bit") {
  const fs::path& set3 = test::generated_set(3);
  MaterialClass mc = *parse_material_class("1v123");
  Children children = open_children(mc, set3);
  auto whole = solve_group(mc, children.values);
  uint64_t smallest = min_part_bytes(mc);
  for (uint64_t budget : {smallest, 2 * smallest, 100 * smallest}) {
    test::TempDir work("parts");
    auto parts = plan_parts(mc, budget, 8 * mc.piece_count() + 1);
    PartedSolve r = solve_group_in_parts(mc, children.values, work.path(), budget);
    INFO("budget " << budget);
    CHECK(r.parts == int(parts.size()));
    CHECK(r.resumed_level == -1);
    for (const SolvedClass& sc : whole)
      CHECK(same_bits(streamed(sc.material, work.path()), sc.values));
  }
  CHECK(plan_parts(mc, smallest - 1, 8 * mc.piece_count() + 1).empty());
}

TEST_CASE("a quiet child's index by a sum is the one rank() gives") {
  // Every class of 4 and 5 pieces with two or more opponent pieces, random positions, each of
  // our pieces put on every empty square but e1 (a quiet move that does not win at once).
  std::mt19937_64 rng(58);
  uint64_t checked = 0;
  for (int n = 4; n <= 5; ++n)
    for (MaterialClass mc : material_classes(n)) {
      const int a = mc.mover_count(), b = mc.opponent_count();
      if (b < 2) continue;
      const PositionIndex index(mc), twin(mc.flipped());
      std::uniform_int_distribution<uint64_t> entry(0, index.size() - 1);
      for (int trial = 0; trial < 40; ++trial) {
        SquareList sq{};
        if (!index.unrank(entry(rng), sq)) continue;
        SquareList leading{};
        for (int x = 0; x < b; ++x) leading[x] = flip_square(sq[a + x]);
        const auto prefix = twin.rank_prefix(leading, b);
        if (!prefix.usable) continue;
        std::array<Square, kPiecesPerSide> ours{};
        for (int x = 0; x < a; ++x) ours[x] = flip_square(sq[x]);
        const QuietRank ranked(prefix, ours.data(), a, b);
        uint32_t occupied = 0;
        for (int x = 0; x < a + b; ++x) occupied |= 1u << sq[x];
        for (int x = 0; x < a; ++x)
          for (int to = 0; to < kSquares; ++to) {
            if ((occupied >> to) & 1 || to == kRedGoal) continue;
            SquareList child = leading;
            for (int y = 0; y < a; ++y) child[b + y] = y == x ? flip_square(Square(to)) : ours[y];
            INFO(mc.name() << " piece " << x << " to " << to);
            REQUIRE(ranked.moved(x, flip_square(Square(to))) == twin.rank(child));
            ++checked;
          }
      }
    }
  CHECK(checked > 100000);
}

TEST_CASE("renumbering twins solved once have the bits of solving each of them") {
  // The whole solve and the parts path solve the smallest of each position's renumbering twins
  // and copy its value to the others. Here every other twin is solved by the rule itself, from
  // the whole solve's values, and must give the copied bits. Classes with a symmetric mover, a
  // symmetric opponent, and both.
  const fs::path& set3 = test::generated_set(3);
  for (const char* name : {"16v25", "34v12", "25v1"}) {
    MaterialClass mc = *parse_material_class(name);
    Children children = open_children(mc, set3);
    auto whole = solve_group(mc, children.values);
    test::TempDir work("twins");
    solve_group_in_parts(mc, children.values, work.path(), 100 * min_part_bytes(mc));
    for (const SolvedClass& sc : whole) {
      INFO(sc.material.name());
      CHECK(same_bits(streamed(sc.material, work.path()), sc.values));
      // Every twin holds a value, the same bits as the entry a probe reads.
      PositionIndex index(sc.material);
      ClassContext c(sc.material, children.values, nullptr);
      REQUIRE((c.renumber_mover || c.renumber_opponent));
      const double* twin_values = whole.back().values.data();
      if (whole.size() == 2 && sc.material == whole.back().material)
        twin_values = whole.front().values.data();
      const ClassContext solving(sc.material, children.values, twin_values);
      auto quiet = [twin_values](uint64_t index, int) { return twin_values + index; };
      uint64_t copied = 0;
      SquareList sq{};
      for (uint64_t i = 0; i < index.size(); ++i) {
        if (!index.unrank(i, sq)) continue;
        uint64_t smallest = smallest_renumbering_twin(c, sq, i);
        REQUIRE(!std::isnan(sc.values[i]));
        REQUIRE(std::memcmp(&sc.values[i], &sc.values[smallest], sizeof(double)) == 0);
        if (smallest == i) continue;
        PositionMoves moves;
        collect_moves(solving, sq, quiet, moves);
        const double solved = position_value(solving, moves);
        REQUIRE(std::memcmp(&solved, &sc.values[smallest], sizeof(double)) == 0);
        ++copied;
      }
      CHECK(copied > index.size() / 4);
    }
  }
}

TEST_CASE("a group solved in parts resumes from its work files and rejects damaged ones") {
  const fs::path& set3 = test::generated_set(3);
  MaterialClass mc = *parse_material_class("12v12");  // its own twin
  Children children = open_children(mc, set3);
  auto whole = solve_group(mc, children.values);
  test::TempDir work("parts-resume");
  uint64_t budget = min_part_bytes(mc);
  solve_group_in_parts(mc, children.values, work.path(), budget);
  // As if killed after level 20 was solved: the levels below it are gone.
  for (int l = 0; l < 20; ++l)
    fs::remove(work.path() / ("12v12.L" + std::to_string(l) + ".values"));
  PartedSolve r = solve_group_in_parts(mc, children.values, work.path(), budget);
  CHECK(r.resumed_level == 20);
  CHECK(same_bits(streamed(mc, work.path()), whole[0].values));

  // A damaged level is found when it is read.
  fs::path level = work.path() / "12v12.L10.values";
  test::overwrite_bytes(level, 3, "\x55");
  REQUIRE_THROWS_WITH(streamed(mc, work.path()),
                      Catch::Contains("12v12.L10.values") && Catch::Contains("damaged"));
  // A resumed solve checks its work files and solves the damaged level again.
  r = solve_group_in_parts(mc, children.values, work.path(), budget);
  CHECK(r.resumed_level == 11);
  CHECK(same_bits(streamed(mc, work.path()), whole[0].values));
}

namespace {

// Processes sharing a group in parts, played by threads: each combine sums the slices of every
// thread (as the ring of ranks does in dist/), in a fixed order.
class ThreadSharing {
 public:
  explicit ThreadSharing(int slices) : slices_(slices), sync_(slices), deposited_(slices) {}

  PartSharing for_slice(int slice) {
    PartSharing s;
    s.slice = slice;
    s.slices = slices_;
    s.combine = [this, slice](std::span<double> values) {
      deposited_[slice] = values;
      sync_.arrive_and_wait();
      if (slice == 0) {
        sum_.assign(values.size(), -0.0);  // what adds nothing, to either zero too
        for (std::span<double> d : deposited_)
          for (size_t i = 0; i < d.size(); ++i) sum_[i] += d[i];
      }
      sync_.arrive_and_wait();
      std::copy(sum_.begin(), sum_.end(), values.begin());
      sync_.arrive_and_wait();
    };
    s.barrier = [this] { sync_.arrive_and_wait(); };
    s.leaders = [combine = s.combine, slice](int value) {
      double v = slice == 0 ? double(value) : -0.0;
      combine({&v, 1});
      return int(v);
    };
    return s;
  }

 private:
  int slices_;
  std::barrier<> sync_;
  std::vector<std::span<double>> deposited_;
  std::vector<double> sum_;
};

}  // namespace

TEST_CASE("a group in parts shared by several processes has the values of one, bit for bit") {
  const fs::path& set3 = test::generated_set(3);
  MaterialClass mc = *parse_material_class("1v123");
  Children children = open_children(mc, set3);
  auto whole = solve_group(mc, children.values);
  uint64_t budget = min_part_bytes(mc);
  for (int slices : {2, 3}) {
    INFO(slices << " processes");
    test::TempDir work("parts-shared");
    ThreadSharing sharing(slices);
    std::vector<PartedSolve> results(slices);
    // Every process solves its slices; the leader writes the work files, which then hold the
    // values of one process, whole.
    auto solve_together = [&] {
      std::vector<std::thread> processes;
      for (int s = 0; s < slices; ++s)
        processes.emplace_back([&, s] {
          PartSharing share = sharing.for_slice(s);
          results[s] = solve_group_in_parts(mc, children.values, work.path(), budget, {}, &share);
        });
      for (auto& p : processes) p.join();
      for (const PartedSolve& r : results) CHECK(r.parts == results[0].parts);
      for (const SolvedClass& sc : whole)
        CHECK(same_bits(streamed(sc.material, work.path()), sc.values));
    };
    solve_together();
    CHECK(results[0].parts > 1);

    // Solved again together: the leader alone decides where to start and the others take its
    // word. As if killed after level 12: the levels below are gone. Then with the levels file
    // gone too, where only the leader knows that the solved levels cannot be trusted.
    for (MaterialClass m : with_twin(mc))
      for (int l = 0; l < 12; ++l)
        fs::remove(work.path() / (m.name() + ".L" + std::to_string(l) + ".values"));
    solve_together();
    for (const PartedSolve& r : results) CHECK(r.resumed_level == 12);
    for (MaterialClass m : with_twin(mc)) fs::remove(work.path() / (m.name() + ".levels"));
    solve_together();
    for (const PartedSolve& r : results) CHECK(r.resumed_level == -1);
  }
}

TEST_CASE("renumbering twins: copied by one process and by processes sharing, the same bits") {
  // Processes sharing a group copy each twin's value once the level's slices are combined: the
  // smallest twin may have been solved in another process's slice.
  const fs::path& set3 = test::generated_set(3);
  for (const char* name : {"16v25", "34v12", "25v1"}) {
    MaterialClass mc = *parse_material_class(name);
    INFO(name);
    Children children = open_children(mc, set3);
    auto whole = solve_group(mc, children.values);
    test::TempDir alone("twins-alone"), shared("twins-shared");
    const uint64_t budget = min_part_bytes(mc);
    CHECK(solve_group_in_parts(mc, children.values, alone.path(), budget).parts > 1);
    ThreadSharing sharing(2);
    std::vector<std::thread> processes;
    for (int s = 0; s < 2; ++s)
      processes.emplace_back([&, s] {
        PartSharing share = sharing.for_slice(s);
        solve_group_in_parts(mc, children.values, shared.path(), budget, {}, &share);
      });
    for (auto& p : processes) p.join();
    for (const SolvedClass& sc : whole) {
      INFO(sc.material.name());
      CHECK(same_bits(streamed(sc.material, alone.path()), sc.values));
      CHECK(same_bits(streamed(sc.material, shared.path()), sc.values));
    }
  }
}
