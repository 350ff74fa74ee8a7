// Probing: values of positions and moves against the reference solver, symmetry twins, cache
// sizes, threads, and damaged or missing files.
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <thread>

#include "exact_file.h"
#include "generated_set.h"
#include "movegen.h"
#include "notation.h"
#include "probe_fixtures.h"
#include "random_position.h"
#include "symmetry.h"
#include "table_file.h"
#include "table_inspection.h"
#include "tablebase.h"

using namespace ewn;
using namespace ewn::test;

namespace {

// The tables hold values rounded to the format's precision.
constexpr double kTolerance = kValueRoundingError + 1e-12;

void copy_tables(const std::filesystem::path& from, const std::filesystem::path& to) {
  for (const auto& entry : std::filesystem::directory_iterator(from))
    std::filesystem::copy_file(entry.path(), to / entry.path().filename());
}

}  // namespace

TEST_CASE("tablebase: every stored entry of <= 3 pieces probes to its value") {
  auto& ref = ReferenceTables::get();
  Tablebase tb(ref.dir.path());
  REQUIRE(tb.complete_up_to() == 3);
  for (auto& [mc, values] : ref.values) {
    PositionIndex index(mc);
    SquareList sq{};
    for (uint64_t i = 0; i < index.size(); ++i) {
      if (!index.unrank(i, sq)) continue;
      Position pos = position_from_squares(mc, sq);
      auto v = tb.value(pos);
      REQUIRE(v);
      REQUIRE(*v == decode_value(values[i]));
    }
  }
}

TEST_CASE("tablebase: random positions and their twins agree with the solver") {
  auto& ref = ReferenceTables::get();
  Tablebase tb(ref.dir.path());
  Rng rng(42);
  for (int trial = 0; trial < 20000; ++trial) {
    Position pos = random_position(rng, 2 + trial % 2);
    INFO(format_position(pos));
    double exact = ref.solver.value(pos);
    double v = *tb.value(pos);
    REQUIRE(std::abs(v - exact) <= kTolerance);
    CHECK(*tb.value(mirror(pos)) == v);
    CHECK(*tb.value(flip_colours(pos)) == v);
    CHECK(*tb.value(renumber(pos, Red)) == v);
    CHECK(*tb.value(renumber(pos, Blue)) == v);
    CHECK(*tb.value(flip_colours(mirror(renumber(pos, Blue)))) == v);
  }
}

TEST_CASE("tablebase: generated 4-piece tables probe to the generator's values, twins equal") {
  const auto& dir = generated_set(4);
  Tablebase tb(dir);
  REQUIRE(tb.complete_up_to() == 4);
  std::map<MaterialClass, ExactFile> exact;
  Rng rng(4);
  for (int trial = 0; trial < 20000; ++trial) {
    Position pos = random_position(rng, 4);
    INFO(format_position(pos));
    TableKey key = canonical_key(pos);
    auto it = exact.find(key.material);
    if (it == exact.end())
      it = exact
               .emplace(key.material,
                        ExactFile(dir / exact_file_name(key.material), key.material, false))
               .first;
    double v = *tb.value(pos);
    // A stored value is within half a step of the exact one; a derived one (format 3, rounded
    // again after its ply) within one step (docs/FORMAT.md, "Derived classes").
    const double tolerance = tb.is_derived(key.material) ? kValueStep + 1e-9 : kTolerance;
    REQUIRE(std::abs(v - it->second.values()[key.index]) <= tolerance);
    CHECK(*tb.value(mirror(pos)) == v);
    CHECK(*tb.value(flip_colours(pos)) == v);
    CHECK(*tb.value(renumber(pos, Red)) == v);
    CHECK(*tb.value(renumber(pos, Blue)) == v);
    int die = 1 + trial % 6;
    auto moves = tb.best_moves(pos, die);
    REQUIRE(moves);
    REQUIRE(int(moves->size()) == legal_moves(pos, die).size);
  }
  Position five = random_position(rng, 5);
  CHECK_FALSE(tb.value(five));
}

