#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>

#include <cmath>

#include "file_bytes.h"
#include "setup_advice.h"
#include "setup_answers.h"
#include "setup_entry.h"
#include "setup_matrix_maker.h"
#include "symmetry.h"
#include "temp_dir.h"

using namespace ewn;

namespace {

// The first mover's value at depth 1 searched on the start as given, colours and numbers as
// they are, without the reduction.
double direct_value(const Arrangement& red, const Arrangement& blue, Side first, int depth) {
  Search search(setup_search_options());
  Position pos;
  place_side(pos, Red, red);
  place_side(pos, Blue, blue);
  pos.to_move = first;
  return search.chance_value(pos, depth);
}

ErrorKind read_error(const std::filesystem::path& path, std::string& message) {
  try {
    read_setup_matrix(path);
  } catch (const PathError& e) {
    message = e.what();
    return e.kind();
  }
  FAIL("the matrix file was accepted");
  return ErrorKind::Damaged;
}

}  // namespace

TEST_CASE("setup matrix: the reduced matrix answers every start, either colour first") {
  // Depth 1: cheap, and deterministic.
  test::TempDir dir("setup-symmetry");
  const int n = 6;
  SetupMakeOptions options;
  options.depth = 1;
  options.classes = n;
  REQUIRE(make_setup_matrix(dir.path() / "m", options));
  SetupMatrix m = read_setup_matrix(dir.path() / "m");
  // Every arrangement of those classes, both twins, against every other, both colours first.
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      for (bool twin_i : {false, true})
        for (bool twin_j : {false, true}) {
          Arrangement a = class_arrangement(i), b = class_arrangement(j);
          if (twin_i) a = renumbered(a);
          if (twin_j) b = renumbered(b);
          double stored = m.value(i, j);
          CHECK(direct_value(a, b, Red, 1) == Approx(stored).margin(1.0 / 65535));
          CHECK(direct_value(b, a, Blue, 1) == Approx(stored).margin(1.0 / 65535));
        }
}

TEST_CASE("setup matrix: the symmetries hold at depth 3 too") {
  Search search(setup_search_options());
  for (auto [a, b] : {std::pair{Arrangement{1, 6, 2, 5, 3, 4}, Arrangement{3, 1, 2, 6, 4, 5}},
                      std::pair{Arrangement{6, 5, 4, 3, 2, 1}, Arrangement{2, 4, 6, 1, 3, 5}}}) {
    double v = setup_entry(search, a, b, 3).value;
    CHECK(direct_value(renumbered(a), b, Red, 3) == Approx(v).margin(1e-9));
    CHECK(direct_value(a, renumbered(b), Red, 3) == Approx(v).margin(1e-9));
    CHECK(direct_value(b, a, Blue, 3) == Approx(v).margin(1e-9));
    CHECK(direct_value(mirrored(a), mirrored(b), Red, 3) == Approx(v).margin(1e-9));
  }
}

TEST_CASE("setup matrix: an entry is the search to a fixed depth, the same on every run") {
  const Arrangement a = {1, 6, 2, 5, 3, 4}, b = {3, 1, 2, 6, 4, 5};
  Search search(setup_search_options());
  SetupEntry once = setup_entry(search, a, b, 3);
  // Whatever the search did before, and in a new search: the same value, the same nodes.
  setup_entry(search, b, a, 4);
  SetupEntry again = setup_entry(search, a, b, 3);
  Search fresh(setup_search_options());
  SetupEntry other = setup_entry(fresh, a, b, 3);
  CHECK(again.value == once.value);
  CHECK(other.value == once.value);
  CHECK(again.nodes == once.nodes);
  // One deepening gives each depth's entry, and the depths differ (no budget cuts one short).
  std::vector<SetupEntry> each = setup_entry_deepening(search, a, b, 3);
  REQUIRE(each.size() == 3);
  CHECK(each[2].value == once.value);
  CHECK(each[1].value == setup_entry(search, a, b, 2).value);
  CHECK(each[1].value != each[2].value);
  CHECK(each[0].nodes < each[1].nodes);
}

