// A plain list of turns ("r 3 a5b4" a line, after a start position), or the game text the page
// (`ewn serve`) copies, in the words of core/game_log.h: a title line, "Setup: POSITION",
// "Red: ...; Blue: ...", "Moves (...)", the turns and "Result: Red wins".
#include <algorithm>
#include <tuple>

#include "game_log.h"
#include "game_text.h"
#include "printable.h"

namespace ewn::game_text {

namespace {

// "[N.] side die move", die 1-6 or ? when not known.
RawTurn list_turn(const Line& line) {
  std::vector<std::string> w = line.words;
  if (!w.empty() && (w[0].back() == '.' || std::all_of(w[0].begin(), w[0].end(), ::isdigit)))
    w.erase(w.begin());
  if (w.size() != 3)
    throw GameTextError(line.number, "expected a turn: side, die and move (e.g. 'r 3 a5b4'), not " +
                                         quoted_excerpt(line.text));
  RawTurn t;
  t.line = line.number;
  t.side = side_word_at(w[0]);
  if (!t.side)
    throw GameTextError(line.number, "expected a side (r or b), not " + quoted_excerpt(w[0]));
  if (w[1] != "?") {
    if (w[1].size() != 1 || w[1][0] < '1' || w[1][0] > '6')
      throw GameTextError(line.number,
                          "expected a die 1-6 (or ? if not known), not " + quoted_excerpt(w[1]));
    t.die = w[1][0] - '0';
  }
  t.move = move_at(line, w[2]);
  return t;
}

}  // namespace

RawGame read_list(const std::vector<Line>& lines) {
  using namespace game_log;
  RawGame g;
  g.number = 1;
  for (const Line& line : lines) {
    const std::string& s = line.text;
    if (s[0] == '#') continue;
    check(line);
    if (!g.start) {
      if (starts_with(s, kPageTitleStart)) continue;  // the page's title line
      std::string pos = s;
      for (std::string_view head :
           {std::string_view(kPageSetup), std::string_view("setup "), std::string_view("start ")})
        if (starts_with(s, head)) pos = trim(s.substr(head.size()));
      g.start = position_at(line, pos);
      g.start_line = line.number;
      continue;
    }
    if (starts_with(s, kPageRed)) {  // the page's players: "Red: player; Blue: engine (...)"
      if (auto players = page_players(s)) std::tie(g.players[Red], g.players[Blue]) = *players;
      continue;
    }
    if (starts_with(s, kPageMovesStart)) continue;  // the page's header of the turns
    if (starts_with(s, kPageResult)) {
      g.stated_winner = line.words.size() >= 2 ? side_word_at(line.words[1]) : std::nullopt;
      if (!g.stated_winner)
        throw GameTextError(line.number, "expected 'Result: Red wins' or 'Result: Blue wins'");
      g.result_line = line.number;
      continue;
    }
    if (g.result_line) throw GameTextError(line.number, "a turn after the result");
    g.turns.push_back(list_turn(line));
  }
  if (!g.start) throw GameTextError(0, "the text holds no game: expected a setup position first");
  return g;
}

}  // namespace ewn::game_text
