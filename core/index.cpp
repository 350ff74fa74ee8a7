#include "index.h"

#include <algorithm>
#include <bit>
#include <cassert>

namespace ewn {

namespace {

// Pair tables for (mover, mover) and (mover, opponent) as the first two pieces. The mover
// never stands on e1 (24), the opponent never on a5 (0); both sets are closed under the mirror.
PairTable make_pair_table(bool second_is_opponent) {
  PairTable t;
  t.id.fill(-1);
  for (int s0 = 0; s0 < kSquares; ++s0)
    for (int s1 = 0; s1 < kSquares; ++s1) {
      if (s0 == s1 || s0 == kRedGoal) continue;
      if (second_is_opponent ? s1 == kBlueGoal : s1 == kRedGoal) continue;
      int m0 = mirror_square(Square(s0)), m1 = mirror_square(Square(s1));
      if (std::pair(m0, m1) < std::pair(s0, s1)) continue;
      t.id[s0 * kSquares + s1] = int16_t(t.count);
      t.squares[t.count] = {Square(s0), Square(s1)};
      t.self_mirror[t.count] = (m0 == s0 && m1 == s1);
      ++t.count;
    }
  for (int code = 0; code < kSquares * kSquares; ++code) {
    int s0 = code / kSquares, s1 = code % kSquares;
    int mirror_code = mirror_square(Square(s0)) * kSquares + mirror_square(Square(s1));
    if (t.id[code] >= 0)
      t.canonical[code] = {t.id[code], 0};
    else if (s0 != s1 && t.id[mirror_code] >= 0)
      t.canonical[code] = {t.id[mirror_code], 1};
  }
  return t;
}

constexpr std::array<std::array<Square, kSquares>, 2> make_square_maps() {
  std::array<std::array<Square, kSquares>, 2> maps{};
  for (int s = 0; s < kSquares; ++s) {
    maps[0][s] = Square(s);
    maps[1][s] = mirror_square(Square(s));
  }
  return maps;
}

const PairTable kPairMoverMover = make_pair_table(false);
const PairTable kPairMoverOpponent = make_pair_table(true);

// select8[b][k]: position of the k-th set bit of byte b.
constexpr auto make_select8() {
  std::array<std::array<uint8_t, 8>, 256> t{};
  for (int b = 0; b < 256; ++b) {
    int k = 0;
    for (int i = 0; i < 8; ++i)
      if (b & (1 << i)) t[b][k++] = uint8_t(i);
  }
  return t;
}
constexpr auto kSelect8 = make_select8();

// Position of the k-th (0-based) set bit of `bits`; k must be < popcount(bits).
inline Square select_bit(uint32_t bits, unsigned k) {
  for (int byte = 0;; ++byte) {
    unsigned b = (bits >> (8 * byte)) & 0xFF;
    unsigned c = unsigned(std::popcount(b));
    if (k < c) return Square(8 * byte + kSelect8[b][k]);
    k -= c;
  }
}

constexpr uint32_t kAllSquares = (1u << kSquares) - 1;
constexpr uint32_t kMoverSquares = kAllSquares & ~(1u << kRedGoal);

uint64_t falling(int from, int k) {  // from * (from-1) * ... (k factors)
  uint64_t r = 1;
  for (int i = 0; i < k; ++i) r *= uint64_t(from - i);
  return k < 0 || from < k ? 0 : r;
}

}  // namespace

const std::array<std::array<Square, kSquares>, 2> kSquareMaps = make_square_maps();

PositionIndex::PositionIndex(MaterialClass mc)
    : material_(mc), n_(mc.piece_count()), a_(mc.mover_count()) {
  pairs_ = a_ >= 2 ? &kPairMoverMover : &kPairMoverOpponent;
  size_ = uint64_t(pairs_->count);
  for (int i = 2; i < n_; ++i) {
    radix_[i] = uint32_t(i < a_ ? 24 - i : 25 - i);
    size_ *= radix_[i];
  }
}

int PositionIndex::total_progress(const SquareList& sq) const {
  int p = 0;
  for (int i = 0; i < n_; ++i) p += progress(i < a_ ? Red : Blue, sq[i]);
  return p;
}

bool PositionIndex::unrank(uint64_t index, SquareList& sq) const {
  std::array<uint32_t, kMaxPieces> digit{};
  int pair;
  if (size_ <= UINT32_MAX) {  // 32-bit division is several times faster
    uint32_t rest = uint32_t(index);
    for (int i = n_ - 1; i >= 2; --i) {
      digit[i] = rest % radix_[i];
      rest /= radix_[i];
    }
    pair = int(rest);
  } else {
    uint64_t rest = index;
    for (int i = n_ - 1; i >= 2; --i) {
      digit[i] = uint32_t(rest % radix_[i]);
      rest /= radix_[i];
    }
    pair = int(rest);
  }
  sq[0] = pairs_->squares[pair][0];
  sq[1] = pairs_->squares[pair][1];
  uint32_t occ = (1u << sq[0]) | (1u << sq[1]);
  bool valid = true;
  for (int i = 2; i < n_; ++i) {
    uint32_t universe = i < a_ ? kMoverSquares : kAllSquares;
    Square s = select_bit(universe & ~occ, digit[i]);
    sq[i] = s;
    occ |= 1u << s;
    if (i >= a_ && s == kBlueGoal) valid = false;
  }
  if (valid && pairs_->self_mirror[pair]) {
    SquareList mirrored{};
    for (int i = 0; i < n_; ++i) mirrored[i] = mirror_square(sq[i]);
    valid = rank_unmirrored(mirrored, pair) >= index;
  }
  return valid;
}

uint64_t PositionIndex::canonical_count() const {
  // Undecided placements: mover pieces on the 24 squares other than e1, opponent pieces on the
  // squares other than a5 that are still free. Mirror-fixed ones have every piece on the
  // diagonal {a5, b4, c3, d2, e1}. Canonical = (all + fixed) / 2.
  int a = a_, b = n_ - a_;
  uint64_t all =
      uint64_t(a) * falling(23, a - 1) * falling(25 - a, b) + falling(23, a) * falling(24 - a, b);
  uint64_t fixed =
      uint64_t(a) * falling(3, a - 1) * falling(5 - a, b) + falling(3, a) * falling(4 - a, b);
  return (all + fixed) / 2;
}

SquareList squares_in_class_order(const Position& pos) {
  SquareList sq{};
  int i = 0;
  for (Side side : {pos.to_move, opposite(pos.to_move)})
    for (int n = 1; n <= kPiecesPerSide; ++n)
      if (Square s = pos.square_of(side, n); s != kNoSquare) sq[i++] = s;
  return sq;
}

Position position_from_squares(MaterialClass mc, const SquareList& sq) {
  Position pos;
  int i = 0;
  for (Side side : {Red, Blue}) {
    unsigned mask = side == Red ? mc.mover : mc.opponent;
    for (int n = 1; n <= kPiecesPerSide; ++n)
      if (mask & (1u << (n - 1))) pos.put(side, n, sq[i++]);
  }
  pos.to_move = Red;
  return pos;
}

TableKey canonical_key(const Position& pos) {
  // Show the mover as Red: rotate the board and swap colours when Blue is to move.
  std::array<std::array<Square, kPiecesPerSide>, 2> where;  // [0] mover, [1] opponent
  for (int side = 0; side < 2; ++side)
    for (int n = 0; n < kPiecesPerSide; ++n) {
      Side from = Side(pos.to_move == Red ? side : 1 - side);
      Square s = pos.where[from][n];
      where[side][n] = (s == kNoSquare || pos.to_move == Red) ? s : flip_square(s);
    }
  // Each side's pieces in class order, for both numberings where the class allows both.
  std::array<std::array<std::array<Square, kPiecesPerSide>, 2>, 2> variants{};
  std::array<int, 2> count{}, variant_count{};
  std::array<unsigned, 2> cmask{};
  for (int side = 0; side < 2; ++side) {
    unsigned mask = 0;
    for (int n = 0; n < kPiecesPerSide; ++n)
      if (where[side][n] != kNoSquare) mask |= 1u << n;
    cmask[side] = canonical_side_mask(mask);
    int k = 0;
    for (int n = 0; n < kPiecesPerSide; ++n)
      if (where[side][n] != kNoSquare) variants[side][0][k++] = where[side][n];
    count[side] = k;
    // Renumbering x -> 7-x reverses the ascending order of a side's pieces.
    for (int j = 0; j < k; ++j) variants[side][1][j] = variants[side][0][k - 1 - j];
    bool keep = (mask == cmask[side]) || k == 1;
    if (renumber_symmetric(mask))
      variant_count[side] = 2;
    else {
      variant_count[side] = 1;
      if (!keep) variants[side][0] = variants[side][1];
    }
  }
  MaterialClass mc{uint8_t(cmask[0]), uint8_t(cmask[1])};
  PositionIndex index(mc);
  uint64_t best = UINT64_MAX;
  for (int v0 = 0; v0 < variant_count[0]; ++v0)
    for (int v1 = 0; v1 < variant_count[1]; ++v1) {
      SquareList sq{};
      int i = 0;
      for (int j = 0; j < count[0]; ++j) sq[i++] = variants[0][v0][j];
      for (int j = 0; j < count[1]; ++j) sq[i++] = variants[1][v1][j];
      best = std::min(best, index.rank(sq));
    }
  return TableKey{mc, best};
}

}  // namespace ewn
