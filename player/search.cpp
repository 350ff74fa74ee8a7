#include "search.h"

#include <algorithm>
#include <array>
#include <limits>
#include <stdexcept>

#include "dice_groups.h"
#include "eval.h"
#include "movegen.h"
#include "race.h"
#include "zobrist.h"

namespace ewn {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

// Mixed into the keys of a search that models a side (by colour): its values are not those of
// the same positions under the other model.
constexpr std::array<uint64_t, 2> kModelledKey = [] {
  uint64_t state = 0x4D4F44454C4C4544ull;
  std::array<uint64_t, 2> k{};
  for (uint64_t& x : k) x = splitmix64(state);
  return k;
}();
}  // namespace

bool wins_at_once(const Position& pos, Move m) {
  Side me = pos.to_move;
  if (m.to == goal_of(me)) return true;
  uint8_t victim = pos.board[m.to];
  return victim != kEmpty && code_side(victim) != me && pos.count(opposite(me)) == 1;
}

// The moves of one die group, best first by move ordering.
struct Search::GroupMoves {
  std::array<Move, 6> move{};
  int count = 0;
  bool wins = false;  // the group is worth 1: some move wins at once (a mean node: every move)
  Move winning{};
  int win_count = 0;  // a mean node's moves that win at once, not in `move`
};

Search::Search(SearchOptions options, std::shared_ptr<const ExactValues> tables)
    : options_(options),
      weights_(options.eval_weights ? *options.eval_weights : tuned_eval_weights()),
      tables_(std::move(tables)),
      tt_(options.tt_bytes),
      eval_cache_(kEvalCacheEntries) {
  prepare_race_tables();
}

double Search::evaluate(const Position& pos, uint64_t key) {
  EvalCacheEntry& slot = eval_cache_[key & (eval_cache_.size() - 1)];
  if (slot.key == key) return slot.value;
  double v = eval_from_inputs(eval_inputs(pos), weights_,
                              options_.network ? options_.network->logit(pos) : 0.0);
  slot = EvalCacheEntry{key, v};
  return v;
}

void Search::poll_clock() {
  if (++nodes_ >= node_limit_) stop_ = true;
  if (++work_ >= kPollWork) {
    work_ = 0;
    if (deadline_.past_hard() || (stop_flag_ && stop_flag_->load(std::memory_order_relaxed)))
      stop_ = true;
  }
}

double Search::leaf(const Position& pos, uint64_t key) {
  inexact_ = true;
  return evaluate(pos, key);
}

void Search::prepare_group(const Position& pos, uint64_t key, int die, int depth, PackedMove hint,
                           bool all, GroupMoves& out) {
  MoveList moves = legal_moves(pos, die);
  out.count = 0;
  out.wins = false;
  out.win_count = 0;
  for (Move m : moves) {
    if (wins_at_once(pos, m)) {
      out.winning = m;
      if (!all) {
        out.wins = true;
        return;
      }
      ++out.win_count;
      continue;
    }
    out.move[out.count++] = m;
  }
  if (out.count == 0) {  // a mean node whose every move wins
    out.wins = true;
    return;
  }
  // Order: the move the table remembers first, then (if the subtree is worth it) by how good
  // the position after the move looks to the evaluation. At depth 1 the children are leaves:
  // ordering them would cost as much as searching them.
  std::array<double, 6> score{};
  Move hinted = unpack_move(hint, pos.to_move);
  for (int i = 0; i < out.count; ++i) {
    if (out.move[i] == hinted) {
      score[i] = 2;
    } else if (depth >= 2) {
      Position child = pos;
      child.play(out.move[i]);
      score[i] = 1 - evaluate(child, zobrist_after(pos, key, out.move[i]));
    }
  }
  for (int i = 1; i < out.count; ++i)
    for (int j = i; j > 0 && score[j] > score[j - 1]; --j) {
      std::swap(score[j], score[j - 1]);
      std::swap(out.move[j], out.move[j - 1]);
    }
}

double Search::max_node(const Position& pos, uint64_t key, const GroupMoves& g, int begin, int end,
                        int depth, double alpha, double beta, double best, Move& best_move) {
  for (int i = begin; i < end; ++i) {
    Move m = g.move[i];
    Position child = pos;
    child.play(m);
    double w = 1 - chance(child, zobrist_after(pos, key, m), depth - 1, 1 - beta,
                          1 - std::max(alpha, best));
    if (stop_) return best;
    if (w > best || best_move == Move{}) {
      best = std::max(best, w);
      best_move = m;
    }
    if (best >= beta) break;
  }
  return best;
}

