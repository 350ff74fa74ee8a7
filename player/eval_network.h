// The evaluation's learned correction: an n-tuple network and a small perceptron over the
// board (board_mlp.h), whose outputs are added to the evaluation's logit.
//
// The n-tuple part reads the board from the side to move's view (mover_view.h). A tuple is a
// fixed group of squares; its weights are a table indexed by the states of its squares, and
// the part's output is the sum over tuples of the weight its squares select. The a5-e1
// diagonal mirror maps the game onto itself, so every tuple is read twice, as placed and
// mirrored, into one table.
//
// The tuples are the 16 blocks of 2 x 2 squares: the local shapes -- a piece next to an
// enemy that can take it, a piece blocked on its way home -- that the handwritten features
// miss. Mirror images share a table, which leaves 10 tables of 13^4 weights; the same shape
// means more or less as the board empties, so there is a set of tables per phase (pieces on
// the board: up to 5, 6-7, 8-9, 10-12). One more weight per material (each side's pieces, up
// to renumbering) corrects what the features make of a piece count. 4.6 MB in all.
//
// The perceptron sees the whole board at once: pieces far apart that matter together. The two
// parts are trained together by self-play against the exact values of the tables
// (network_training.h); docs/RESULTS.md has what each part is worth. Blocks without phases
// did as well as with them; adding 2 x 3 rectangles fitted the training targets better but
// played no better and cost 70% more time.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "board_mlp.h"
#include "mover_view.h"
#include "position.h"

namespace ewn {

// The file name `ewn train-eval` writes in the table directory, where players look for it.
inline constexpr const char* kDefaultNetworkFile = "eval.ewnn";

class EvalNetwork {
 public:
  static constexpr int kStates = kSquareStates;
  static constexpr int kTupleSize = 4;
  static constexpr int kTableSize = kStates * kStates * kStates * kStates;
  static constexpr int kBlockTables = 10;
  // The blocks' tables come in one set per phase of the game, by pieces on the board.
  static constexpr int kTables = kBlockTables * kPhases;
  // Plus one weight per material: each side's set of pieces, up to renumbering.
  static constexpr int kMaterialSize = 64 * 64;
  static constexpr int kBlockReads = 20;  // each block table twice
  static constexpr int kReads = kBlockReads + 1;

  EvalNetwork();  // no correction

  // The correction to the evaluation's logit for the side to move.
  float logit(const Position& pos) const {
    MoverView view = mover_view(pos);  // read once for both parts
    return tuple_logit(pos, view) + mlp_.logit(pos, view);
  }
  // The n-tuple part alone.
  float tuple_logit(const Position& pos) const { return tuple_logit(pos, mover_view(pos)); }
  // Adds `tuple_step` to every tuple weight the position reads, and moves the perceptron by
  // `mlp_step` times its gradient.
  void update(const Position& pos, float tuple_step, float mlp_step);

  // Weights in a file of their own (magic, version, sizes, checksum); load throws
  // std::runtime_error naming the file and what is wrong with it. Files of version 2, from
  // before the perceptron, load with a perceptron that corrects nothing.
  void save(const std::string& path) const;
  static EvalNetwork load(const std::string& path);

  bool operator==(const EvalNetwork& o) const { return weights_ == o.weights_ && mlp_ == o.mlp_; }

 private:
  float tuple_logit(const Position& pos, const MoverView& view) const;
  // The weight indices the position (seen as `view`) reads, into weights_.
  std::array<uint32_t, kReads> indices(const Position& pos, const MoverView& view) const;
  std::vector<float> weights_;  // kTables * kTableSize for the blocks, then the material
  BoardMlp mlp_;
};

// The network `ewn train-eval` left in the table directory `dir`, as the engines of `ewn serve`
// and `ewn analyse` use it: none when there is no file or it does not load. `note` says which
// ("network DIR/eval.ewnn", or why none).
std::shared_ptr<const EvalNetwork> load_table_dir_network(const std::string& dir,
                                                          std::string& note);

}  // namespace ewn
