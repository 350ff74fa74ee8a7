// Where the player gets exact values from: the seam between search and tablebases.
//
// The search asks `has_value_for` before `value`; the root asks `best_moves`. The tablebase adapter
// (tablebase_values.h) implements this over probe/; tests may use any other exact source.
#pragma once

#include <optional>
#include <vector>

#include "position.h"

namespace ewn {

struct ExactMoveValue {
  Move move;
  double value = 0;   // the mover's win probability after choosing this move
  bool wins = false;  // the move ends the game at once
};

class ExactValues {
 public:
  virtual ~ExactValues() = default;
  // Every position with at most this many pieces has a value (0: none): the source covers up to
  // this many pieces.
  virtual int complete_up_to() const = 0;
  // Whether value() and move_values() answer for this position: every one with at most
  // complete_up_to(), and a source may answer some larger ones too (tables of single classes).
  virtual bool has_value_for(const Position& pos) const {
    return pos.piece_count() <= complete_up_to();
  }
  // Pre-roll win probability of the side to move; nullopt without has_value_for(pos).
  virtual std::optional<double> value(const Position& pos) const = 0;
  // The value of every legal move for a rolled die; nullopt without has_value_for(pos).
  virtual std::optional<std::vector<ExactMoveValue>> move_values(const Position& pos,
                                                                 int die) const = 0;
};

}  // namespace ewn