double Search::mean_node(const Position& pos, uint64_t key, const GroupMoves& g, int depth,
                         double alpha, double beta) {
  // Star1 over the moves, each of weight 1/n: the moves not yet searched lie in [0, 1].
  const int n = g.count + g.win_count;
  double sum = g.win_count;  // over the moves searched so far and those that win at once
  for (int i = 0; i < g.count; ++i) {
    int rest = g.count - i - 1;
    double a = alpha * n - sum - rest, b = beta * n - sum;
    double lo = std::max(a, 0.0), hi = std::min(b, 1.0);
    if (!(lo < hi)) hi = lo;  // as in chance(): a or b decides below
    Move m = g.move[i];
    Position child = pos;
    child.play(m);
    double w = 1 - chance(child, zobrist_after(pos, key, m), depth - 1, 1 - hi, 1 - lo);
    if (stop_) return 0;
    if (w <= a) return (sum + w + rest) / n;  // an upper bound, at most alpha
    if (w >= b) return (sum + w) / n;         // a lower bound, at least beta
    sum += w;
  }
  return sum / n;
}

// A chance node's die groups: each group's weight and moves, and what is known of its value.
struct Search::ChanceGroups {
  int n = 0;
  // The modelled side's groups are mean nodes: no probes; their moves that win at once give
  // their lower bounds.
  bool mean = false;
  std::array<GroupMoves, 6> moves;
  std::array<double, 6> p{}, lower{};  // weights, and lower bounds from the probes
  std::array<Move, 6> best_move{};
  std::array<bool, 6> probed{};  // the probe's value is exact for the first move

  // Weighted sums over groups after g of the lower bounds and of the weights.
  double rest_lower(int g) const {
    double s = 0;
    for (int j = g + 1; j < n; ++j) s += p[j] * lower[j];
    return s;
  }
  double rest_weight(int g) const {
    double s = 0;
    for (int j = g + 1; j < n; ++j) s += p[j];
    return s;
  }
};

double Search::chance(const Position& pos, uint64_t key, int depth, double alpha, double beta) {
  poll_clock();
  if (stop_) return 0;

  // Evaluated leaves are not stored (evaluating is cheaper than a cache miss), so they are not
  // looked up either; table values are, as a probe of the tables costs more.
  const bool in_tables = tables_ && tables_->has_value_for(pos);
  // Under the Random model a table value is an estimate (it assumes best play): used at the
  // horizon in place of the evaluation, searched through above it.
  const bool tables_exact = modelled_ < 0;
  const TTEntry* entry = options_.use_tt && (depth > 0 || in_tables) ? tt_.probe(key) : nullptr;
  std::array<PackedMove, 6> hints;
  hints.fill(kNoPackedMove);
  if (entry) {
    hints = entry->best;
    if (auto v = stored_cutoff(*entry, depth, alpha, beta)) return *v;
  }
  if (in_tables && (tables_exact || depth <= 0))
    if (auto v = table_value(pos, key, depth, tables_exact)) return *v;
  if (depth <= 0) return leaf(pos, key);

  bool inexact_above = inexact_;
  inexact_ = false;
  ChanceGroups groups;
  prepare_groups(pos, key, depth, hints, groups);
  ChanceBound bound;
  if (options_.star1 && options_.star2) bound = probe_groups(pos, key, depth, alpha, beta, groups);
  if (stop_) return 0;
  if (bound.kind == ChanceBound::kExact)
    bound = search_groups(pos, key, depth, alpha, beta, groups);
  if (stop_) return 0;

  bool exact_subtree = !inexact_;
  inexact_ = inexact_above || inexact_;
  if (options_.use_tt) store_chance(key, depth, exact_subtree, bound, hints, groups);
  return bound.value;
}

std::optional<double> Search::stored_cutoff(const TTEntry& entry, int depth, double alpha,
                                            double beta) {
  bool usable =
      options_.tt_same_depth_only ? entry.depth == depth : entry.exact || entry.depth >= depth;
  if (!usable) return std::nullopt;
  double lo = entry.lower, hi = entry.upper;
  if (!(lo >= beta || hi <= alpha || lo == hi)) return std::nullopt;
  if (!entry.exact) inexact_ = true;
  return lo >= beta ? lo : hi <= alpha ? hi : lo;
}

std::optional<double> Search::table_value(const Position& pos, uint64_t key, int depth,
                                          bool tables_exact) {
  // A probe that decodes a block costs as much as hundreds of nodes: look at the clock sooner.
  work_ += kProbeWork;
  auto v = tables_->value(pos);
  if (!v) return std::nullopt;
  if (options_.use_tt) {
    TTEntry e;
    e.key = key;
    e.lower = e.upper = *v;
    e.depth = int8_t(std::min(depth, 127));
    e.exact = tables_exact;
    tt_.store(e);
  }
  if (!tables_exact) inexact_ = true;
  return *v;
}