TEST_CASE("setup matrix: the mirror map of classes") {
  int self_mirrored = 0;
  for (int c = 0; c < kArrangementClasses; ++c) {
    int m = mirror_class(c);
    REQUIRE(m >= 0);
    REQUIRE(m < kArrangementClasses);
    CHECK(mirror_class(m) == c);
    self_mirrored += m == c;
    // The start of the mirrored arrangements is the mirror image of the start.
    Arrangement a = class_arrangement(c), b = class_arrangement((c * 37 + 11) % 360);
    CHECK(mirror(setup_start(a, b)) == setup_start(mirrored(a), mirrored(b)));
  }
  // None is its own image: b5 and a4 would hold one number, or a5 a number that is its own
  // renumbering (x = 7 - x). So the classes pair off, and the matrix's entries too.
  CHECK(self_mirrored == 0);
}

TEST_CASE("setup matrix: every entry equals its mirror image's, and the copies are right") {
  // The first 120 classes (those starting with 1) are closed under the mirror: every pair of
  // that matrix lies inside it. Depth 1 keeps it under a second.
  test::TempDir dir("setup-mirror");
  const int n = 120;
  SetupMakeOptions options;
  options.depth = 1;
  options.classes = n;
  SetupMakeProgress seen;
  REQUIRE(make_setup_matrix(dir.path() / "m", options, [&](const SetupMakeProgress& p) {
    seen = p;
    return true;
  }));
  SetupMatrix m = read_setup_matrix(dir.path() / "m");
  int pairs = 0;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      int mr = mirror_class(r), mc = mirror_class(c);
      REQUIRE(mr < n);
      REQUIRE(mc < n);
      REQUIRE(m.codes[size_t(r * n + c)] == m.codes[size_t(mr * n + mc)]);
      pairs += mr * n + mc < r * n + c;
    }
  CHECK(pairs == n * n / 2);
  // Half the work: each pair searched once.
  CHECK(seen.mirrored == uint64_t(pairs));
  CHECK(seen.entries + seen.mirrored == uint64_t(n * n));
  // A copied entry is what a search of it gives.
  Search search(setup_search_options());
  for (int k = 0; k < 40; ++k) {
    int r = (k * 53) % n, c = (k * 29 + 7) % n;
    double searched = setup_entry(search, class_arrangement(r), class_arrangement(c), 1).value;
    CHECK(searched == Approx(m.value(r, c)).margin(1.0 / 65535));
  }
  // Stopped halfway and resumed, the copies come from the rows read back: the same file.
  auto resumed = dir.path() / "resumed";
  CHECK_FALSE(make_setup_matrix(resumed, options,
                                [](const SetupMakeProgress& p) { return p.rows_done < 61; }));
  CHECK(make_setup_matrix(resumed, options));
  CHECK(test::read_bytes(resumed) == test::read_bytes(dir.path() / "m"));
}