TEST_CASE("tablebase: best moves are the solver's, sorted, winning moves marked") {
  auto& ref = ReferenceTables::get();
  Tablebase tb(ref.dir.path());
  Rng rng(7);
  for (int trial = 0; trial < 5000; ++trial) {
    Position pos = random_position(rng, 2 + trial % 2);
    INFO(format_position(pos));
    double sum = 0;
    for (int die = 1; die <= 6; ++die) {
      auto moves = tb.best_moves(pos, die);
      REQUIRE(moves);
      REQUIRE(int(moves->size()) == legal_moves(pos, die).size);
      for (size_t i = 0; i < moves->size(); ++i) {
        const auto& mv = (*moves)[i];
        CHECK(legal_moves(pos, die).contains(mv.move));
        if (i > 0) CHECK((*moves)[i - 1].value >= mv.value);
        Position next = pos;
        next.play(mv.move);
        CHECK(mv.wins == (next.winner() == pos.to_move));
        if (mv.wins)
          CHECK(mv.value == 1.0);
        else
          CHECK(std::abs(mv.value - (1 - ref.solver.value(next))) <= kTolerance);
      }
      REQUIRE(std::abs(moves->front().value - ref.solver.best_after_die(pos, die)) <= kTolerance);
      sum += moves->front().value;
    }
    CHECK(std::abs(sum / 6 - *tb.value(pos)) <= 2 * kTolerance);
  }
}

TEST_CASE("tablebase: decided and uncovered positions") {
  Tablebase tb(ReferenceTables::get().dir.path());
  // Red has reached e1; a decided position has no moves.
  auto won = parse_position("1b13/5/5/5/3r2r1 b").position;
  CHECK(*tb.value(won) == 0.0);
  won.to_move = Red;
  CHECK(*tb.value(won) == 1.0);
  CHECK(tb.best_moves(won, 3)->empty());
  // Four pieces: no table covers them.
  auto four = parse_position("r1r23/5/2b3b41/5/5 r").position;
  CHECK_FALSE(tb.value(four));
  CHECK_FALSE(tb.best_moves(four, 1));
  // An empty directory covers nothing but decided positions.
  TempDir empty("probe-empty");
  Tablebase none(empty.path());
  CHECK(none.complete_up_to() == 0);
  CHECK_FALSE(none.value(parse_position("r14/5/5/5/4b1 r").position));
  CHECK(*none.value(won) == 1.0);
}

TEST_CASE("tablebase: a class made alone (--class) has values for its positions and no others") {
  // The complete <= 3 set plus the group of one 4-piece class, against the complete <= 4 set.
  TempDir dir("probe-partial");
  for (const auto& entry : std::filesystem::directory_iterator(generated_set(4)))
    if (auto mc = parse_material_class(entry.path().stem().string()); mc && mc->piece_count() <= 3)
      std::filesystem::copy_file(entry.path(), dir.path() / entry.path().filename());
  const MaterialClass alone = *parse_material_class("12v13");
  // In format 3 the pair has one file, which derives the other class.
  MaterialClass stored = alone;
  for (MaterialClass mc : {alone, alone.flipped()})
    if (std::filesystem::exists(generated_set(4) / table_file_name(mc))) {
      std::filesystem::copy_file(generated_set(4) / table_file_name(mc),
                                 dir.path() / table_file_name(mc));
      stored = mc;
    }
  Tablebase partial(dir.path());
  Tablebase full(generated_set(4));
  REQUIRE(partial.complete_up_to() == 3);
  auto classes = partial.partial_classes();
  std::sort(classes.begin(), classes.end());
  auto expected = std::vector<MaterialClass>{alone, alone.flipped()};
  std::sort(expected.begin(), expected.end());
  CHECK(classes == expected);
  // The inventory of `ewn info` and /api/info (table_inspection.h) names the same classes.
  DirectoryInspection inspected = inspect_tables(dir.path(), /*headers_only=*/true);
  CHECK(inspected.coverage.complete_up_to == partial.complete_up_to());
  std::sort(inspected.coverage.partial_classes.begin(), inspected.coverage.partial_classes.end());
  CHECK(inspected.coverage.partial_classes == expected);
  Rng rng(12);
  int inside = 0, outside = 0;
  while (inside < 500 || outside < 500) {
    Position pos = random_position(rng, 4);
    MaterialClass mc = canonical_key(pos).material;
    bool in = mc == alone || mc == alone.flipped();
    INFO(format_position(pos));
    REQUIRE(partial.has_value_for(pos) == in);
    if (in) {
      ++inside;
      REQUIRE(*partial.value(pos) == *full.value(pos));
      int die = 1 + inside % 6;
      auto a = partial.best_moves(pos, die), b = full.best_moves(pos, die);
      REQUIRE(a);
      REQUIRE(a->size() == b->size());
      for (size_t i = 0; i < a->size(); ++i) CHECK((*a)[i].value == (*b)[i].value);
    } else {
      ++outside;
      CHECK_FALSE(partial.value(pos));
      CHECK_FALSE(partial.best_moves(pos, 1));
    }
  }
  // Without the pair's file neither class is covered: their quiet moves would lead nowhere.
  REQUIRE(std::filesystem::remove(dir.path() / table_file_name(stored)));
  CHECK(Tablebase(dir.path()).partial_classes().empty());
  // In format 2, one class without its twin's file is not covered either.
  for (MaterialClass mc : {alone, alone.flipped()})
    std::filesystem::copy_file(generated_set(4, 2) / table_file_name(mc),
                               dir.path() / table_file_name(mc));
  CHECK(Tablebase(dir.path()).partial_classes().size() == 2);
  std::filesystem::remove(dir.path() / table_file_name(alone.flipped()));
  CHECK(Tablebase(dir.path()).partial_classes().empty());
}

