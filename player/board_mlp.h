// A small perceptron over the board: the second part of the evaluation's learned correction
// (eval_network.h), for what the n-tuples' 2 x 2 blocks cannot see -- pieces far apart that
// matter together, like a runner and the defenders in its way.
//
// Input: the mover's view (mover_view.h) in a canonical orientation -- the view or its mirror
// image across the a5-e1 diagonal, whichever is smaller square by square -- so that mirror
// images get the same value bit for bit. Each occupied square sets one input (square, owner,
// die faces: 25 x 12), each side's material up to renumbering one more (2 x 64), and the phase
// one (4). One hidden layer of 64 rectified units, a linear output added to the logit.
// About 28 000 weights (111 KB); a depth-5 search takes 16% longer with it (docs/BENCHMARKS.md).
//
// Training adds steps along the gradient of the output (update); the first layer starts from
// small random weights and the output layer from zero, so a new perceptron corrects nothing.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "mover_view.h"
#include "position.h"

namespace ewn {

class BoardMlp {
 public:
  static constexpr int kHidden = 64;
  static constexpr int kPieceStates = kSquareStates - 1;  // a square holding a piece
  static constexpr int kSquareInputs = kSquares * kPieceStates;
  // A side's material is the set of its piece numbers: one input for each of the 64 sets.
  static constexpr int kMaterialSets = 1 << kPiecesPerSide;
  static constexpr int kMaterialInputs = 2 * kMaterialSets;
  static constexpr int kPhaseInputs = kPhases;
  static constexpr int kInputs = kSquareInputs + kMaterialInputs + kPhaseInputs;
  // First layer (kInputs rows of kHidden), hidden biases, output weights, output bias.
  static constexpr size_t kWeights = size_t(kInputs) * kHidden + 2 * kHidden + 1;

  BoardMlp();
  // `view` is mover_view(pos), which the network's two parts share.
  float logit(const Position& pos, const MoverView& view) const;
  float logit(const Position& pos) const { return logit(pos, mover_view(pos)); }
  // Moves the weights by `step` times the gradient of logit(pos).
  void update(const Position& pos, const MoverView& view, float step);
  void update(const Position& pos, float step) { update(pos, mover_view(pos), step); }

  // All weights in one array (for files): first layer, hidden biases, output weights, bias.
  std::vector<float>& weights() { return weights_; }
  const std::vector<float>& weights() const { return weights_; }
  bool operator==(const BoardMlp& o) const { return weights_ == o.weights_; }

 private:
  static constexpr int kMaxActive = 2 * 6 + 3;
  struct Active {
    std::array<uint16_t, kMaxActive> input;
    int count = 0;
  };
  static Active active_inputs(const Position& pos, const MoverView& view);
  std::array<float, kHidden> hidden_sums(const Active& a) const;

  std::vector<float> weights_;
};

}  // namespace ewn
