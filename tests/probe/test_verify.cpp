// ewn verify's logic: it accepts generated tables and finds every kind of damage, naming the
// file, the class and an offending position.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>

#include "brute_force_solver.h"
#include "child_process.h"
#include "file_bytes.h"
#include "generated_set.h"
#include "generator.h"
#include "index.h"
#include "notation.h"
#include "read_entries.h"
#include "standard_dictionary.h"
#include "table_file.h"
#include "table_format.h"
#include "table_writer.h"
#include "temp_dir.h"
#include "test_util.h"
#include "verify.h"

using namespace ewn;
namespace fs = std::filesystem;

namespace {

// The <= 3-piece tables made by the generator in format 2 (every class its own file, so that
// one class's file can be damaged alone), once per test run. Format 3's verification, where a
// class is derived from its twin's file: test_format3.cpp.
const fs::path& pristine_set() {
  return test::generated_set(3, 2);
}

// A copy of the pristine tables (the .ewt files only) to damage.
test::TempDir copy_of_pristine(const std::string& tag) {
  test::TempDir dir(tag);
  for (const auto& e : fs::directory_iterator(pristine_set()))
    if (e.path().extension() == kTableExtension)
      fs::copy_file(e.path(), dir.path() / e.path().filename());
  return dir;
}

VerifyOptions quiet(int threads = 0) {
  VerifyOptions opt;
  opt.threads = threads;
  return opt;
}

const TableReport& report_of(const VerifyReport& r, const std::string& name) {
  for (const TableReport& t : r.tables)
    if (t.material.name() == name) return t;
  FAIL("no report for " << name);
  throw;
}

// A valid entry of `mc` whose stored value can move by `delta` units and stay in 0..kValueScale.
uint64_t movable_entry(MaterialClass mc, const std::vector<uint16_t>& values, int delta,
                       uint64_t start) {
  PositionIndex index(mc);
  SquareList sq{};
  for (uint64_t i = start; i < index.size(); ++i)
    if (index.unrank(i, sq) && values[i] + delta >= 0 && values[i] + delta <= kValueScale) return i;
  FAIL("no entry to change in " << mc.name());
  return 0;
}

}  // namespace

TEST_CASE("verify: generated tables pass, with 1 and 2 threads alike", "[verify]") {
  for (int threads : {1, 2}) {
    VerifyReport r = verify_tables(pristine_set(), quiet(threads));
    INFO("threads " << threads);
    CHECK(r.ok());
    CHECK(r.max_pieces == 3);
    CHECK(r.tables.size() == 19);
    // Every entry a probe can read (each canonical position once: renumber twins share one)
    // with 2 or 3 pieces was recomputed.
    uint64_t readable = 0;
    for (int n = 2; n <= 3; ++n)
      for (MaterialClass mc : material_classes(n))
        for (uint8_t read : read_entry_flags(PositionIndex(mc))) readable += read;
    CHECK(r.positions == readable);
    CHECK(r.mismatches == 0);
    CHECK(r.max_difference <= kVerifyTolerance);
    CHECK(r.max_difference > 0);  // rounding is visible: the comparison really happened
  }
}

TEST_CASE("verify: the expectimax step agrees with brute force on exact children", "[verify]") {
  test::BruteForceSolver<double> brute;
  test::Rng rng(99);
  for (int k = 0; k < 3000; ++k) {
    Position pos = random_position(rng, 2 + k % 3);
    pos.to_move = Red;  // tables show the side to move as Red
    if (pos.winner()) continue;
    double got = recompute_value(pos, [&](const Position& child) { return brute.value(child); });
    REQUIRE(got == Approx(brute.value(pos)).margin(1e-12));
  }
}

TEST_CASE("verify: every child of a position lies in child_classes", "[verify]") {
  test::Rng rng(5);
  for (int k = 0; k < 20000; ++k) {
    Position pos = random_position(rng, 2 + k % 6);
    pos.to_move = Red;
    if (pos.winner()) continue;
    MaterialClass mc = canonical_key(pos).material;
    auto children = child_classes(mc);
    for (Move m : all_moves(pos)) {
      Position next = pos;
      next.play(m);
      if (next.winner()) continue;
      MaterialClass child = canonical_key(next).material;
      INFO(format_position(pos) << " " << format_move(m));
      REQUIRE(std::find(children.begin(), children.end(), child) != children.end());
    }
  }
}

