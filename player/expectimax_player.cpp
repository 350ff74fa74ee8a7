#include "expectimax_player.h"

#include "race.h"

namespace ewn {

ExpectimaxPlayer::ExpectimaxPlayer(TimeLimits limits, SearchOptions options,
                                   std::shared_ptr<const ExactValues> tables)
    : Player(limits), search_(options, std::move(tables)) {}

Move ExpectimaxPlayer::choose(const Position& pos, int die, const MoveRequest& request) {
  Duration start = clock_now(request.clock);
  // Own moves still to come: the race model's expectation, plus some for the fighting.
  double moves_left = expected_turns(pos, pos.to_move) + 2;
  Deadline deadline = plan_move(limits_, request.game_time_left, moves_left, request.clock, start);
  if (request.deadline) deadline = earliest(deadline, *request.deadline);
  SearchResult result = search_.choose(pos, die, deadline);
  info_ = MoveInfo{result.value, result.depth, result.nodes, result.exact};
  return result.move;
}

}  // namespace ewn
