// Many threads probing one Tablebase while its files are opened lazily and its block cache
// evicts: every answer equals the one-thread answer. Also run under ThreadSanitizer in CI.
#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <random>
#include <thread>

#include "generated_set.h"
#include "generator.h"
#include "standard_dictionary.h"
#include "table_writer.h"
#include "tablebase.h"
#include "temp_dir.h"
#include "test_util.h"

using namespace ewn;
namespace fs = std::filesystem;

namespace {

// The <= 3-piece tables, rewritten with small blocks so that probes spread over many blocks,
// the 3-piece ones with the standard dictionary of 5 pieces (all of them share its decoder).
const fs::path& small_block_set() {
  static test::TempDir dir("concurrent-tables");
  static bool made = false;
  if (!made) {
    WriteOptions small;
    small.block_entries = 128;
    small.format_version = 2;  // every class its own file, as in the format-2 set it copies
    for (int n = 2; n <= 3; ++n)
      for (MaterialClass mc : material_classes(n)) {
        small.dictionary = n == 3 ? standard_dictionary(5) : std::span<const uint8_t>();
        write_table(dir.path() / table_file_name(mc), mc,
                    read_table(test::generated_set(3, 2) / table_file_name(mc), mc), small);
      }
    made = true;
  }
  return dir.path();
}

// Everything a probe can say about a position: its value and each die's moves.
struct Answer {
  double value = 0;
  std::vector<std::vector<Tablebase::MoveValue>> moves;  // by die - 1
  bool operator==(const Answer& o) const {
    if (value != o.value || moves.size() != o.moves.size()) return false;
    for (size_t d = 0; d < moves.size(); ++d) {
      if (moves[d].size() != o.moves[d].size()) return false;
      for (size_t i = 0; i < moves[d].size(); ++i) {
        const auto &a = moves[d][i], &b = o.moves[d][i];
        if (!(a.move == b.move) || a.value != b.value || a.wins != b.wins) return false;
      }
    }
    return true;
  }
};

Answer probe(const Tablebase& tb, const Position& pos) {
  Answer a;
  a.value = *tb.value(pos);
  for (int die = 1; die <= 6; ++die) a.moves.push_back(*tb.best_moves(pos, die));
  return a;
}

}  // namespace

TEST_CASE("probing: many threads with lazy opening and a small cache agree with one thread",
          "[concurrency]") {
  const fs::path& dir = small_block_set();
  test::Rng rng(2024);
  std::vector<Position> positions;
  for (int k = 0; k < 1500; ++k) positions.push_back(random_position(rng, 2 + k % 2));

  std::vector<Answer> expected;
  {
    Tablebase one(dir);
    REQUIRE(one.complete_up_to() == 3);
    // The 3-piece tables have a dictionary: decoding with one shared decoder is raced too.
    int with_dictionary = 0;
    for (MaterialClass mc : material_classes(3))
      with_dictionary += one.file(mc).header().dictionary_bytes > 0;
    REQUIRE(with_dictionary > 0);
    for (const Position& pos : positions) expected.push_back(probe(one, pos));
  }

  const int kThreads = 8;
  // 64 KiB holds a fraction of the blocks: threads evict and re-insert each other's blocks.
  for (size_t cache_bytes : {size_t(64) << 10, size_t(16) << 20}) {
    for (int round = 0; round < 2; ++round) {
      Tablebase shared(dir, cache_bytes);  // fresh: every file is opened by a racing thread
      std::atomic<int> wrong = 0, errors = 0;
      std::vector<std::thread> threads;
      for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&, t] {
          std::vector<size_t> order(positions.size());
          for (size_t i = 0; i < order.size(); ++i) order[i] = i;
          std::shuffle(order.begin(), order.end(), std::mt19937_64(uint64_t(t * 7 + round)));
          try {
            for (size_t i : order)
              if (!(probe(shared, positions[i]) == expected[i])) ++wrong;
          } catch (...) {
            ++errors;
          }
        });
      for (auto& th : threads) th.join();
      INFO("cache " << cache_bytes << " bytes, round " << round);
      CHECK(errors == 0);
      CHECK(wrong == 0);
      CHECK(shared.cache().size_bytes() <= cache_bytes);
    }
  }
}
