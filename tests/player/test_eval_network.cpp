// The evaluation network (eval_network.h, board_mlp.h) and its training (network_training.h).
#include <xxhash.h>

#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <vector>

#include "engine.h"
#include "file_bytes.h"
#include "generated_set.h"
#include "network_training.h"
#include "notation.h"
#include "player_test_support.h"
#include "symmetry.h"
#include "temp_dir.h"

using namespace ewn;
using ewn::test::read_bytes;
using ewn::test::write_bytes;

namespace {

// A network with varied weights: a short training run without tables.
const EvalNetwork& trained_network() {
  static const EvalNetwork net = [] {
    EvalNetwork n;
    NetworkTrainingOptions o;
    o.games = 2000;
    o.rate = 0.01;
    train_network(n, tuned_eval_weights(), nullptr, o, {});
    return n;
  }();
  return net;
}

}  // namespace

TEST_CASE("a new network corrects nothing") {
  EvalNetwork net;
  Rng rng(1);
  for (int i = 0; i < 100; ++i) CHECK(net.logit(random_position(rng, 2 + int(rng.below(11)))) == 0);
}

TEST_CASE("the network's correction is the same in symmetric positions") {
  // The mirror and the colour flip keep a position's value (SPEC 5), and renumbering keeps
  // every piece's die faces, which is all the network sees of the numbers. Both parts are
  // checked: the tuples read both mirror images, the perceptron one canonical orientation.
  const EvalNetwork& net = trained_network();
  Rng rng(2);
  int nonzero = 0, perceptron = 0;
  for (int i = 0; i < 2000; ++i) {
    Position pos = random_position(rng, 2 + int(rng.below(11)));
    float v = net.logit(pos), t = net.tuple_logit(pos);
    nonzero += v != 0;
    perceptron += v != t;
    for (const Position& twin :
         {mirror(pos), flip_colours(pos), renumber(pos, Red), renumber(pos, Blue)})
      if (net.logit(twin) != v || net.tuple_logit(twin) != t)
        FAIL("asymmetric correction at " << format_position(pos));
  }
  CHECK(nonzero > 1900);
  CHECK(perceptron > 1900);
}

TEST_CASE("the perceptron's update follows its gradient") {
  // Steps towards a target, as training takes them, bring the output to it: the update's
  // direction is the gradient's (a wrong sign or a layer left out would not converge).
  BoardMlp mlp;
  Rng rng(4);
  Position pos = random_position(rng, 9), other = random_position(rng, 9);
  CHECK(mlp.logit(pos) == 0);
  for (int i = 0; i < 300; ++i) mlp.update(pos, 0.02f * (1.5f - mlp.logit(pos)));
  CHECK(mlp.logit(pos) == Approx(1.5).margin(1e-3));
  // And against a finite difference of the output: a small step changes it by about
  // step * |gradient|^2, which the weights' change gives exactly.
  std::vector<float> before = mlp.weights();
  float z0 = mlp.logit(other);
  mlp.update(other, 1e-3f);
  double squared_norm = 0;
  for (size_t i = 0; i < before.size(); ++i) {
    double d = double(mlp.weights()[i]) - before[i];
    squared_norm += d * d / 1e-6;
  }
  CHECK(squared_norm > 0);
  CHECK(mlp.logit(other) - z0 == Approx(1e-3 * squared_norm).epsilon(0.05));
}

TEST_CASE("an update moves the position's correction by the step at every read") {
  EvalNetwork net;
  Rng rng(3);
  Position pos = random_position(rng, 8);
  net.update(pos, 0.5f, 0.0f);
  // A weight read twice (a block on the diagonal that is its own mirror image) counts twice.
  CHECK(net.logit(pos) >= 0.5f * EvalNetwork::kReads - 1e-4f);
  net.update(pos, -0.5f, 0.0f);
  CHECK(net.logit(pos) == 0);
}

