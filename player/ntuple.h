// An n-tuple network: a learned correction to the evaluation's logit (eval.h) from the board.
//
// The board is seen from the side to move, turned so that it always plays towards e1 (as Red
// does). Each square is in one of 13 states: empty, one of the mover's pieces or one of the
// opponent's, each with how many die faces move it (1..6; that, not the number written on
// the piece, is what matters to the game). A tuple is a fixed group of squares; its weights
// are a table indexed by the states of its squares, and the network's output is the sum over
// tuples of the weight its squares select. The a5-e1 diagonal mirror maps the game onto
// itself, so every tuple is read twice, as placed and mirrored, into one table.
//
// The tuples are the 16 blocks of 2 x 2 squares: the local shapes -- a piece next to an
// enemy that can take it, a piece blocked on its way home -- that the handwritten features
// miss. Mirror images share a table, which leaves 10 tables of 13^4 weights; the same shape
// means more or less as the board empties, so there is a set of tables per phase (pieces on
// the board: up to 5, 6-7, 8-9, 10-12). One more weight per material (each side's pieces, up
// to renumbering) corrects what the features make of a piece count. 4.6 MB in all.
//
// Trained by self-play against the exact values of the tables (ntuple_training.h). After 1
// million games the player at depth 2 scores 56.9% against itself without the network (4000
// games), and at depth 3 60.7% against mcts:playouts=3000 (57.9% without; 2000 games). Blocks
// without phases did as well at depth 2 (57.0%); adding 2 x 3 rectangles fitted the training
// targets better but played no better and cost 70% more time (docs/RESULTS.md).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "position.h"

namespace ewn {

// The file name `ewn train-eval` writes in the table directory, where players look for it.
inline constexpr const char* kDefaultNetworkFile = "eval.ewnn";

class NTupleNetwork {
 public:
  static constexpr int kStates = 13;
  static constexpr int kTupleSize = 4;
  static constexpr int kTableSize = kStates * kStates * kStates * kStates;
  static constexpr int kBlockTables = 10;
  // The blocks' tables come in one set per phase of the game, by pieces on the board.
  static constexpr int kPhases = 4;
  static constexpr int kTables = kBlockTables * kPhases;
  // Plus one weight per material: each side's set of pieces, up to renumbering.
  static constexpr int kMaterialSize = 64 * 64;
  static constexpr int kBlockReads = 20;  // each block table twice
  static constexpr int kReads = kBlockReads + 1;

  NTupleNetwork();  // every weight zero: no correction

  // The correction to the evaluation's logit for the side to move.
  float logit(const Position& pos) const;
  // Adds `step` to every weight the position reads.
  void update(const Position& pos, float step);

  // Weights in a file of their own (magic, version, size, checksum); load throws
  // std::runtime_error naming the file and what is wrong with it.
  void save(const std::string& path) const;
  static NTupleNetwork load(const std::string& path);

  bool operator==(const NTupleNetwork& o) const { return weights_ == o.weights_; }

 private:
  // The weight indices the position reads, into weights_.
  std::array<uint32_t, kReads> indices(const Position& pos) const;
  std::vector<float> weights_;  // kTables * kTableSize for the blocks, then the material
};

}  // namespace ewn