void Search::prepare_groups(const Position& pos, uint64_t key, int depth,
                            const std::array<PackedMove, 6>& hints, ChanceGroups& groups) {
  const DiceGroups& dice = dice_groups(pos.mask(pos.to_move));
  groups.n = dice.size;
  groups.mean = modelled(pos);
  for (int g = 0; g < groups.n; ++g) {
    GroupMoves& moves = groups.moves[g];
    groups.p[g] = dice.group[g].count / 6.0;
    prepare_group(pos, key, dice.group[g].die, depth, hints[g], groups.mean, moves);
    if (moves.wins) {
      groups.lower[g] = 1;
      groups.best_move[g] = moves.winning;
    } else if (groups.mean) {
      groups.lower[g] = double(moves.win_count) / (moves.count + moves.win_count);
    }
  }
}

// Star2: probe each group with its first move. Each probe gives a lower bound on its group.
Search::ChanceBound Search::probe_groups(const Position& pos, uint64_t key, int depth, double alpha,
                                         double beta, ChanceGroups& groups) {
  const auto& p = groups.p;
  double before = 0;  // sum over probed groups of p * lower bound
  for (int g = 0; g < groups.n; ++g) {
    if (!groups.moves[g].wins && !groups.mean) {
      double a = (alpha - before - groups.rest_weight(g)) / p[g];
      double b = (beta - before) / p[g];  // unprobed groups count as 0
      double lo = std::max(a, 0.0), hi = std::min(b, 1.0);
      if (lo < hi) {
        double w = max_node(pos, key, groups.moves[g], 0, 1, depth, lo, hi, 0, groups.best_move[g]);
        if (stop_) return {};
        if (w >= b) return {before + p[g] * w, ChanceBound::kFailHigh};
        if (w > lo || lo == 0) {
          groups.lower[g] = w;  // inside the window: the first move's exact value
          groups.probed[g] = true;
        }
      }
    }
    before += p[g] * groups.lower[g];
    if (before >= beta) return {before, ChanceBound::kFailHigh};  // e.g. groups that win at once
  }
  return {};
}

// Star1 (or plain expectimax): search the groups in full with windows from the bounds.
Search::ChanceBound Search::search_groups(const Position& pos, uint64_t key, int depth,
                                          double alpha, double beta, ChanceGroups& groups) {
  const auto& p = groups.p;
  double sum = 0;  // exact part: groups already searched
  for (int g = 0; g < groups.n; ++g) {
    const GroupMoves& moves = groups.moves[g];
    double v;
    double a = -kInf, b = kInf;
    if (options_.star1) {
      a = (alpha - sum - groups.rest_weight(g)) / p[g];
      b = (beta - sum - groups.rest_lower(g)) / p[g];
    }
    if (moves.wins) {
      v = 1;
    } else {
      double lo = std::max(a, 0.0), hi = std::min(b, 1.0);
      if (!(lo < hi)) hi = lo;  // rounding at a window's edge; a or b decides below
      if (groups.mean) {
        v = mean_node(pos, key, moves, depth, lo, hi);
      } else {
        int begin = groups.probed[g] ? 1 : 0;
        double start = groups.probed[g] ? groups.lower[g] : 0;
        v = max_node(pos, key, moves, begin, moves.count, depth, lo, hi, start,
                     groups.best_move[g]);
      }
      if (stop_) return {};
    }
    if (v <= a) return {sum + p[g] * v + groups.rest_weight(g), ChanceBound::kFailLow};
    if (v >= b) return {sum + p[g] * v + groups.rest_lower(g), ChanceBound::kFailHigh};
    sum += p[g] * v;
  }
  return {sum, ChanceBound::kExact};
}

void Search::store_chance(uint64_t key, int depth, bool exact_subtree, ChanceBound bound,
                          const std::array<PackedMove, 6>& hints, const ChanceGroups& groups) {
  TTEntry e;
  e.key = key;
  e.depth = int8_t(std::min(depth, 127));
  e.exact = exact_subtree;
  e.lower = bound.kind == ChanceBound::kFailLow ? 0 : bound.value;
  e.upper = bound.kind == ChanceBound::kFailHigh ? 1 : bound.value;
  e.best = hints;
  // Groups past n have no best move.
  for (size_t g = 0; g < e.best.size(); ++g)
    if (groups.best_move[g] != Move{}) e.best[g] = pack_move(groups.best_move[g]);
  tt_.store(e);
}