TEST_CASE("setup matrix: the stored error estimate is the sample searched one ply deeper") {
  test::TempDir dir("setup-error");
  SetupMakeOptions options;
  options.depth = 2;
  options.classes = 12;  // 144 entries: a sample of 64, the least (1% would be 2)
  REQUIRE(make_setup_matrix(dir.path() / "m", options));
  SetupMatrix m = read_setup_matrix(dir.path() / "m");
  CHECK(m.depth == 2);
  REQUIRE(m.error_sample == 64);
  REQUIRE(setup_error_sample_size(12) == 64);
  CHECK(setup_error_sample_size(5) == 25);  // all of a smaller matrix
  Search search(setup_search_options());
  double sum = 0, sum_sq = 0;
  for (int k = 0; k < 64; ++k) {
    size_t i = setup_error_sample_index(12, k);
    CHECK(i < 144);
    int r = int(i / 12), c = int(i % 12);
    double d =
        setup_entry(search, class_arrangement(r), class_arrangement(c), 3).value - m.value(r, c);
    sum += d;
    sum_sq += d * d;
  }
  CHECK(setup_error_sample_index(12, 0) != setup_error_sample_index(12, 1));
  // The scatter about the mean difference (a standard deviation), and that mean.
  CHECK(m.entry_error == Approx(std::sqrt(sum_sq / 64 - (sum / 64) * (sum / 64))).margin(1e-12));
  CHECK(m.depth_bias == Approx(sum / 64).margin(1e-12));
  CHECK(m.entry_error > 0);
  // Stopped during the sample, a run searches the sample again: the same file. (30 classes: a
  // sample of 64, reported every 8.)
  options.depth = 1;
  options.classes = 30;
  REQUIRE(make_setup_matrix(dir.path() / "straight", options));
  auto again = dir.path() / "again";
  CHECK_FALSE(make_setup_matrix(again, options, [](const SetupMakeProgress& p) {
    return p.sample == 0;  // stop at the sample's first report
  }));
  CHECK(std::filesystem::exists(setup_partial_path(again)));
  CHECK(make_setup_matrix(again, options));
  CHECK(test::read_bytes(again) == test::read_bytes(dir.path() / "straight"));
  // The whole matrix's sample: 1296 entries, every row's stride met.
  CHECK(setup_error_sample_size(360) == 1296);
  CHECK(setup_error_sample_index(360, 1295) < 360u * 360u);
}

TEST_CASE("setup matrix: a run stopped and resumed writes the same file") {
  test::TempDir dir("setup-resume");
  SetupMakeOptions options;
  options.depth = 2;
  options.classes = 5;
  REQUIRE(make_setup_matrix(dir.path() / "whole", options));

  auto resumed = dir.path() / "resumed";
  int calls = 0;
  CHECK_FALSE(
      make_setup_matrix(resumed, options, [&](const SetupMakeProgress&) { return ++calls < 2; }));
  CHECK_FALSE(std::filesystem::exists(resumed));
  // A row cut short by a kill: its bytes are dropped and the row computed again.
  auto partial = setup_partial_path(resumed);
  auto bytes = test::read_bytes(partial);
  bytes.insert(bytes.end(), {1, 2, 3});
  test::write_bytes(partial, bytes);
  SetupMakeProgress seen;
  CHECK(make_setup_matrix(resumed, options, [&](const SetupMakeProgress& p) {
    seen = p;
    return true;
  }));
  CHECK(seen.rows_resumed == 2);
  CHECK(seen.entries == 3 * 5);
  CHECK_FALSE(std::filesystem::exists(partial));
  CHECK(test::read_bytes(resumed) == test::read_bytes(dir.path() / "whole"));
  // Made already: nothing is computed again.
  bool called = false;
  CHECK(
      make_setup_matrix(resumed, options, [&](const SetupMakeProgress&) { return called = true; }));
  CHECK_FALSE(called);

  // A partial file of other settings is not continued.
  std::filesystem::remove(resumed);
  CHECK_FALSE(make_setup_matrix(resumed, options, [](const SetupMakeProgress&) { return false; }));
  options.depth = 3;
  CHECK_THROWS_AS(make_setup_matrix(resumed, options), PathError);
}

