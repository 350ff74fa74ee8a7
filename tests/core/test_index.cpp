// PositionIndex and canonical_key: a bijection between canonical undecided positions and the
// valid entries of each material class, shared by all symmetric twins.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "index.h"
#include "index_walk.h"
#include "notation.h"
#include "placements.h"
#include "symmetry.h"

using namespace ewn;
using test::not_after;
using test::reflected_list;

namespace {

bool same_squares(const SquareList& x, const SquareList& y, int n) {
  return std::equal(x.begin(), x.begin() + n, y.begin());
}

std::string squares_text(const SquareList& sq, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += square_name(sq[i]) + " ";
  return s;
}

// A placement whose first a squares are the mover's: is it a decided position?
bool decided_placement(const SquareList& sq, int a, int n) {
  for (int i = 0; i < n; ++i)
    if (i < a ? sq[i] == square_at(4, 1) : sq[i] == square_at(0, 5)) return true;
  return false;
}

// Checks one entry: a valid entry is an undecided placement that ranks back to its index;
// waste is either decided or a mirror twin of a smaller entry.
void check_entry(const PositionIndex& index, uint64_t i, uint64_t& valid_count) {
  const int n = index.piece_count(), a = index.mover_count();
  SquareList sq{};
  bool valid = index.unrank(i, sq);
  uint32_t used = 0;
  for (int k = 0; k < n; ++k) {
    if (sq[k] >= kSquares || (used & (1u << sq[k])))
      FAIL(index.material().name() << " entry " << i << ": bad squares " << squares_text(sq, n));
    used |= 1u << sq[k];
  }
  if (!valid) {
    if (!decided_placement(sq, a, n) && !(index.rank(sq) < i))
      FAIL(index.material().name()
           << " entry " << i << " is called waste but holds " << squares_text(sq, n));
    return;
  }
  ++valid_count;
  if (decided_placement(sq, a, n))
    FAIL(index.material().name() << " entry " << i << " is decided: " << squares_text(sq, n));
  if (index.rank(sq) != i)
    FAIL(index.material().name() << " entry " << i << " ranks back to " << index.rank(sq));
  Position pos = position_from_squares(index.material(), sq);
  if (test::decided_by_hand(pos) || pos.to_move != Red || pos.piece_count() != n)
    FAIL(index.material().name() << " entry " << i << " gives " << format_position(pos));
  if (!same_squares(squares_in_class_order(pos), sq, n))
    FAIL(index.material().name() << " entry " << i << ": squares_in_class_order differs");
  if (index.total_progress(sq) != pos.total_progress())
    FAIL(index.material().name() << " entry " << i << ": total_progress differs");
}

// Checks an undecided placement: it ranks to a valid entry holding it or its mirror image.
uint64_t check_placement(const PositionIndex& index, const SquareList& sq) {
  const int n = index.piece_count();
  uint64_t j = index.rank(sq);
  if (j >= index.size())
    FAIL(index.material().name() << ": " << squares_text(sq, n) << "ranks out of range");
  SquareList back{};
  if (!index.unrank(j, back))
    FAIL(index.material().name() << ": " << squares_text(sq, n) << "ranks to waste " << j);
  SquareList mirrored = reflected_list(sq, n);
  if (!same_squares(back, sq, n) && !same_squares(back, mirrored, n))
    FAIL(index.material().name() << ": " << squares_text(sq, n) << "ranks to an entry holding "
                                 << squares_text(back, n));
  if (index.rank(mirrored) != j)
    FAIL(index.material().name() << ": " << squares_text(sq, n) << "and its mirror rank apart");
  return j;
}

// Classes to sample for a piece count: the first of each split between the sides, plus one
// where both sides are renumber-symmetric when there is one.
std::vector<MaterialClass> sample_classes(int pieces) {
  std::vector<MaterialClass> out;
  std::set<int> splits;
  bool symmetric_pair = false;
  for (MaterialClass mc : material_classes(pieces)) {
    if (splits.insert(mc.mover_count()).second) out.push_back(mc);
    if (!symmetric_pair && renumber_symmetric(mc.mover) && renumber_symmetric(mc.opponent)) {
      out.push_back(mc);
      symmetric_pair = true;
    }
  }
  return out;
}

// The four generating symmetries, and a lone piece renumbered to 1 (its number never matters).
const std::vector<std::function<Position(const Position&)>> kSymmetries = {
    flip_colours, mirror, [](const Position& p) { return renumber(p, Red); },
    [](const Position& p) { return renumber(p, Blue); }};

Position lone_as_one(const Position& pos) {
  Position out = pos;
  for (Side side : {Red, Blue})
    if (pos.count(side) == 1) {
      Position moved;
      moved.to_move = pos.to_move;
      for (Side s : {Red, Blue})
        for (int n = 1; n <= 6; ++n)
          if (Square sq = out.square_of(s, n); sq != kNoSquare) moved.put(s, s == side ? 1 : n, sq);
      out = moved;
    }
  return out;
}

// Every position reachable from `pos` by the symmetries, as notation.
std::set<std::string> orbit(const Position& pos) {
  std::set<std::string> seen;
  std::vector<Position> todo = {lone_as_one(pos)};
  seen.insert(format_position(todo[0]));
  while (!todo.empty()) {
    Position p = todo.back();
    todo.pop_back();
    for (const auto& f : kSymmetries) {
      Position q = f(p);
      if (seen.insert(format_position(q)).second) todo.push_back(q);
    }
  }
  return seen;
}

// A position as two words: 4 bits per square and the side to move.
using BoardCode = std::pair<uint64_t, uint64_t>;
BoardCode board_code(const Position& p) {
  BoardCode c{p.to_move, 0};
  for (int s = 0; s < kSquares; ++s) {
    uint64_t& word = s < 13 ? c.first : c.second;
    word = word << 4 | p.board[s];
  }
  return c;
}

// The smallest board code among the twins of `pos` (the same orbit as orbit()).
BoardCode orbit_name(const Position& pos) {
  std::vector<Position> members = {lone_as_one(pos)};
  std::vector<BoardCode> codes = {board_code(members[0])};
  for (size_t k = 0; k < members.size(); ++k)
    for (const auto& f : kSymmetries) {
      Position q = f(members[k]);
      BoardCode c = board_code(q);
      if (std::find(codes.begin(), codes.end(), c) == codes.end()) {
        codes.push_back(c);
        members.push_back(q);
      }
    }
  return *std::min_element(codes.begin(), codes.end());
}

}  // namespace

