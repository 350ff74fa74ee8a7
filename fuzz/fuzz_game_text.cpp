// libFuzzer target: any text given to `ewn analyse` (or /api/analyse) as a game. A text that
// cannot be read must be refused with a GameTextError whose message names a line of the text
// (or says the text holds no such game); a text that is read must be a legal game that reads
// back the same when written as a plain list.
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "game_record.h"
#include "movegen.h"
#include "notation.h"
#include "side_names.h"

using namespace ewn;

namespace {

// The record as a plain list (setup line, then "side die move" a line).
std::string as_list(const GameRecord& g) {
  std::string out = format_position(g.start) + "\n";
  for (const RecordedTurn& t : g.turns)
    out += std::string(side_letter(t.before.to_move)) + " " +
           (t.die ? std::to_string(*t.die) : "?") + " " + format_move(t.move) + "\n";
  return out;
}

void check_game(const GameRecord& g, size_t lines) {
  Position pos = g.start;
  FUZZ_CHECK(!pos.winner(), "a won start was accepted");
  for (const RecordedTurn& t : g.turns) {
    FUZZ_CHECK(t.before == pos, "a turn's position does not follow from the turns before");
    FUZZ_CHECK(!pos.winner(), "a move after the end was accepted");
    FUZZ_CHECK(t.line >= 1 && size_t(t.line) <= lines, "turn line %d of %zu", t.line, lines);
    if (t.die)
      FUZZ_CHECK(legal_moves(pos, *t.die).contains(t.move), "an illegal move was accepted");
    else
      FUZZ_CHECK(all_moves(pos).contains(t.move), "a move no die allows was accepted");
    pos.play(t.move);
  }
  // A game that ended off the board (time, a declaration, an illegal move) has the winner the
  // text states; one that ended on the board, the moves' (or the text's, when a connect log
  // lacks the winning move); an unfinished one, none.
  bool off_board = g.game_end != RecordEnd::Board && g.game_end != RecordEnd::Unfinished;
  if (pos.winner()) FUZZ_CHECK(off_board || pos.winner() == g.winner, "the winner differs");
  if (g.game_end == RecordEnd::Unfinished) FUZZ_CHECK(!g.winner, "an unfinished game has a winner");
  if (g.game_end != RecordEnd::Unfinished)
    FUZZ_CHECK(g.winner.has_value(), "an end without winner");
  GameRecord again = read_game(as_list(g));  // throws (and so crashes) if the list is not read
  FUZZ_CHECK(again.turns.size() == g.turns.size() && again.start == g.start,
             "the plain list does not read back");
  for (size_t i = 0; i < g.turns.size(); ++i)
    FUZZ_CHECK(again.turns[i].move == g.turns[i].move && again.turns[i].die == g.turns[i].die,
               "turn %zu does not read back", i + 1);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  // Lines end at LF, or at CR in a text with no LF.
  char line_end = text.find('\n') == std::string_view::npos ? '\r' : '\n';
  size_t lines = 1;
  for (char c : text) lines += c == line_end;
  try {
    for (const GameRecord& g : read_games(text)) check_game(g, lines);
  } catch (const GameTextError& e) {
    std::string_view what = e.what();
    bool names_line = e.line() >= 1 && size_t(e.line()) <= lines &&
                      what.rfind("line " + std::to_string(e.line()) + ": ", 0) == 0;
    FUZZ_CHECK(
        names_line || (e.line() == 0 && what.find("holds no game") != std::string_view::npos),
        "a message that does not name its line: %s", e.what());
  }
  return 0;
}
