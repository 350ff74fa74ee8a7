#include "board_mlp.h"

#include <algorithm>

#include "rng.h"

namespace ewn {

namespace {

constexpr size_t kHiddenBias = size_t(BoardMlp::kInputs) * BoardMlp::kHidden;
constexpr size_t kOutput = kHiddenBias + BoardMlp::kHidden;
constexpr size_t kOutputBias = kOutput + BoardMlp::kHidden;

}  // namespace

BoardMlp::BoardMlp() : weights_(kWeights, 0.0f) {
  // Small weights of either sign tell the units apart; a positive bias keeps them active at
  // first. The output weights stay zero, so the correction starts at nothing.
  Rng rng(0x5EED);
  for (size_t i = 0; i < kHiddenBias; ++i)
    weights_[i] = (float(rng.below(1u << 20)) / float(1u << 20) - 0.5f) * 0.1f;
  std::fill(weights_.begin() + kHiddenBias, weights_.begin() + kOutput, 0.05f);
}

BoardMlp::Active BoardMlp::active_inputs(const Position& pos, const MoverView& view) {
  MoverView mirrored;
  for (int s = 0; s < kSquares; ++s) mirrored[s] = view[mirror_square(Square(s))];
  const MoverView& v = std::min(view, mirrored);
  Active a;
  for (int s = 0; s < kSquares; ++s)
    if (v[s]) a.input[a.count++] = uint16_t(s * kPieceStates + v[s] - 1);
  Side me = pos.to_move;
  a.input[a.count++] = uint16_t(kSquareInputs + canonical_mask(pos.mask(me)));
  a.input[a.count++] =
      uint16_t(kSquareInputs + kMaterialSets + canonical_mask(pos.mask(opposite(me))));
  a.input[a.count++] = uint16_t(kSquareInputs + kMaterialInputs + phase_of(pos.piece_count()));
  return a;
}

std::array<float, BoardMlp::kHidden> BoardMlp::hidden_sums(const Active& a) const {
  std::array<float, kHidden> h;
  std::copy_n(weights_.begin() + kHiddenBias, kHidden, h.begin());
  for (int i = 0; i < a.count; ++i) {
    const float* row = &weights_[size_t(a.input[i]) * kHidden];
    for (int j = 0; j < kHidden; ++j) h[j] += row[j];
  }
  return h;
}

float BoardMlp::logit(const Position& pos, const MoverView& view) const {
  std::array<float, kHidden> h = hidden_sums(active_inputs(pos, view));
  const float* out = &weights_[kOutput];
  float z = weights_[kOutputBias];
  for (int j = 0; j < kHidden; ++j) z += std::max(h[j], 0.0f) * out[j];
  return z;
}

void BoardMlp::update(const Position& pos, const MoverView& view, float step) {
  Active a = active_inputs(pos, view);
  std::array<float, kHidden> h = hidden_sums(a), g;
  float* out = &weights_[kOutput];
  for (int j = 0; j < kHidden; ++j) {
    g[j] = h[j] > 0 ? step * out[j] : 0.0f;  // before the output weight moves
    out[j] += step * std::max(h[j], 0.0f);
  }
  weights_[kOutputBias] += step;
  float* bias = &weights_[kHiddenBias];
  for (int j = 0; j < kHidden; ++j) bias[j] += g[j];
  for (int i = 0; i < a.count; ++i) {
    float* row = &weights_[size_t(a.input[i]) * kHidden];
    for (int j = 0; j < kHidden; ++j) row[j] += g[j];
  }
}

}  // namespace ewn