TEST_CASE("setup matrix: a missing or damaged file is refused, naming what is wrong") {
  test::TempDir dir("setup-damaged");
  SetupMatrix m;
  m.rows = m.columns = 3;
  m.depth = 4;
  m.entry_error = 0.0125;
  m.depth_bias = -0.0031;
  m.error_sample = 1;
  m.codes = {100, 200, 300, 400, 500, 600, 700, 800, 900};
  auto path = dir.path() / "m";
  write_setup_matrix(path, m);
  SetupMatrix back = read_setup_matrix(path);
  CHECK(back.codes == m.codes);
  CHECK(back.depth == 4);
  CHECK(back.entry_error == m.entry_error);
  CHECK(back.depth_bias == m.depth_bias);
  CHECK(back.error_sample == 1);

  std::string message;
  CHECK(read_error(dir.path() / "none", message) == ErrorKind::Missing);
  CHECK(setup_matrix_hint(dir.path() / "none").find("ewn setup make --matrix") !=
        std::string::npos);

  auto good = test::read_bytes(path);
  auto flipped = good;
  flipped[70] ^= 1;
  test::write_bytes(path, flipped);
  CHECK(read_error(path, message) == ErrorKind::Damaged);
  CHECK(message.find("checksum") != std::string::npos);
  CHECK(message.find(path.string()) == 0);

  auto cut = good;
  cut.pop_back();
  test::write_bytes(path, cut);
  CHECK(read_error(path, message) == ErrorKind::Damaged);
  CHECK(message.find("bytes") != std::string::npos);

  auto magic = good;
  magic[0] = 'X';
  test::write_bytes(path, magic);
  CHECK(read_error(path, message) == ErrorKind::Damaged);
  CHECK(message.find("magic") != std::string::npos);

  auto depth = good;
  depth[24] ^= 1;  // the header is under the checksum too
  test::write_bytes(path, depth);
  CHECK(read_error(path, message) == ErrorKind::Damaged);

  // Header fields that fail their own checks, the checksum made right: each is named.
  auto resealed = [&](std::vector<unsigned char> bytes) {
    std::vector<uint16_t> codes;
    for (size_t i = kSetupMatrixHeaderBytes; i < bytes.size(); i += 2)
      codes.push_back(uint16_t(bytes[i] | (bytes[i + 1] << 8)));
    uint64_t sum = setup_matrix_checksum(bytes.data(), codes.data(), codes.size());
    for (int i = 0; i < 8; ++i)
      bytes[setup_header::kChecksum + size_t(i)] = uint8_t(sum >> (8 * i));
    test::write_bytes(path, bytes);
  };
  auto deep = good;
  deep[setup_header::kDepth] = 40;
  resealed(deep);
  CHECK(read_error(path, message) == ErrorKind::Damaged);
  CHECK(message.find("depth 40 is not within") != std::string::npos);
  auto negative = good;
  negative[setup_header::kEntryError + 7] |= 0x80;  // the error's sign bit
  resealed(negative);
  CHECK(read_error(path, message) == ErrorKind::Damaged);
  CHECK(message.find("error estimate") != std::string::npos);
}

TEST_CASE("setup matrix: a version-1 file is refused, saying why and how to remake it") {
  // Version 1 as it was: a node budget at offset 24, zeros from 40, its checksum right.
  test::TempDir dir("setup-v1");
  std::vector<unsigned char> bytes(kSetupMatrixHeaderBytes + 2 * 4, 0);
  std::memcpy(bytes.data(), "EWNSETUP", 8);
  bytes[8] = 1;                        // version
  bytes[12] = bytes[16] = 2;           // 2 x 2
  bytes[20] = 0xff, bytes[21] = 0xff;  // scale 65535
  bytes[24] = 0x10, bytes[25] = 0x27;  // 10000 nodes
  std::vector<uint16_t> codes = {30000, 31000, 32000, 33000};
  for (size_t i = 0; i < codes.size(); ++i) {
    bytes[kSetupMatrixHeaderBytes + 2 * i] = uint8_t(codes[i]);
    bytes[kSetupMatrixHeaderBytes + 2 * i + 1] = uint8_t(codes[i] >> 8);
  }
  uint64_t sum = setup_matrix_checksum(bytes.data(), codes.data(), codes.size());
  for (int i = 0; i < 8; ++i) bytes[32 + size_t(i)] = uint8_t(sum >> (8 * i));
  auto path = dir.path() / "old.ewns";
  test::write_bytes(path, bytes);
  std::string message;
  CHECK(read_error(path, message) == ErrorKind::Damaged);
  CHECK_THAT(message, Catch::Contains("version 1") && Catch::Contains("node budget") &&
                          Catch::Contains("fixed depth") && Catch::Contains("made again"));
  CHECK_THAT(setup_matrix_hint(path), Catch::Contains("ewn setup make --matrix"));
  // ewn setup make replaces it.
  SetupMakeOptions options;
  options.depth = 1;
  options.classes = 2;
  CHECK(make_setup_matrix(path, options));
  CHECK(read_setup_matrix(path).depth == 1);
}