TEST_CASE("index: exhaustive bijection for every class with up to 3 pieces") {
  for (int pieces = 2; pieces <= 3; ++pieces)
    for (MaterialClass mc : material_classes(pieces)) {
      PositionIndex index(mc);
      INFO(mc.name());
      REQUIRE(index.piece_count() == pieces);
      uint64_t valid = 0;
      for (uint64_t i = 0; i < index.size(); ++i) check_entry(index, i, valid);
      CHECK(valid == index.canonical_count());

      // Every placement, enumerated without the index: canonical ones hit each valid entry once.
      std::vector<int> hits(index.size(), 0);
      uint64_t canonical = 0;
      test::for_each_placement(mc.mover_count(), pieces, [&](const SquareList& sq) {
        uint64_t j = check_placement(index, sq);
        if (not_after(sq, reflected_list(sq, pieces), pieces)) {
          ++hits[j];
          ++canonical;
        }
      });
      CHECK(canonical == index.canonical_count());
      for (uint64_t i = 0; i < index.size(); ++i) {
        SquareList sq{};
        if (hits[i] != (index.unrank(i, sq) ? 1 : 0))
          FAIL(mc.name() << " entry " << i << " is hit " << hits[i] << " times");
      }
    }
}

TEST_CASE("index: sampled bijection for 4 to 6 pieces") {
  test::Rng rng(4242);
  const int kSamples = 100000;
  for (int pieces = 4; pieces <= 6; ++pieces)
    for (MaterialClass mc : sample_classes(pieces)) {
      PositionIndex index(mc);
      INFO(mc.name() << ", size " << index.size());
      std::uniform_int_distribution<uint64_t> entry(0, index.size() - 1);
      uint64_t valid = 0;
      for (int k = 0; k < kSamples; ++k) check_entry(index, entry(rng), valid);
      // The valid share of random entries estimates canonical_count / size (6 sigma margin).
      double expected = double(index.canonical_count()) / double(index.size());
      CHECK(double(valid) / kSamples == Approx(expected).margin(0.01));
      // The last entry and the first are in range.
      check_entry(index, 0, valid);
      check_entry(index, index.size() - 1, valid);

      // Random undecided placements.
      const int a = mc.mover_count();
      for (int k = 0; k < kSamples; ++k) {
        std::array<int, kSquares> squares{};
        for (int s = 0; s < kSquares; ++s) squares[s] = s;
        std::shuffle(squares.begin(), squares.end(), rng);
        SquareList sq{};
        for (int i = 0; i < pieces; ++i) sq[i] = Square(squares[i]);
        if (decided_placement(sq, a, pieces)) continue;
        check_placement(index, sq);
      }
    }
}