TEST_CASE("training is deterministic for a seed and lowers the TD error") {
  NetworkTrainingOptions o;
  o.games = 3000;
  o.rate = 0.01;
  std::vector<double> errors;
  EvalNetwork a, b;
  train_network(a, tuned_eval_weights(), nullptr, o,
                [&](const NetworkTrainingStats& s) { errors.push_back(s.mean_abs_td_error); });
  train_network(b, tuned_eval_weights(), nullptr, o, {});
  CHECK(a == b);
  REQUIRE(errors.size() == 3);
  CHECK(errors[2] < errors[0] * 0.9);
  o.seed = 2;
  EvalNetwork c;
  train_network(c, tuned_eval_weights(), nullptr, o, {});
  CHECK_FALSE(a == c);
}

TEST_CASE("a network file reads back equal, and damaged files are refused with a reason") {
  test::TempDir dir("network");
  auto path = (dir.path() / "net.ewnn").string();
  const EvalNetwork& net = trained_network();
  net.save(path);
  CHECK(EvalNetwork::load(path) == net);
  CHECK_FALSE(std::filesystem::exists(path + ".tmp"));

  std::vector<uint8_t> good = read_bytes(path);
  auto refused = [&](std::vector<uint8_t> bytes, const std::string& reason) {
    write_bytes(path, bytes);
    CHECK_THROWS_WITH(EvalNetwork::load(path), Catch::Contains(path) && Catch::Contains(reason));
  };
  refused({good.begin(), good.begin() + 10}, "truncated header");
  refused({good.begin(), good.end() - 4}, "truncated weights");
  auto flipped = good;
  flipped[good.size() / 2] ^= 0x10;
  refused(flipped, "checksum mismatch");
  auto flipped_mlp = good;  // in the perceptron's weights, at the end of the file
  flipped_mlp[good.size() - 100] ^= 0x10;
  refused(flipped_mlp, "checksum mismatch");
  auto hidden = good;  // the header's hidden units
  hidden[20] ^= 1;     // 65 units
  refused(hidden, "its perceptron has 65 hidden units, this build reads 64");
  auto magic = good;
  magic[0] = 'X';
  refused(magic, "not an n-tuple network file");
  auto longer = good;
  longer.push_back(0);
  refused(longer, "trailing bytes");
  CHECK_THROWS_WITH(EvalNetwork::load((dir.path() / "missing").string()),
                    Catch::Contains("cannot open"));
}

TEST_CASE("a network file of version 2 loads with a perceptron that corrects nothing") {
  // Version 2 held the n-tuples only: the same header (hidden units 0), the tuple weights and
  // their checksum. Made here from a version 3 file by dropping the perceptron.
  test::TempDir dir("network-v2");
  auto path = (dir.path() / "old.ewnn").string();
  const EvalNetwork& net = trained_network();
  net.save(path);
  std::vector<uint8_t> bytes = read_bytes(path);
  const size_t header = 32, tuples = (size_t(EvalNetwork::kTables) * EvalNetwork::kTableSize +
                                      EvalNetwork::kMaterialSize) *
                                     sizeof(float);
  REQUIRE(bytes.size() == header + tuples + BoardMlp::kWeights * sizeof(float));
  bytes.resize(header + tuples);
  uint32_t version = 2, hidden = 0;
  std::memcpy(&bytes[8], &version, 4);
  std::memcpy(&bytes[20], &hidden, 4);
  uint64_t checksum = XXH64(&bytes[header], tuples, 0);
  std::memcpy(&bytes[24], &checksum, 8);
  write_bytes(path, bytes);
  EvalNetwork old = EvalNetwork::load(path);
  Rng rng(5);
  for (int i = 0; i < 200; ++i) {
    Position pos = random_position(rng, 2 + int(rng.below(11)));
    CHECK(old.logit(pos) == net.tuple_logit(pos));
  }
}

TEST_CASE("contest engines take the trained network from the table directory") {
  test::TempDir dir("network-engine");
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
  test::TempDir dir("network-engine-path");
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