TEST_CASE("setup advice: the three questions from a small stored matrix") {
  // Classes 0..2 (123456, 123465, 123546); the first mover's win probability:
  //   0.9 0.2 0.5
  //   0.3 0.8 0.6
  //   0.4 0.4 0.4
  test::TempDir dir("setup-advice");
  SetupMatrix m;
  m.rows = m.columns = 3;
  m.depth = 5;
  m.entry_error = 0.008;
  m.depth_bias = 0.015;
  m.error_sample = 2;
  for (double v : {0.9, 0.2, 0.5, 0.3, 0.8, 0.6, 0.4, 0.4, 0.4})
    m.codes.push_back(encode_setup_value(v));
  write_setup_matrix(dir.path() / "m", m);
  SetupAdvisor advisor(read_setup_matrix(dir.path() / "m"));
  const Arrangement c0 = {1, 2, 3, 4, 5, 6}, c1 = {1, 2, 3, 4, 6, 5}, c2 = {1, 2, 3, 5, 4, 6};
  REQUIRE(class_arrangement(1) == c1);
  REQUIRE(class_arrangement(2) == c2);

  // Best reply to 123456 (or its twin 654321): first, row 0 (0.9); second, column 1 (1 - 0.2).
  auto first = advisor.replies(SetupRole::First, renumbered(c0), 2);
  REQUIRE(first.size() == 2);
  CHECK(first[0].arrangement == c0);
  CHECK(first[0].value == Approx(0.9).margin(1e-4));
  CHECK(first[1].arrangement == c2);
  auto second = advisor.replies(SetupRole::Second, c0, 1);
  CHECK(second[0].arrangement == c1);
  CHECK(second[0].value == Approx(0.8).margin(1e-4));

  // Against a uniformly random arrangement: row 1 (mean 17/30); column 1 (1 - 1.4/3).
  auto uniform_first = advisor.against_uniform(SetupRole::First, 1);
  CHECK(uniform_first[0].arrangement == c1);
  CHECK(uniform_first[0].value == Approx(1.7 / 3).margin(1e-4));
  auto uniform_second = advisor.against_uniform(SetupRole::Second, -1);
  CHECK(uniform_second.size() == 3);
  CHECK(uniform_second[0].arrangement == c1);
  CHECK(uniform_second[0].value == Approx(1 - 1.4 / 3).margin(1e-4));

  // The equilibrium: rows 0 and 1 at 5/12 and 7/12, columns 0 and 1 at 1/2 each, value 0.55.
  const SetupEquilibrium& e = advisor.equilibrium();
  CHECK(e.value == Approx(0.55).margin(1e-4));
  CHECK(e.gap < 1e-9);
  REQUIRE(e.first.size() == 2);
  CHECK(e.first[0].arrangement == c1);
  CHECK(e.first[0].probability == Approx(7.0 / 12).margin(1e-3));
  CHECK(e.first[0].value == Approx(0.55).margin(1e-4));
  REQUIRE(e.second.size() == 2);
  CHECK(e.second[0].probability == Approx(0.5).margin(1e-3));
  CHECK(e.second[0].value == Approx(0.45).margin(1e-4));
  CHECK(advisor.equilibrium_draw(SetupRole::First, 0.1, false) == c1);
  CHECK(advisor.equilibrium_draw(SetupRole::First, 0.9, true) == renumbered(c0));

  Json j = setup_equilibrium_answer(advisor);
  CHECK(j["value"].get<double>() == Approx(0.55).margin(1e-4));
  CHECK(j["first"][0]["arrangement"] == "123465");
  CHECK(j["first"][0]["twin"] == "654312");
  CHECK(j["matrix"]["depth"] == 5);

  // An arrangement outside a small matrix is refused, not read past its end.
  CHECK_THROWS_AS(advisor.replies(SetupRole::First, {3, 6, 5, 4, 2, 1}, 1), std::out_of_range);

  // Precision: the file's own error estimate, read back, in every answer.
  SetupPrecision p = advisor.reply_precision();
  CHECK(p.entry_error == Approx(0.008));
  CHECK(p.depth_bias == Approx(0.015));
  CHECK(p.value_error == Approx(0.008));
  CHECK(p.tie_margin == Approx(2 * std::sqrt(2.0) * 0.008));
  CHECK(advisor.mean_precision(SetupRole::First).value_error == Approx(0.94 * 0.008));
  CHECK(advisor.mean_precision(SetupRole::Second).value_error == Approx(0.94 * 0.008));
  CHECK(j["precision"]["entry_error"].get<double>() == Approx(0.008));
  CHECK(j["alternatives"]["first"]["other_mixes"].size() == 0);
}