TEST_CASE("verify: a wrong value with valid checksums is found and named", "[verify]") {
  test::TempDir dir = copy_of_pristine("verify-wrong");
  auto parsed = parse_material_class("23v1");
  REQUIRE(parsed);
  MaterialClass mc = *parsed;
  fs::path file = dir.path() / table_file_name(mc);
  std::vector<uint16_t> values = read_table(file, mc);
  // Off by 3 units: whatever the rounding, at least 2 units from what the children give.
  int delta = GENERATE(3, -3, 40000, -40000);
  uint64_t changed = movable_entry(mc, values, delta, 1000);
  values[changed] = uint16_t(values[changed] + delta);
  write_table(file, mc, values);
  REQUIRE_FALSE(check_table(file));  // the checksums cannot see it

  VerifyReport r = verify_tables(dir.path(), quiet());
  CHECK_FALSE(r.ok());
  const TableReport& t = report_of(r, "23v1");
  CHECK(t.problem.empty());
  REQUIRE(t.mismatches >= 1);
  bool listed = false;
  for (const ValueMismatch& m : t.listed)
    if (m.entry == changed) {
      listed = true;
      CHECK(m.stored == values[changed]);
      CHECK(std::abs(m.recomputed - decode_value(m.stored)) > 1.9 * kValueStep);
      // The position named is the one stored at that entry.
      SquareList sq{};
      PositionIndex(mc).unrank(changed, sq);
      CHECK(format_position(m.position) == format_position(position_from_squares(mc, sq)));
    }
  CHECK(listed);
  // The damage is confined to the class and the parents reading the entry (its twin 1v23).
  for (const TableReport& other : r.tables)
    if (other.material != mc && other.material != mc.flipped()) CHECK(other.ok());
}

TEST_CASE("verify: a damaged block is named and its dependants are not judged", "[verify]") {
  test::TempDir dir = copy_of_pristine("verify-damaged");
  fs::path file = dir.path() / "1v1.ewt";
  {
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(kHeaderBytes + 5);
    char c;
    f.read(&c, 1);
    f.seekp(kHeaderBytes + 5);
    c = char(c ^ 0x10);
    f.write(&c, 1);
  }
  VerifyReport r = verify_tables(dir.path(), quiet());
  CHECK_FALSE(r.ok());
  const TableReport& t = report_of(r, "1v1");
  CHECK(t.file == file);
  CHECK(t.problem.find("corrupt block 0") != std::string::npos);
  // 3-piece classes capture into 1v1: they cannot be judged, and say why.
  const TableReport& parent = report_of(r, "12v1");
  CHECK(parent.problem.find("needs 1v1.ewt") != std::string::npos);
  CHECK(parent.positions == 0);
}

TEST_CASE("verify: missing and stray files are reported", "[verify]") {
  test::TempDir dir = copy_of_pristine("verify-missing");
  fs::remove(dir.path() / "1v23.ewt");
  std::ofstream(dir.path() / "notaclass.ewt") << "x";
  VerifyReport r = verify_tables(dir.path(), quiet());
  CHECK_FALSE(r.ok());
  // A class of the largest piece count whose colour twin has a file is expected (in format 3
  // one file answers for both): its file is missing, and the twin reads it for every
  // non-capturing move.
  CHECK(r.absent.empty());
  CHECK(report_of(r, "1v23").problem.find("missing") != std::string::npos);
  CHECK(report_of(r, "23v1").problem.find("needs 1v23.ewt (missing table file)") !=
        std::string::npos);
  CHECK(r.complete_up_to == 2);
  REQUIRE(r.other_problems.size() == 1);
  CHECK(r.other_problems[0].find("notaclass.ewt") != std::string::npos);
  CHECK(report_of(r, "12v1").ok());

  // --pieces 2 looks at the 2-piece table only, which is fine.
  fs::remove(dir.path() / "notaclass.ewt");
  VerifyOptions two = quiet();
  two.max_pieces = 2;
  VerifyReport r2 = verify_tables(dir.path(), two);
  CHECK(r2.ok());
  CHECK(r2.tables.size() == 1);

  // A class with fewer pieces than the largest is missing; --pieces 3 asks for every 3-piece
  // class.
  fs::remove(dir.path() / "1v1.ewt");
  VerifyOptions three = quiet();
  three.max_pieces = 3;
  for (const VerifyOptions& o : {quiet(), three}) {
    VerifyReport r3 = verify_tables(dir.path(), o);
    CHECK(report_of(r3, "1v23").problem == "missing table file");  // its twin has a file
    CHECK(r3.absent.empty());
    CHECK(report_of(r3, "1v1").problem == "missing table file");
    CHECK(r3.complete_up_to == 0);
  }
}

TEST_CASE("verify: a directory without tables is an error", "[verify]") {
  test::TempDir dir("verify-empty");
  VerifyReport r = verify_tables(dir.path());
  CHECK_FALSE(r.ok());
  REQUIRE(r.other_problems.size() == 1);
  CHECK_THAT(r.other_problems[0], Catch::Contains("no table files"));
  CHECK_THROWS_WITH(verify_tables(dir.path() / "nope"), Catch::Contains("no such directory"));
  std::ofstream(dir.path() / "file") << "x";
  CHECK_THROWS_WITH(verify_tables(dir.path() / "file"), Catch::Contains("file: not a directory"));
}

