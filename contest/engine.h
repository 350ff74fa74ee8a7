// The engine at a contest: a player spec (player_spec.h) driven by the contest's deadlines.
//
// An expectimax engine is searched directly (search.h) against the deadline the contest's clock
// allows; other players (random, greedy, mcts: baselines and tests) are made fresh for each move
// with the deadline as their per-move limit. A movetime= in the spec caps every move; the spec's
// gametime= is not used (the contest clock decides). Exact values come from the tables, where
// they cover a position.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "player_spec.h"
#include "search.h"

namespace ewn {

struct EngineMove {
  Move move;
  double value = -1;   // the engine's win probability after the move (-1: unknown)
  bool exact = false;  // value is exact (tables, or a search that needed no estimate)
  int depth = 0;       // completed search depth
  uint64_t nodes = 0;
  Duration took{};
};

class Engine {
 public:
  // Throws SpecError for a spec that makes no engine.
  Engine(PlayerSpec spec, std::shared_ptr<const ExactValues> tables, uint64_t seed = 1);

  // A legal move for `die` in the undecided `pos` (the engine's side to move).
  EngineMove choose(const Position& pos, int die, const Deadline& deadline);
  // The deadline tightened to the spec's movetime=, if it has one, for a move starting `now`.
  Deadline capped(const Deadline& deadline, SteadyClock::time_point now) const;
  // The side to move's exact win probability before its roll / for a rolled die, where the
  // tables cover the position; 1 or 0 when the game is decided.
  std::optional<double> exact_value(const Position& pos) const;
  std::optional<double> exact_value(const Position& pos, int die) const;
  // Forgets what it learned (a new game); the tables stay.
  void new_game();

  const PlayerSpec& spec() const { return spec_; }
  bool has_tables() const { return tables_ != nullptr; }
  int table_pieces() const { return tables_ ? tables_->max_pieces() : 0; }

 private:
  PlayerSpec spec_;
  std::shared_ptr<const ExactValues> tables_;
  std::unique_ptr<Search> search_;  // expectimax
  uint64_t seed_;
};

// The engine a contest command asks for: `spec_text` (default "expectimax") and `tables`:
// a directory, "none", or "" for the default directory if it holds tables. A spec naming
// tables= wins over `tables`. `notes` says what was chosen (e.g. that no tables were found).
// Throws SpecError, or the tables' error when tables named explicitly cannot be opened.
std::unique_ptr<Engine> make_contest_engine(const std::string& spec_text, const std::string& tables,
                                            const std::string& default_tables_dir,
                                            std::string& notes);

}  // namespace ewn
