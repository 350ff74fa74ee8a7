#include "eval_network.h"

#include <xxhash.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "file_io.h"
#include "regular_file.h"

namespace ewn {

namespace {

struct TupleRead {
  int table;
  std::array<Square, EvalNetwork::kTupleSize> squares;
};

// Each 2 x 2 block with its top-left corner on or above the diagonal has a table, read once as
// placed and once mirrored (which for a block off the diagonal is its mirror image's block).
constexpr auto make_reads() {
  std::array<TupleRead, 20> reads{};
  int table = 0, k = 0;
  for (int r = 0; r < 4; ++r)
    for (int c = r; c < 4; ++c) {
      std::array<Square, 4> block = {make_square(r, c), make_square(r, c + 1),
                                     make_square(r + 1, c), make_square(r + 1, c + 1)};
      std::array<Square, 4> mirrored{};
      for (int i = 0; i < 4; ++i) mirrored[i] = mirror_square(block[i]);
      reads[k++] = TupleRead{table, block};
      reads[k++] = TupleRead{table, mirrored};
      ++table;
    }
  return reads;
}
constexpr auto kReads = make_reads();
static_assert(kReads.size() == EvalNetwork::kBlockReads);

constexpr char kMagic[8] = {'E', 'W', 'N', 'T', 'U', 'P', 'L', 'E'};
// Version 3 added the perceptron (its hidden units in the header's last field, before: 0).
constexpr uint32_t kVersion = 3, kVersionWithoutMlp = 2;

struct FileHeader {
  char magic[8];
  uint32_t version;
  uint32_t tables;
  uint32_t table_size;
  uint32_t hidden;    // the perceptron's hidden units
  uint64_t checksum;  // XXH64 of the tuple weights, then (seeded with it) of the perceptron's
};

}  // namespace

EvalNetwork::EvalNetwork() : weights_(size_t(kTables) * kTableSize + kMaterialSize, 0.0f) {}

std::array<uint32_t, EvalNetwork::kReads> EvalNetwork::indices(const Position& pos,
                                                               const MoverView& state) const {
  unsigned my_mask = pos.mask(pos.to_move), their_mask = pos.mask(opposite(pos.to_move));
  std::array<uint32_t, kReads> out;
  uint32_t phase_base = uint32_t(phase_of(pos.piece_count()) * kBlockTables);
  for (int i = 0; i < kBlockReads; ++i) {
    const TupleRead& t = ::ewn::kReads[i];
    uint32_t index = 0;
    for (int j = kTupleSize - 1; j >= 0; --j) index = index * kStates + state[t.squares[j]];
    out[i] = (phase_base + uint32_t(t.table)) * kTableSize + index;
  }
  out[kBlockReads] =
      uint32_t(kTables) * kTableSize + canonical_mask(my_mask) * 64 + canonical_mask(their_mask);
  return out;
}

float EvalNetwork::tuple_logit(const Position& pos, const MoverView& view) const {
  // Each table's two reads are added first: mirroring the position swaps them, and a + b is
  // b + a in floating point, so mirror images get bit-identical values.
  std::array<uint32_t, kReads> index = indices(pos, view);
  float sum = 0;
  for (int i = 0; i < kBlockReads; i += 2) sum += weights_[index[i]] + weights_[index[i + 1]];
  return sum + weights_[index[kBlockReads]];
}

void EvalNetwork::update(const Position& pos, float tuple_step, float mlp_step) {
  MoverView view = mover_view(pos);
  for (uint32_t i : indices(pos, view)) weights_[i] += tuple_step;
  mlp_.update(pos, view, mlp_step);
}

namespace {

// The checksum over both parts, in file order.
uint64_t weights_checksum(const std::vector<float>& tuples, const std::vector<float>* mlp) {
  uint64_t sum = XXH64(tuples.data(), tuples.size() * sizeof(float), 0);
  return mlp ? XXH64(mlp->data(), mlp->size() * sizeof(float), sum) : sum;
}

}  // namespace

void EvalNetwork::save(const std::string& path) const {
  FileHeader h{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.version = kVersion;
  h.tables = kTables;
  h.table_size = kTableSize;
  h.hidden = BoardMlp::kHidden;
  h.checksum = weights_checksum(weights_, &mlp_.weights());
  std::string tmp = path + ".tmp";
  OutputFile out(tmp);
  out.write(&h, sizeof h);
  out.write(weights_.data(), weights_.size() * sizeof(float));
  out.write(mlp_.weights().data(), mlp_.weights().size() * sizeof(float));
  out.close();
  commit_file(tmp, path);
}

EvalNetwork EvalNetwork::load(const std::string& path) {
  // Checked first: a FIFO of that name would block the open for ever.
  auto problem = regular_file_problem(path);
  // Not a PathError: its kinds name the table directory's failures (a file given as the
  // directory), and a network file is not that directory.
  if (problem && problem->kind != ErrorKind::Missing)
    throw std::runtime_error(path + ": " + problem->words);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open the network file");
  FileHeader h{};
  auto fail = [&](const std::string& what) {
    throw std::runtime_error(path + ": " + what + " (retrain it with `ewn train-eval`)");
  };
  if (!in.read(reinterpret_cast<char*>(&h), sizeof h)) fail("truncated header");
  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) fail("not an n-tuple network file");
  if (h.version != kVersion && h.version != kVersionWithoutMlp)
    fail("unsupported version " + std::to_string(h.version));
  bool with_mlp = h.version == kVersion;
  if (h.tables != kTables || h.table_size != kTableSize) fail("tuple layout differs");
  if (with_mlp && h.hidden != BoardMlp::kHidden)
    fail("its perceptron has " + std::to_string(h.hidden) + " hidden units, this build reads " +
         std::to_string(BoardMlp::kHidden));
  EvalNetwork net;
  auto read = [&](std::vector<float>& weights) {
    auto bytes = std::streamsize(weights.size() * sizeof(float));
    if (!in.read(reinterpret_cast<char*>(weights.data()), bytes)) fail("truncated weights");
  };
  read(net.weights_);
  if (with_mlp) read(net.mlp_.weights());
  if (in.peek() != std::ifstream::traits_type::eof()) fail("trailing bytes");
  if (weights_checksum(net.weights_, with_mlp ? &net.mlp_.weights() : nullptr) != h.checksum)
    fail("checksum mismatch");
  return net;
}

std::shared_ptr<const EvalNetwork> load_table_dir_network(const std::string& dir,
                                                          std::string& note) {
  auto path = std::filesystem::path(dir) / kDefaultNetworkFile;
  std::error_code ec;
  note = "no evaluation network (train one with ewn train-eval)";
  if (!std::filesystem::is_regular_file(path, ec)) return nullptr;
  try {
    auto network = std::make_shared<const EvalNetwork>(EvalNetwork::load(path.string()));
    note = "network " + path.string();
    return network;
  } catch (const std::exception& e) {
    note = std::string("no evaluation network (") + e.what() + ")";
    return nullptr;
  }
}

}  // namespace ewn