TEST_CASE("ewn verify: exit codes and the report a user reads", "[verify]") {
  test::TempDir dir = copy_of_pristine("verify-cli");
  test::TempDir scratch("verify-cli-scratch");
  auto verify = [&](std::vector<std::string> args) {
    args.insert(args.begin(), {test::ewn_program(), "verify", "--tables"});
    args.push_back("--quiet");
    return test::run_child(args, scratch.path());
  };

  test::ChildResult good = verify({dir.path().string()});
  INFO(good.out << good.err);
  CHECK(good.exit_code == 0);
  CHECK_THAT(good.out, Catch::Contains("positions recomputed from their children"));
  CHECK_THAT(good.out, Catch::Contains("OK: every table passes its checksums"));
  test::ChildResult json = verify({dir.path().string(), "--json"});
  CHECK(json.exit_code == 0);
  CHECK_THAT(json.out, Catch::Contains("\"ok\":true"));

  MaterialClass mc{0b110, 0b1};  // 23v1
  fs::path file = dir.path() / table_file_name(mc);
  std::vector<uint16_t> values = read_table(file, mc);
  uint64_t changed = movable_entry(mc, values, 3, 500);
  values[changed] = uint16_t(values[changed] + 3);
  write_table(file, mc, values);
  SquareList sq{};
  PositionIndex(mc).unrank(changed, sq);
  std::string position = format_position(position_from_squares(mc, sq));

  test::ChildResult bad = verify({dir.path().string()});
  INFO(bad.out << bad.err);
  CHECK(bad.exit_code == 4);  // a table wrong: as a damaged one
  CHECK_THAT(bad.out, Catch::Contains("FAILED 23v1 (" + file.string() + ")"));
  CHECK_THAT(bad.out, Catch::Contains("entry " + std::to_string(changed) + ": " + position +
                                      "  stored " + std::to_string(decode_value(values[changed]))));
  CHECK_THAT(bad.out, Catch::Contains("recomputed"));
  CHECK_THAT(bad.err, Catch::Contains("has problems"));
  test::ChildResult bad_json = verify({dir.path().string(), "--json"});
  CHECK(bad_json.exit_code == 4);
  CHECK_THAT(bad_json.out, Catch::Contains("\"position\":\"" + position + "\""));

  test::ChildResult none = verify({(dir.path() / "none").string()});
  CHECK(none.exit_code == 7);
  CHECK_THAT(none.err, Catch::Contains("no such directory"));
}

TEST_CASE("ewn verify names a damaged block of a table with a dictionary, ewn probe refuses it",
          "[verify]") {
  test::TempDir dir = copy_of_pristine("verify-dictionary");
  test::TempDir scratch("verify-dictionary-scratch");
  // 23v1 again with small blocks and the dictionary of 5 pieces.
  MaterialClass mc{0b110, 0b1};
  fs::path file = dir.path() / table_file_name(mc);
  WriteOptions small;
  small.block_entries = 128;
  small.dictionary = standard_dictionary(5);
  write_table(file, mc, read_table(file, mc), small);
  TableFile table(file, mc);
  REQUIRE(table.header().dictionary_bytes > 0);
  REQUIRE(table.block_count() > 4);

  // A position whose entry lies in block 3.
  const uint64_t block = 3;
  PositionIndex index(mc);
  SquareList sq{};
  std::string position;
  for (uint64_t at = block * table.block_entries(); position.empty(); ++at) {
    REQUIRE(at < (block + 1) * table.block_entries());
    uint64_t i = table.order().index_at(at);
    if (!index.unrank(i, sq) || !entry_is_read(index, i)) continue;
    Position pos = position_from_squares(mc, sq);
    REQUIRE(canonical_key(pos).material == mc);
    REQUIRE(canonical_key(pos).index == i);
    position = format_position(pos);
  }
  auto probe = [&] {
    return test::run_child(
        {test::ewn_program(), "probe", position, "--tables", dir.path().string()}, scratch.path());
  };
  test::ChildResult intact = probe();
  INFO(intact.out << intact.err);
  REQUIRE(intact.exit_code == 0);

  // One byte in the middle of block 3, found through the block index.
  std::vector<uint8_t> bytes = test::read_bytes(file);
  TableHeader h = parse_header(file, bytes.data(), bytes.size());
  auto offset_of = [&](uint64_t b) {
    uint64_t v = 0;
    for (int k = 0; k < 8; ++k) v |= uint64_t(bytes[h.offsets_offset + 8 * b + k]) << (8 * k);
    return v;
  };
  bytes[(offset_of(block) + offset_of(block + 1)) / 2] ^= 0x01;
  test::write_bytes(file, bytes);

  std::string named = "corrupt block " + std::to_string(block) + " (entries " +
                      std::to_string(block * table.block_entries()) + "..";
  test::ChildResult verify = test::run_child(
      {test::ewn_program(), "verify", "--tables", dir.path().string(), "--quiet"}, scratch.path());
  INFO(verify.out << verify.err);
  CHECK(verify.exit_code == 4);
  CHECK_THAT(verify.out, Catch::Contains(file.string()) && Catch::Contains(named));

  test::ChildResult refused = probe();
  INFO(refused.out << refused.err);
  CHECK(refused.exit_code != 0);
  CHECK_THAT(refused.err, Catch::Contains(file.string() + ": " + named));
  CHECK(refused.out.find("probability") == std::string::npos);
}