TEST_CASE("index: entries cover the canonical positions with less than half waste (to 7 pieces)") {
  for (int pieces = 2; pieces <= 7; ++pieces)
    for (MaterialClass mc : material_classes(pieces)) {
      PositionIndex index(mc);
      INFO(mc.name());
      CHECK(index.canonical_count() <= index.size());
      CHECK(index.canonical_count() * 2 > index.size());
    }
}

TEST_CASE("index: symmetric twins share one canonical key") {
  test::Rng rng(2718);
  for (int trial = 0; trial < 20000; ++trial) {
    int pieces = test::uniform(rng, 2, 8);
    Position p = random_position(rng, pieces);
    INFO(format_position(p));
    TableKey key = canonical_key(p);
    Side mover = p.to_move;
    MaterialClass expected{uint8_t(canonical_side_mask(p.mask(mover))),
                           uint8_t(canonical_side_mask(p.mask(opposite(mover))))};
    REQUIRE(key.material == expected);
    PositionIndex index(key.material);
    REQUIRE(key.index < index.size());
    SquareList sq{};
    REQUIRE(index.unrank(key.index, sq));
    // The entry holds a twin of p.
    Position stored = position_from_squares(key.material, sq);
    if (!orbit(p).count(format_position(stored)))
      FAIL("entry holds " << format_position(stored) << ", not a twin");
    // Random compositions of the symmetries keep the key.
    Position q = p;
    for (int step = 0; step < 6; ++step) {
      q = kSymmetries[test::uniform(rng, 0, 3)](q);
      TableKey twin = canonical_key(q);
      if (!(twin.material == key.material) || twin.index != key.index)
        FAIL("twin " << format_position(q) << " has key " << twin.material.name() << "/"
                     << twin.index << ", not " << key.material.name() << "/" << key.index);
    }
  }
}

TEST_CASE("index: canonical keys tell apart positions that are not twins (up to 3 pieces)") {
  // Every undecided position with Red to move and 2 or 3 pieces, every numbering: the pairs
  // (orbit, key) must be one to one. Orbits are named by their smallest member's board code.
  using Key = std::pair<unsigned, uint64_t>;
  std::vector<std::pair<BoardCode, Key>> pairs;
  for (int pieces = 2; pieces <= 3; ++pieces)
    for (int red = 1; red < pieces; ++red)
      for (unsigned rmask = 1; rmask < 64; ++rmask) {
        if (std::popcount(rmask) != red) continue;
        for (unsigned bmask = 1; bmask < 64; ++bmask) {
          if (std::popcount(bmask) != pieces - red) continue;
          // Lone pieces: their number never matters, so one numbering stands for all of them.
          if ((red == 1 && rmask != 1) || (pieces - red == 1 && bmask != 1)) continue;
          test::for_each_placement(red, pieces, [&](const SquareList& sq) {
            Position p;
            int i = 0;
            for (int n = 1; n <= 6; ++n)
              if (rmask & (1u << (n - 1))) p.put(Red, n, sq[i++]);
            for (int n = 1; n <= 6; ++n)
              if (bmask & (1u << (n - 1))) p.put(Blue, n, sq[i++]);
            TableKey key = canonical_key(p);
            pairs.push_back(
                {orbit_name(p), Key{key.material.mover * 64u + key.material.opponent, key.index}});
          });
        }
      }
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  std::vector<BoardCode> orbits;
  std::vector<Key> keys;
  for (auto& [o, k] : pairs) {
    orbits.push_back(o);
    keys.push_back(k);
  }
  std::sort(orbits.begin(), orbits.end());
  std::sort(keys.begin(), keys.end());
  size_t orbit_count = size_t(std::unique(orbits.begin(), orbits.end()) - orbits.begin());
  size_t key_count = size_t(std::unique(keys.begin(), keys.end()) - keys.begin());
  INFO(orbit_count << " orbits, " << key_count << " keys, " << pairs.size() << " pairs");
  CHECK(orbit_count == key_count);
  CHECK(pairs.size() == key_count);
  CHECK(orbit_count > 1000);
}

