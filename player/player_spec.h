// Player specifications as written on the command line: a name with options,
//   random | greedy | mcts[:opts] | expectimax[:opts] | tcg:COMMAND
// e.g. "expectimax:movetime=100ms,tables=data" or "mcts:movetime=50ms,c=0.7".
//
// Options (all players): movetime=<dur> (per-move limit), gametime=<dur> (per-game budget);
// durations are written 100ms, 30s, 4min.
// expectimax: depth=<plies> (fixed depth; with a time limit: at most), tables=<dir>|none,
//   hash=<MB>, prune=star2|star1|none, eval=tuned|untuned|b/w1/.../wn (the evaluation's
//   weights, eval.h: compiled-in, untuned, or given; the last is for tuning experiments),
//   net=<file>|none (a network correcting the evaluation, eval_network.h),
//   model=best|random (the opponent model, search.h: best, the default, assumes the opponent
//   plays its best move; random assumes it picks uniformly among its legal moves, which plays
//   better against weak or random programs and worse against strong ones).
// mcts: playouts=<n> (fixed number of iterations), c=<exploration constant>.
// tcg:COMMAND: an outside program speaking the course protocol (tcg_player.h); everything after
// "tcg:" is its command line, run through the shell; its limits are set by the referee (1 s a
// move unless it says otherwise).
// A searching player given neither a time limit nor a fixed amount of work thinks 1 s a move.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "error_kind.h"
#include "exact_values.h"
#include "mcts_player.h"
#include "player.h"
#include "search.h"

namespace ewn {

// A player spec that cannot be read: bad use.
class SpecError : public UsageError {
 public:
  using UsageError::UsageError;
};

struct PlayerSpec {
  std::string text;  // as given
  std::string kind;  // random, greedy, mcts, expectimax
  TimeLimits limits;
  SearchOptions search;          // expectimax
  std::string tables = "none";   // expectimax: table directory
  std::string network = "none";  // expectimax: evaluation network file (eval_network.h)
  MctsOptions mcts;
  // tcg: the command line, where its standard error goes, and the name messages give it.
  std::string command, stderr_path = "/dev/null", label = "tcg";
  std::vector<std::string> keys;  // the option keys written, in order

  // Whether the text set option `key`; tells a default from a value written out (net=none).
  bool gives(std::string_view key) const {
    for (const std::string& k : keys)
      if (k == key) return true;
    return false;
  }
};

// Whether moves under these limits get seconds of thought (a per-move limit of 5 s or more, or
// a game budget of a minute or more): such searches get the large transposition table unless
// depth= bounds them or hash= says otherwise.
bool thinks_long(const TimeLimits& limits);

// Throws SpecError naming the offending part.
PlayerSpec parse_player_spec(std::string_view text);

// Loads the network file an expectimax spec names (net=) into spec.search, unless loaded
// already; throws std::runtime_error naming the file and the problem.
void load_network(PlayerSpec& spec);

// Makes players of one spec; holds what they share (the opened tables).
class TcgPool;

class PlayerFactory {
 public:
  // Opens the tables a spec names; throws SpecError (or the tables' error) if they fail. For a
  // tcg spec it starts the program and greets it, and throws SpecError if that fails.
  explicit PlayerFactory(PlayerSpec spec);
  PlayerFactory(PlayerSpec spec, std::shared_ptr<const ExactValues> tables);
  // A fresh player; `seed` drives whatever randomness it has.
  std::unique_ptr<Player> make(uint64_t seed) const;
  const PlayerSpec& spec() const { return spec_; }
  const std::shared_ptr<const ExactValues>& tables() const { return tables_; }
  // tcg: the processes started so far (0 for other kinds).
  int tcg_processes() const;

 private:
  PlayerSpec spec_;
  std::shared_ptr<const ExactValues> tables_;
  std::shared_ptr<TcgPool> tcg_;  // tcg: the processes
};

}  // namespace ewn
