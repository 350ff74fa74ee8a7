// Expectimax search with *-minimax pruning (Ballard 1983) over the die's chance nodes.
//
// Values are the win probability of the side to move, in [0, 1], in negamax form: a chance
// node (a position before its roll) is the weighted mean over die groups (dice_groups.h) of a
// max node, which is the best over the group's moves of 1 - (child chance node), or 1 for a
// move that wins at once. Depth counts plies (moves); at depth 0 a chance node is evaluated
// statically (eval.h). Where the tables cover a node its exact value ends the search there.
//
// Pruning at chance nodes: Star1 derives each group's search window from the window of the
// node and the bounds [0, 1] of the groups not yet searched, and stops as soon as the mean is
// known to lie outside the window. Star2 first probes every group with its first (best
// ordered) move: the probes are lower bounds on the groups and may already prove the node too
// good (fail high), and they tighten the windows of the full search that follows. Bounds are
// fail-soft, so they are stored in the transposition table as [lower, upper].
//
// Opponent model (SearchOptions::model): with OpponentModel::Random the search assumes that the
// side which is not the root's mover picks uniformly at random among its legal moves for the
// rolled die. Its max nodes become mean nodes: the mean over all its moves of 1 - child, a move
// that wins at once counting 1. A mean node is searched like a chance node of equal weights
// (Star1 windows for each move from the moves already searched and the bounds [0, 1] of the
// rest); it is not probed by Star2, as one move is no lower bound on a mean, and only its
// moves that win at once give its group a lower bound for the probes of the other groups.
// Table values assume best play by both sides, so under the model they are leaf estimates at
// depth 0 (in place of the evaluation) and not exact, and the root does not play a table move
// at once. The modelled colour is mixed into every key, so entries of the two models (or of
// both colours modelled) never meet in the transposition table.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "eval.h"
#include "eval_network.h"
#include "exact_values.h"
#include "position.h"
#include "time_control.h"
#include "tt.h"

namespace ewn {

// Who the search assumes the opponent (the side that is not the root's mover) to be.
enum class OpponentModel {
  Best,    // plays its best move: expectimax, the default
  Random,  // picks uniformly at random among its legal moves for the die (e.g. `random`)
};

// Transposition table sizes. A search of a few hundred milliseconds fits in 16 MB (a larger table
// only adds cache misses), but one of half a minute, depth 9 in the opening, overwrites a 16 MB
// table many times: 256 MB saves a fifth of its nodes there (docs/BENCHMARKS.md).
constexpr size_t kShortSearchTTBytes = 16u << 20;
constexpr size_t kLongSearchTTBytes = 256u << 20;

struct SearchOptions {
  int max_depth = 64;  // plies
  // Pruning (prune=star2|star1|none in a player spec): both off is plain expectimax with full
  // windows, the reference the pruned searches are checked and measured against.
  bool star1 = true;
  bool star2 = true;  // probing phase (needs star1)
  bool use_tt = true;
  // Reuse only entries of the very same depth: an entry searched deeper gives a better value
  // than the fixed-depth one, so only this way can a search with the table be checked against
  // plain expectimax value for value (the tests do).
  bool tt_same_depth_only = false;
  size_t tt_bytes = kShortSearchTTBytes;
  std::optional<EvalWeights> eval_weights;     // none: the tuned weights (eval_weights.h)
  std::shared_ptr<const EvalNetwork> network;  // a learned correction to the evaluation
  OpponentModel model = OpponentModel::Best;
};

struct SearchResult {
  Move move;
  double value = -1;  // of the chosen move for the mover, when known (-1: not searched)
  int depth = 0;      // last fully searched depth
  // The value is exact: tables, or a search that used no evaluation (under the Random model:
  // exact against that opponent, and never from the tables, which assume best play).
  bool exact = false;
  bool from_tables = false;
  uint64_t nodes = 0;
};

class Search {
 public:
  static constexpr uint64_t kNoNodeLimit = ~uint64_t(0);

  explicit Search(SearchOptions options = {}, std::shared_ptr<const ExactValues> tables = {});

  // The move to play for a rolled die: at once if forced, winning or covered by the tables;
  // otherwise by iterative deepening until the deadline (or options.max_depth).
  SearchResult choose(const Position& pos, int die, const Deadline& deadline);

  // Values at a fixed depth, without a deadline (tests, analysis). The position is undecided.
  // The side to move in `pos` is the root's mover (the opponent model applies to the other).
  // chance_value may be given a deadline, and a budget of nodes: past either the search stops
  // (see last_stopped()). A node budget stops it at the same node on every run.
  double chance_value(const Position& pos, int depth, const Deadline& deadline = Deadline::none(),
                      uint64_t max_nodes = kNoNodeLimit);     // before the roll
  double die_value(const Position& pos, int die, int depth);  // after rolling `die`

