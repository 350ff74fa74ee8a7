#include "mcts_player.h"

#include <cmath>
#include <stdexcept>

#include "dice_groups.h"
#include "movegen.h"
#include "race.h"
#include "search.h"

namespace ewn {

MctsPlayer::MctsPlayer(TimeLimits limits, MctsOptions options, uint64_t seed)
    : Player(limits), options_(options), rng_(seed) {}

uint32_t MctsPlayer::new_decision(const Position& pos, int die) {
  Decision d;
  d.first_edge = uint32_t(edges_.size());
  for (Move m : legal_moves(pos, die)) {
    Edge e;
    e.move = m;
    e.wins = wins_at_once(pos, m);
    edges_.push_back(e);
  }
  d.edge_count = uint8_t(edges_.size() - d.first_edge);
  decisions_.push_back(d);
  return uint32_t(decisions_.size() - 1);
}

uint32_t MctsPlayer::select(uint32_t decision) {
  const Decision& d = decisions_[decision];
  double log_n = std::log(double(std::max<uint32_t>(d.visits, 1)));
  uint32_t best = d.first_edge;
  double best_ucb = -1;
  for (uint32_t i = d.first_edge; i < d.first_edge + d.edge_count; ++i) {
    const Edge& e = edges_[i];
    if (e.wins) return i;         // nothing beats winning at once
    if (e.visits == 0) return i;  // try every move once
    double ucb = e.score / e.visits + options_.exploration * std::sqrt(log_n / e.visits);
    if (ucb > best_ucb) {
      best_ucb = ucb;
      best = i;
    }
  }
  return best;
}

Side MctsPlayer::playout(Position pos) {
  while (true) {
    MoveList moves = legal_moves(pos, rng_.die());
    Move m = moves.moves[rng_.below(uint32_t(moves.size))];
    Side mover = pos.to_move;
    if (wins_at_once(pos, m)) return mover;
    pos.play(m);
  }
}

void MctsPlayer::iterate(const Position& root, uint32_t root_decision) {
  struct Step {
    uint32_t decision, edge;
    Side mover;
  };
  std::array<Step, 128> path;  // a game lasts fewer plies: every move makes progress
  int length = 0;
  Position pos = root;
  uint32_t decision = root_decision;
  Side winner;
  while (true) {
    uint32_t edge = select(decision);
    path[length++] = Step{decision, edge, pos.to_move};
    Edge& e = edges_[edge];
    if (e.wins) {
      winner = pos.to_move;
      break;
    }
    pos.play(e.move);
    if (e.child == 0) {
      if (edges_.size() < options_.max_nodes) {
        chances_.push_back(Chance{});
        edges_[edge].child = uint32_t(chances_.size() - 1);
      }
      winner = playout(pos);
      break;
    }
    uint32_t chance = e.child;
    int roll = rng_.die();
    const DiceGroups& groups = dice_groups(pos.mask(pos.to_move));
    int g = groups.group_of_die[roll];
    if (chances_[chance].decision[g] == 0) {
      if (edges_.size() >= options_.max_nodes) {
        winner = playout(pos);
        break;
      }
      uint32_t d = new_decision(pos, roll);
      chances_[chance].decision[g] = d;
    }
    decision = chances_[chance].decision[g];
  }
  for (int i = 0; i < length; ++i) {
    ++decisions_[path[i].decision].visits;
    Edge& e = edges_[path[i].edge];
    ++e.visits;
    if (path[i].mover == winner) e.score += 1;
  }
}

Move MctsPlayer::choose(const Position& pos, int die, const MoveRequest& request) {
  Duration start = clock_now(request.clock);
  MoveList legal = legal_moves(pos, die);
  if (legal.size == 0) throw std::invalid_argument("mcts player: no legal move");
  info_ = MoveInfo{};
  if (legal.size == 1) return legal.moves[0];
  for (Move m : legal)
    if (wins_at_once(pos, m)) {
      info_.value = 1;
      return m;
    }

  edges_.clear();
  decisions_.clear();
  chances_.clear();
  chances_.push_back(Chance{});  // index 0 stands for "none"
  decisions_.push_back(Decision{});
  uint32_t root = new_decision(pos, die);

  double moves_left = expected_turns(pos, pos.to_move) + 2;  // as the expectimax player
  Deadline deadline = plan_move(limits_, request.game_time_left, moves_left, request.clock, start);
  if (request.deadline) deadline = earliest(deadline, *request.deadline);
  uint64_t n = 0;
  while (true) {
    if (options_.playouts && n >= *options_.playouts) break;
    if ((n & 63) == 0 && deadline.past_soft()) break;
    iterate(pos, root);
    ++n;
  }
  const Decision& d = decisions_[root];
  uint32_t best = d.first_edge;
  for (uint32_t i = d.first_edge; i < d.first_edge + d.edge_count; ++i)
    if (edges_[i].visits > edges_[best].visits) best = i;
  const Edge& e = edges_[best];
  info_ = MoveInfo{e.visits ? e.score / e.visits : -1.0, 0, n};
  return e.move;
}

}  // namespace ewn
