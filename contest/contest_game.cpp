#include "contest_game.h"

#include "game_clock.h"
#include "game_log.h"

namespace ewn {

std::string format_turn_log(int index, const ContestTurn& t) {
  game_log::PlayTurn line;
  line.index = index;
  line.before = t.before;
  line.die = t.die;
  line.move = t.move;
  line.by_engine = t.actor == Actor::Engine;
  line.took_seconds = double(t.took.count()) / 1e9;
  if (t.clock_left) line.clock_left = format_clock(*t.clock_left);
  if (t.engine)
    line.engine = game_log::EngineAccount{t.engine->value, t.engine->exact, t.engine->depth};
  return game_log::play_turn_line(line);
}

std::string format_game_summary(const ContestGame& g) {
  std::vector<int> dice;
  std::vector<Move> moves;
  for (const ContestTurn& t : g.turns) {
    dice.push_back(t.die);
    moves.push_back(t.move);
  }
  return game_log::play_summary(g.winner, g.engine_won(), g.end, g.start, dice, moves);
}

}  // namespace ewn