TEST_CASE("index walk: the squares and the waste flag of unrank(), entry after entry") {
  // Whole classes up to 4 pieces; from random starting entries, long stretches (crossing the
  // pairs' boundaries) of 5- and 6-piece classes; the last entries of each class.
  test::Rng rng(77);
  int walks = 0;
  auto walk_and_compare = [&walks](const PositionIndex& index, uint64_t first, uint64_t count) {
    IndexWalk walk(index, first);
    const int n = index.piece_count();
    for (uint64_t i = first; i < first + count; ++i) {
      SquareList expected{};
      bool valid = index.unrank(i, expected);
      if (walk.entry() != i || walk.valid() != valid || !same_squares(walk.squares(), expected, n))
        FAIL(index.material().name()
             << " entry " << i << ": walk gives " << squares_text(walk.squares(), n)
             << (walk.valid() ? "" : "(waste) ") << "unrank " << squares_text(expected, n)
             << (valid ? "" : "(waste)"));
      if (i + 1 < index.size()) walk.next();
    }
    ++walks;
  };
  for (int pieces = 2; pieces <= 4; ++pieces)
    for (MaterialClass mc : material_classes(pieces)) {
      PositionIndex index(mc);
      walk_and_compare(index, 0, index.size());
    }
  for (int pieces = 5; pieces <= 6; ++pieces)
    for (MaterialClass mc : sample_classes(pieces)) {
      PositionIndex index(mc);
      const uint64_t stretch = std::min<uint64_t>(index.size(), 200000);
      std::uniform_int_distribution<uint64_t> start(0, index.size() - stretch);
      for (int k = 0; k < 3; ++k) walk_and_compare(index, start(rng), stretch);
      walk_and_compare(index, index.size() - stretch, stretch);
    }
  CHECK(walks > 100);
}

TEST_CASE("index walk: a run at a time, the entries and waste flags of unrank()") {
  // What the generator's bucketing relies on: within a run only the last piece moves, through
  // the free squares upwards, and an entry is waste exactly when the lead is or the last piece
  // stands on a5 (unless the first two pieces are mirror twins).
  test::Rng rng(78);
  uint64_t runs_checked = 0;
  auto check_runs = [&](const PositionIndex& index, uint64_t first, uint64_t count) {
    IndexWalk walk(index, first);
    const int n = index.piece_count();
    for (uint64_t j = first; j < first + count;) {
      REQUIRE(walk.entry() == j);
      const uint64_t run = std::min<uint64_t>(walk.run_length(), first + count - j);
      uint32_t squares = walk.run_squares();
      SquareList lead = walk.squares();
      bool lead_valid = walk.run_lead_valid(), twins = walk.run_has_mirror_twins();
      for (uint64_t r = 0; r < run; ++r, squares &= squares - 1) {
        SquareList expected{};
        bool valid = index.unrank(j + r, expected);
        lead[n - 1] = Square(std::countr_zero(squares));
        if (!same_squares(lead, expected, n))
          FAIL(index.material().name()
               << " entry " << j + r << ": the run gives " << squares_text(lead, n) << "unrank "
               << squares_text(expected, n));
        if (!twins && valid != (lead_valid && lead[n - 1] != kBlueGoal))
          FAIL(index.material().name() << " entry " << j + r << ": waste flag differs");
      }
      ++runs_checked;
      j += run;
      if (j < first + count && j < index.size()) walk.next_run();
    }
  };
  for (int pieces = 3; pieces <= 4; ++pieces)
    for (MaterialClass mc : material_classes(pieces)) {
      PositionIndex index(mc);
      check_runs(index, 0, index.size());
    }
  for (int pieces = 5; pieces <= 6; ++pieces)
    for (MaterialClass mc : sample_classes(pieces)) {
      PositionIndex index(mc);
      const uint64_t stretch = std::min<uint64_t>(index.size(), 100000);
      std::uniform_int_distribution<uint64_t> start(0, index.size() - stretch);
      check_runs(index, start(rng), stretch);
      check_runs(index, index.size() - stretch, stretch);
    }
  CHECK(runs_checked > 1000);
}
