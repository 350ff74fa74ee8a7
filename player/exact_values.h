// Where the player gets exact values from: the seam between search and tablebases.
//
// The search asks `covers` before `value`; the root asks `best_moves`. The tablebase adapter
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
  // Every position with at most this many pieces is covered (0: none).
  virtual int max_pieces() const = 0;
  // Whether value() and move_values() answer for this position: every one with at most
  // max_pieces(), and a source may cover some larger ones too (tables of single classes).
  virtual bool covers(const Position& pos) const { return pos.piece_count() <= max_pieces(); }
  // Pre-roll win probability of the side to move; nullopt when not covered.
  virtual std::optional<double> value(const Position& pos) const = 0;
  // The value of every legal move for a rolled die; nullopt when not covered.
  virtual std::optional<std::vector<ExactMoveValue>> move_values(const Position& pos,
                                                                 int die) const = 0;
};

}  // namespace ewn