  // Whether the last chance_value / die_value used no evaluation (its value is exact).
  bool last_exact() const { return !inexact_; }
  // Whether the last chance_value stopped at its deadline: its value then means nothing.
  bool last_stopped() const { return stop_; }
  void clear() { tt_.clear(); }
  uint64_t nodes() const { return nodes_; }
  // A flag another thread sets to stop every search from then on as a hard deadline does (the
  // server's, when the client that asked has gone); null: none. Read with the clock.
  void set_stop_flag(const std::atomic<bool>* flag) { stop_flag_ = flag; }

 private:
  struct GroupMoves;
  struct ChanceGroups;
  // A chance node's value within its window: exact, or a bound where the search failed low
  // (the value is at most `value`) or high (at least `value`).
  struct ChanceBound {
    double value = 0;
    enum Kind { kExact, kFailLow, kFailHigh } kind = kExact;
  };
  double chance(const Position& pos, uint64_t key, int depth, double alpha, double beta);
  // The parts of chance(), in the order it calls them. The stored entry's value when its bounds
  // settle the window.
  std::optional<double> stored_cutoff(const TTEntry& entry, int depth, double alpha, double beta);
  // The tables' value of the position (stored in the transposition table), if they have it.
  std::optional<double> table_value(const Position& pos, uint64_t key, int depth,
                                    bool tables_exact);
  void prepare_groups(const Position& pos, uint64_t key, int depth,
                      const std::array<PackedMove, 6>& hints, ChanceGroups& groups);
  ChanceBound probe_groups(const Position& pos, uint64_t key, int depth, double alpha, double beta,
                           ChanceGroups& groups);
  ChanceBound search_groups(const Position& pos, uint64_t key, int depth, double alpha, double beta,
                            ChanceGroups& groups);
  void store_chance(uint64_t key, int depth, bool exact_subtree, ChanceBound bound,
                    const std::array<PackedMove, 6>& hints, const ChanceGroups& groups);
  double max_node(const Position& pos, uint64_t key, const GroupMoves& g, int begin, int end,
                  int depth, double alpha, double beta, double best, Move& best_move);
  double mean_node(const Position& pos, uint64_t key, const GroupMoves& g, int depth, double alpha,
                   double beta);
  // `all`: keep every move (a mean node), not only a winning one when there is one.
  void prepare_group(const Position& pos, uint64_t key, int die, int depth, PackedMove hint,
                     bool all, GroupMoves& out);
  // Starts a search from `root`: clears the per-search state, sets the deadline and who is
  // modelled; returns the root's key.
  uint64_t start_search(const Position& root, const Deadline& deadline);
  bool modelled(const Position& pos) const { return modelled_ >= 0 && pos.to_move == modelled_; }
  double leaf(const Position& pos, uint64_t key);
  double evaluate(const Position& pos, uint64_t key);  // through the evaluation cache
  void poll_clock();

  SearchOptions options_;
  EvalWeights weights_;
  std::shared_ptr<const ExactValues> tables_;
  TranspositionTable tt_;
  // Evaluations by position key, direct-mapped: the same leaves recur through transpositions
  // and as the move ordering's children, and an evaluation costs more than a lookup that hits
  // the processor's cache. Small on purpose: 2^12 to 2^14 entries searched equally fast, 2^16
  // (1 MB, beyond the L2 cache) 13% slower (fixed-depth games, docs/BENCHMARKS.md).
  struct EvalCacheEntry {
    uint64_t key = 0;
    double value = 0;
  };
  static constexpr size_t kEvalCacheEntries = size_t(1) << 13;  // 128 KB, stays in L2
  std::vector<EvalCacheEntry> eval_cache_;
  Deadline deadline_;
  uint64_t nodes_ = 0;
  uint64_t node_limit_ = kNoNodeLimit;  // nodes_ at which the search stops
  // The clock is read once per kPollWork units of work: a node is one unit (about 0.3 us), a
  // table probe kProbeWork (a probe that decodes a block takes about 70 us; most are cheaper).
  static constexpr int kPollWork = 256, kProbeWork = 16;
  int work_ = 0;
  const std::atomic<bool>* stop_flag_ = nullptr;
  bool stop_ = false;
  bool inexact_ = false;  // an evaluation (or an entry relying on one) was used below
  int modelled_ = -1;     // the side whose nodes are mean nodes (Random model), or -1
};

// True when `m` ends the game at once: it reaches the goal or takes the last enemy piece.
bool wins_at_once(const Position& pos, Move m);

}  // namespace ewn