uint64_t Search::start_search(const Position& root, const Deadline& deadline) {
  deadline_ = deadline;
  stop_ = false;
  inexact_ = false;
  nodes_ = 0;
  node_limit_ = kNoNodeLimit;
  modelled_ = options_.model == OpponentModel::Random ? int(opposite(root.to_move)) : -1;
  uint64_t key = zobrist_key(root);
  return modelled_ < 0 ? key : key ^ kModelledKey[size_t(modelled_)];
}

double Search::chance_value(const Position& pos, int depth, const Deadline& deadline,
                            uint64_t max_nodes) {
  if (pos.winner()) throw std::invalid_argument("chance_value: the game is already decided");
  uint64_t key = start_search(pos, deadline);
  node_limit_ = max_nodes;
  return chance(pos, key, depth, 0, 1);
}

double Search::die_value(const Position& pos, int die, int depth) {
  if (pos.winner()) throw std::invalid_argument("die_value: the game is already decided");
  uint64_t key = start_search(pos, Deadline::none());
  GroupMoves g;
  prepare_group(pos, key, die, depth, kNoPackedMove, false, g);
  if (g.wins) return 1;
  Move best{};
  return max_node(pos, key, g, 0, g.count, depth, 0, 1, 0, best);
}

namespace {

// The tables' best move for the die, the one winning at once among equals; nullopt where they
// have no value.
std::optional<SearchResult> tables_choice(const ExactValues& tables, const Position& pos, int die) {
  if (!tables.has_value_for(pos)) return std::nullopt;
  auto values = tables.move_values(pos, die);
  if (!values || values->empty()) return std::nullopt;
  const ExactMoveValue* best = &values->front();
  for (const ExactMoveValue& mv : *values)
    if (mv.value > best->value || (mv.value == best->value && mv.wins && !best->wins)) best = &mv;
  SearchResult result;
  result.move = best->move;
  result.value = best->value;
  result.exact = result.from_tables = true;
  return result;
}

}  // namespace

SearchResult Search::choose(const Position& pos, int die, const Deadline& deadline) {
  MoveList legal = legal_moves(pos, die);
  if (legal.size == 0) throw std::invalid_argument("choose: no legal move (game decided)");
  SearchResult result;
  result.move = legal.moves[0];
  for (Move m : legal)
    if (wins_at_once(pos, m)) {
      result.move = m;
      result.value = 1;
      result.exact = true;
      return result;
    }
  if (legal.size == 1) return result;

  // Under the Random model the tables' best move (against best play) is searched like any other.
  if (options_.model == OpponentModel::Best && tables_)
    if (std::optional<SearchResult> exact = tables_choice(*tables_, pos, die)) return *exact;

  uint64_t key = start_search(pos, deadline);
  // Root moves with their latest values; searched best first.
  std::array<Move, 18> order{};
  std::array<double, 18> score{};
  int count = legal.size;
  for (int i = 0; i < count; ++i) {
    order[i] = legal.moves[i];
    Position child = pos;
    child.play(order[i]);
    score[i] = 1 - evaluate(child, zobrist_after(pos, key, order[i]));
  }
  for (int depth = 1; depth <= options_.max_depth; ++depth) {
    for (int i = 1; i < count; ++i)
      for (int j = i; j > 0 && score[j] > score[j - 1]; --j) {
        std::swap(score[j], score[j - 1]);
        std::swap(order[j], order[j - 1]);
      }
    if (depth == 1) result.move = order[0];  // best by the evaluation, should time run out
    inexact_ = false;
    double best = -1;
    int best_index = -1;
    for (int i = 0; i < count; ++i) {
      Position child = pos;
      child.play(order[i]);
      double alpha = std::max(best, 0.0);
      double w = 1 - chance(child, zobrist_after(pos, key, order[i]), depth - 1, 0, 1 - alpha);
      if (stop_) break;
      score[i] = w;
      if (w > best) {
        best = w;
        best_index = i;
      }
    }
    if (stop_) {
      // A move that beat the previous best (searched first) at this depth is better still.
      if (best_index > 0) {
        result.move = order[best_index];
        result.value = best;
      }
      break;
    }
    result.move = order[best_index];
    result.value = best;
    result.depth = depth;
    result.exact = !inexact_;
    // Keep the best move first for the next iteration.
    std::swap(order[0], order[best_index]);
    std::swap(score[0], score[best_index]);
    if (result.exact || deadline.past_soft()) break;
  }
  result.nodes = nodes_;
  return result;
}

}  // namespace ewn