TEST_CASE("setup advice: ties within the noise, and several optimal mixes") {
  // Classes 0..2; the first mover's win probability. Rows 0 and 1 are equal (so the first
  // mover has several optimal mixes), row 2 far behind; against column 0, rows 0 and 1 tie
  // exactly and row 2 is 10 points behind, far outside the noise.
  SetupMatrix m;
  m.rows = m.columns = 3;
  m.depth = 5;
  m.entry_error = 0.01;               // a tie margin of 2.8 points
  for (double v : {0.60, 0.40, 0.45,  //
                   0.60, 0.40, 0.45,  //
                   0.50, 0.30, 0.20})
    m.codes.push_back(encode_setup_value(v));
  SetupAdvisor advisor(m);
  auto replies = advisor.replies(SetupRole::First, class_arrangement(0), -1);
  CHECK(replies[0].tied);
  CHECK(replies[1].tied);
  CHECK_FALSE(replies[2].tied);
  CHECK(advisor.tied_replies(SetupRole::First, class_arrangement(0)) == 2);
  // The second mover against row 0: column 1 (0.6) and column 2 (0.55) are 5 points apart.
  CHECK(advisor.tied_replies(SetupRole::Second, class_arrangement(0)) == 1);

  const SetupEquilibrium& e = advisor.equilibrium();
  // Column 1 holds the equal rows to 0.40 and row 2 to 0.30: a saddle point at 0.40.
  CHECK(e.value == Approx(0.40).margin(1e-4));
  // Either equal row, or any mix of the two, is optimal: the one not played (if any) is as
  // good, and at least one other optimal mix is found, each of the equal rows only.
  CHECK(e.first.size() + e.first_alternatives.equally_good.size() == 2);
  REQUIRE(e.first_alternatives.other_mixes.size() >= 1);
  for (const auto& mix : e.first_alternatives.other_mixes) {
    REQUIRE(mix.size() == 1);
    CHECK(arrangement_class(mix[0].arrangement) <= 1);
    CHECK(mix[0].value == Approx(0.40).margin(1e-4));
  }
  // The second mover's pure strategy is the only optimal one.
  CHECK(e.second.size() == 1);
  CHECK(e.second_alternatives.other_mixes.empty());
  CHECK(e.second_alternatives.equally_good.empty());
  Json j = setup_equilibrium_answer(advisor);
  CHECK(j["alternatives"]["first"]["other_mixes"].size() >= 1);
  CHECK(j["alternatives"]["second"]["other_mixes"].size() == 0);
}
