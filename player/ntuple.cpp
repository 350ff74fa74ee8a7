#include "ntuple.h"

#include <xxhash.h>

#include <cstring>
#include <fstream>
#include <stdexcept>

#include "file_io.h"
#include "movegen.h"

namespace ewn {

namespace {

// How many die faces move piece n (index n - 1) of a side holding `mask`.
constexpr auto make_face_counts() {
  std::array<std::array<uint8_t, 6>, 64> t{};
  for (unsigned mask = 1; mask < 64; ++mask)
    for (int die = 1; die <= 6; ++die) {
      const Movable& m = movable_pieces(mask, die);
      for (int i = 0; i < m.count; ++i) ++t[mask][m.number[i] - 1];
    }
  return t;
}
constexpr auto kFaceCounts = make_face_counts();

// Phase of a position with `pieces` on the board.
constexpr int phase_of(int pieces) {
  return pieces <= 5 ? 0 : pieces <= 7 ? 1 : pieces <= 9 ? 2 : 3;
}

// A side's set of pieces up to renumbering x -> 7 - x (which keeps every die face's choice).
constexpr unsigned canonical_mask(unsigned mask) {
  unsigned reversed = 0;
  for (int n = 0; n < 6; ++n)
    if (mask & (1u << n)) reversed |= 1u << (5 - n);
  return mask < reversed ? mask : reversed;
}

struct TupleRead {
  int table;
  std::array<Square, NTupleNetwork::kTupleSize> squares;
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
static_assert(kReads.size() == NTupleNetwork::kBlockReads);

constexpr char kMagic[8] = {'E', 'W', 'N', 'T', 'U', 'P', 'L', 'E'};
constexpr uint32_t kVersion = 2;

struct FileHeader {
  char magic[8];
  uint32_t version;
  uint32_t tables;
  uint32_t table_size;
  uint32_t reserved;
  uint64_t checksum;  // XXH64 of the weights
};

}  // namespace

NTupleNetwork::NTupleNetwork() : weights_(size_t(kTables) * kTableSize + kMaterialSize, 0.0f) {}

std::array<uint32_t, NTupleNetwork::kReads> NTupleNetwork::indices(const Position& pos) const {
  // States of the squares as the mover sees them: turned so that it plays towards e1.
  Side me = pos.to_move, them = opposite(me);
  std::array<uint8_t, kSquares> state{};
  unsigned my_mask = pos.mask(me), their_mask = pos.mask(them);
  for (int n = 0; n < kPiecesPerSide; ++n) {
    if (Square s = pos.where[me][n]; s != kNoSquare)
      state[me == Red ? s : flip_square(s)] = kFaceCounts[my_mask][n];
    if (Square s = pos.where[them][n]; s != kNoSquare)
      state[me == Red ? s : flip_square(s)] = uint8_t(6 + kFaceCounts[their_mask][n]);
  }
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

float NTupleNetwork::logit(const Position& pos) const {
  // Each table's two reads are added first: mirroring the position swaps them, and a + b is
  // b + a in floating point, so mirror images get bit-identical values.
  std::array<uint32_t, kReads> index = indices(pos);
  float sum = 0;
  for (int i = 0; i < kBlockReads; i += 2) sum += weights_[index[i]] + weights_[index[i + 1]];
  return sum + weights_[index[kBlockReads]];
}

void NTupleNetwork::update(const Position& pos, float step) {
  for (uint32_t i : indices(pos)) weights_[i] += step;
}

void NTupleNetwork::save(const std::string& path) const {
  FileHeader h{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.version = kVersion;
  h.tables = kTables;
  h.table_size = kTableSize;
  h.checksum = XXH64(weights_.data(), weights_.size() * sizeof(float), 0);
  std::string tmp = path + ".tmp";
  OutputFile out(tmp);
  out.write(&h, sizeof h);
  out.write(weights_.data(), weights_.size() * sizeof(float));
  out.close();
  commit_file(tmp, path);
}

NTupleNetwork NTupleNetwork::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open the network file");
  FileHeader h{};
  auto fail = [&](const std::string& what) {
    throw std::runtime_error(path + ": " + what + " (retrain it with `ewn train-eval`)");
  };
  if (!in.read(reinterpret_cast<char*>(&h), sizeof h)) fail("truncated header");
  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) fail("not an n-tuple network file");
  if (h.version != kVersion) fail("unsupported version " + std::to_string(h.version));
  if (h.tables != kTables || h.table_size != kTableSize) fail("tuple layout differs");
  NTupleNetwork net;
  auto bytes = std::streamsize(net.weights_.size() * sizeof(float));
  if (!in.read(reinterpret_cast<char*>(net.weights_.data()), bytes)) fail("truncated weights");
  if (in.peek() != std::ifstream::traits_type::eof()) fail("trailing bytes");
  if (XXH64(net.weights_.data(), size_t(bytes), 0) != h.checksum) fail("checksum mismatch");
  return net;
}

}  // namespace ewn
