// The engine at a contest: a player spec (player_spec.h) driven by the contest's deadlines.
//
// It is one Player (player.h) for the whole session, made from the spec and told of each new
// game; every move is asked for through Player::choose with the deadline the contest's clock
// allows (MoveRequest::deadline). A movetime= in the spec caps every move, as the player's own
// limit; the spec's gametime= is not used (the contest clock decides). Exact values come from
// the tables, where they cover a position.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "player_spec.h"

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

  // A move for `die` in the undecided `pos` (the engine's side to move), by `deadline` or the
  // spec's movetime=, whichever comes first; the caller checks that it is legal.
  EngineMove choose(const Position& pos, int die, const Deadline& deadline);
  // The deadline tightened to the spec's movetime=, if it has one, for a move starting `now`:
  // what choose() keeps to, for announcing it.
  Deadline capped(const Deadline& deadline, SteadyClock::time_point now) const;
  // The side to move's exact win probability before its roll / for a rolled die, where the
  // tables cover the position; 1 or 0 when the game is decided.
  std::optional<double> exact_value(const Position& pos) const;
  std::optional<double> exact_value(const Position& pos, int die) const;
  // Forgets what it learned (a new game); the tables stay.
  void new_game();

  const PlayerSpec& spec() const { return players_.spec(); }

 private:
  PlayerFactory players_;
  std::unique_ptr<Player> player_;
};

// The engine a contest command asks for: `spec_text` (default "expectimax") and `tables`:
// a directory, "none", or "" for the default directory if it holds tables. A spec naming
// tables= wins over `tables`. `notes` says what was chosen (e.g. that no tables were found).
// Throws SpecError, or the tables' error when tables named explicitly cannot be opened.
std::unique_ptr<Engine> make_contest_engine(const std::string& spec_text, const std::string& tables,
                                            const std::string& default_tables_dir,
                                            std::string& notes);

}  // namespace ewn