TEST_CASE("tablebase: any cache size and many threads give the same values") {
  auto& ref = ReferenceTables::get();
  Rng rng(99);
  std::vector<Position> positions;
  for (int i = 0; i < 4000; ++i) positions.push_back(random_position(rng, 3));
  std::vector<double> expected;
  Tablebase big(ref.dir.path());
  for (const auto& p : positions) expected.push_back(*big.value(p));
  for (size_t cache : {size_t(0), size_t(20000), size_t(1) << 20}) {
    Tablebase tb(ref.dir.path(), cache);
    std::vector<int> bad(4, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
      threads.emplace_back([&, t] {
        for (int round = 0; round < 3; ++round)
          for (size_t i = size_t(t); i < positions.size(); i += 2)
            if (*tb.value(positions[i]) != expected[i]) ++bad[t];
      });
    for (auto& th : threads) th.join();
    INFO("cache " << cache);
    CHECK(bad == std::vector<int>(4, 0));
    CHECK(tb.cache().size_bytes() <= cache);
  }
}

TEST_CASE("tablebase: a missing or damaged file is an error naming it, never a wrong value") {
  TempDir dir("probe-tb-damage");
  copy_tables(ReferenceTables::get().dir.path(), dir.path());
  MaterialClass mc = *parse_material_class("12v1");
  auto path = dir.path() / table_file_name(mc);
  // Red to move with pieces 1 and 2 against a lone blue piece: class 12v1.
  Position pos = parse_position("r1r23/5/5/5/3b11 r").position;
  REQUIRE(canonical_key(pos).material == mc);

  SECTION("missing after the tablebase was opened") {
    Tablebase tb(dir.path());
    std::filesystem::remove(path);
    CHECK_THROWS_WITH(tb.value(pos), Catch::StartsWith(path.string() + ": missing table file") &&
                                         Catch::Contains("ewn gen --pieces 3"));
  }
  SECTION("a damaged block") {
    std::vector<uint8_t> bytes;
    {
      std::ifstream in(path, std::ios::binary);
      bytes.assign(std::istreambuf_iterator<char>(in), {});
    }
    // The block that holds the position's entry (blocks are small: not always block 0), from
    // the file's block index (u64 little-endian offsets).
    uint64_t block = 0, begin = 0, end = 0;
    {
      TableFile file(path, mc);
      block = file.order().file_position(canonical_key(pos).index) / file.block_entries();
      auto offset_at = [&](uint64_t b) {
        uint64_t v = 0;
        for (int k = 7; k >= 0; --k)
          v = (v << 8) | bytes[size_t(file.header().offsets_offset + 8 * b + uint64_t(k))];
        return v;
      };
      begin = offset_at(block);
      end = offset_at(block + 1);
    }
    for (uint64_t at = begin; at < std::min(end, begin + 64); ++at) bytes[size_t(at)] ^= 0x5a;
    {
      std::ofstream out(path, std::ios::binary | std::ios::trunc);
      out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    }
    Tablebase tb(dir.path());
    CHECK_THROWS_WITH(tb.value(pos), Catch::StartsWith(path.string() + ": corrupt block " +
                                                       std::to_string(block) + " "));
    // Asked again, it fails again (nothing wrong was cached).
    CHECK_THROWS_AS(tb.value(pos), TableError);
  }
}
