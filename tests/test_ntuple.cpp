// The n-tuple network (ntuple.h) and its training (ntuple_training.h).
#include <catch2/catch.hpp>
#include <filesystem>
#include <vector>

#include "engine.h"
#include "file_bytes.h"
#include "generated_set.h"
#include "notation.h"
#include "ntuple_training.h"
#include "player_test_support.h"
#include "symmetry.h"
#include "temp_dir.h"

using namespace ewn;
using ewn::test::read_bytes;
using ewn::test::write_bytes;

namespace {

// A network with varied weights: a short training run without tables.
const NTupleNetwork& trained_network() {
  static const NTupleNetwork net = [] {
    NTupleNetwork n;
    NTupleTrainingOptions o;
    o.games = 2000;
    o.rate = 0.01;
    train_ntuple(n, tuned_eval_weights(), nullptr, o, {});
    return n;
  }();
  return net;
}

}  // namespace

TEST_CASE("a new network corrects nothing") {
  NTupleNetwork net;
  Rng rng(1);
  for (int i = 0; i < 100; ++i) CHECK(net.logit(random_position(rng, 2 + int(rng.below(11)))) == 0);
}

TEST_CASE("the network's correction is the same in symmetric positions") {
  // The mirror and the colour flip keep a position's value (SPEC 5), and renumbering keeps
  // every piece's die faces, which is all the network sees of the numbers.
  const NTupleNetwork& net = trained_network();
  Rng rng(2);
  int nonzero = 0;
  for (int i = 0; i < 2000; ++i) {
    Position pos = random_position(rng, 2 + int(rng.below(11)));
    float v = net.logit(pos);
    nonzero += v != 0;
    if (net.logit(mirror(pos)) != v || net.logit(flip_colours(pos)) != v ||
        net.logit(renumber(pos, Red)) != v || net.logit(renumber(pos, Blue)) != v)
      FAIL("asymmetric correction at " << format_position(pos));
  }
  CHECK(nonzero > 1900);
}

TEST_CASE("an update moves the position's correction by the step at every read") {
  NTupleNetwork net;
  Rng rng(3);
  Position pos = random_position(rng, 8);
  net.update(pos, 0.5f);
  // A weight read twice (a block on the diagonal that is its own mirror image) counts twice.
  CHECK(net.logit(pos) >= 0.5f * NTupleNetwork::kReads - 1e-4f);
  net.update(pos, -0.5f);
  CHECK(net.logit(pos) == 0);
}

TEST_CASE("training is deterministic for a seed and lowers the TD error") {
  NTupleTrainingOptions o;
  o.games = 3000;
  o.rate = 0.01;
  std::vector<double> errors;
  NTupleNetwork a, b;
  train_ntuple(a, tuned_eval_weights(), nullptr, o,
               [&](const NTupleTrainingStats& s) { errors.push_back(s.mean_abs_td_error); });
  train_ntuple(b, tuned_eval_weights(), nullptr, o, {});
  CHECK(a == b);
  REQUIRE(errors.size() == 3);
  CHECK(errors[2] < errors[0] * 0.9);
  o.seed = 2;
  NTupleNetwork c;
  train_ntuple(c, tuned_eval_weights(), nullptr, o, {});
  CHECK_FALSE(a == c);
}

TEST_CASE("a network file reads back equal, and damaged files are refused with a reason") {
  test::TempDir dir("ntuple");
  auto path = (dir.path() / "net.ewnn").string();
  const NTupleNetwork& net = trained_network();
  net.save(path);
  CHECK(NTupleNetwork::load(path) == net);
  CHECK_FALSE(std::filesystem::exists(path + ".tmp"));

  std::vector<uint8_t> good = read_bytes(path);
  auto refused = [&](std::vector<uint8_t> bytes, const std::string& reason) {
    write_bytes(path, bytes);
    CHECK_THROWS_WITH(NTupleNetwork::load(path), Catch::Contains(path) && Catch::Contains(reason));
  };
  refused({good.begin(), good.begin() + 10}, "truncated header");
  refused({good.begin(), good.end() - 4}, "truncated weights");
  auto flipped = good;
  flipped[good.size() / 2] ^= 0x10;
  refused(flipped, "checksum mismatch");
  auto magic = good;
  magic[0] = 'X';
  refused(magic, "not an n-tuple network file");
  auto longer = good;
  longer.push_back(0);
  refused(longer, "trailing bytes");
  CHECK_THROWS_WITH(NTupleNetwork::load((dir.path() / "missing").string()),
                    Catch::Contains("cannot open"));
}

TEST_CASE("contest engines take the trained network from the table directory") {
  test::TempDir dir("ntuple-engine");
  std::string notes;
  auto engine = make_contest_engine("expectimax", "", dir.path().string(), notes);
  CHECK(engine->spec().search.network == nullptr);
  CHECK_THAT(notes, Catch::Contains("no evaluation network (train one with ewn train-eval)"));

  auto path = dir.path() / kDefaultNetworkFile;
  trained_network().save(path.string());
  engine = make_contest_engine("expectimax", "", dir.path().string(), notes);
  REQUIRE(engine->spec().search.network != nullptr);
  CHECK(*engine->spec().search.network == trained_network());
  CHECK_THAT(notes, Catch::Contains("network '" + path.string() + "'"));
  engine = make_contest_engine("expectimax:net=none", "", dir.path().string(), notes);
  CHECK(engine->spec().search.network == nullptr);

  // A damaged default file is noted and done without; a file named explicitly must load.
  auto bytes = read_bytes(path);
  bytes[bytes.size() / 2] ^= 1;
  write_bytes(path, bytes);
  engine = make_contest_engine("expectimax", "", dir.path().string(), notes);
  CHECK(engine->spec().search.network == nullptr);
  CHECK_THAT(notes, Catch::Contains("checksum mismatch"));
  CHECK_THROWS_WITH(
      make_contest_engine("expectimax:net=" + path.string(), "", dir.path().string(), notes),
      Catch::Contains("checksum mismatch"));
}

TEST_CASE("contest engines tell a network named from a path that merely contains net=") {
  // Tables in a directory called "net=old": the spec names tables, not a network.
  test::TempDir dir("ntuple-engine-path");
  auto tables = dir.path() / "net=old";
  std::filesystem::copy(test::generated_set(2), tables);
  trained_network().save((tables / kDefaultNetworkFile).string());
  std::string spec = "expectimax:tables=" + tables.string(), notes;
  CHECK(parse_player_spec(spec).gives("tables"));
  CHECK(!parse_player_spec(spec).gives("net"));
  CHECK(parse_player_spec("expectimax:net=none").gives("net"));
  auto engine = make_contest_engine(spec, "", dir.path().string(), notes);
  REQUIRE(engine->spec().search.network != nullptr);
  CHECK_THAT(notes, Catch::Contains("network '"));
}

TEST_CASE("a player spec names its network with net=") {
  CHECK(parse_player_spec("expectimax:net=x.ewnn").network == "x.ewnn");
  CHECK(parse_player_spec("expectimax").network == "none");
  CHECK_THROWS_AS(parse_player_spec("expectimax:net="), SpecError);
  CHECK_THROWS_AS(parse_player_spec("mcts:net=x.ewnn"), SpecError);
  CHECK_THROWS_WITH(PlayerFactory(parse_player_spec("expectimax:net=/nonexistent/x.ewnn")),
                    Catch::Contains("/nonexistent/x.ewnn: cannot open"));
}
