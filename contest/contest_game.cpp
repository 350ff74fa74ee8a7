#include "contest_game.h"

#include <cstdio>

#include "game_clock.h"
#include "notation.h"
#include "side_names.h"

namespace ewn {

namespace {
std::string seconds(Duration d) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2fs", double(d.count()) / 1e9);
  return buf;
}
}  // namespace

std::string format_turn_log(int index, const ContestTurn& t) {
  std::string out = "turn " + std::to_string(index) + " " + format_position(t.before, t.die) + " " +
                    format_move(t.move) + (t.actor == Actor::Engine ? " engine" : " opponent");
  out += " time=" + seconds(t.took);
  if (t.clock_left) out += " clock=" + format_clock(*t.clock_left);
  if (t.engine) {
    if (t.engine->value >= 0) {
      char buf[32];
      std::snprintf(buf, sizeof buf, " value=%.4f", t.engine->value);
      out += buf;
    }
    out += t.engine->exact ? " exact" : " depth=" + std::to_string(t.engine->depth);
  }
  return out + "\n";
}

std::string format_game_summary(const ContestGame& g) {
  std::string out = "result ";
  if (g.winner)
    out += std::string(side_word(*g.winner)) + " " + (g.engine_won() ? "engine" : "opponent") +
           " " + g.end;
  else
    out += "none " + (g.end.empty() ? std::string("unfinished") : g.end);
  out += "\nstart " + format_position(g.start) + "\ndice";
  for (const ContestTurn& t : g.turns) out += " " + std::to_string(t.die);
  out += "\nmoves";
  for (const ContestTurn& t : g.turns) out += " " + format_move(t.move);
  return out + "\n\n";
}

}  // namespace ewn
