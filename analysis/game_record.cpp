#include "game_record.h"

#include <algorithm>

#include "game_log.h"
#include "game_text.h"
#include "movegen.h"
#include "notation.h"
#include "side_names.h"

namespace ewn {

GameTextError::GameTextError(int line, const std::string& what)
    : std::runtime_error(line > 0 ? "line " + std::to_string(line) + ": " + what : what),
      line_(line) {}

const char* record_end_name(RecordEnd e) {
  switch (e) {
    case RecordEnd::Board:
      return "board";
    case RecordEnd::Time:
      return "time";
    case RecordEnd::Declaration:
      return "declaration";
    case RecordEnd::IllegalMove:
      return "illegal_move";
    case RecordEnd::Unfinished:
      break;
  }
  return "unfinished";
}

std::optional<RecordEnd> record_end_of_name(std::string_view name) {
  for (RecordEnd e : {RecordEnd::Board, RecordEnd::Time, RecordEnd::Declaration,
                      RecordEnd::IllegalMove, RecordEnd::Unfinished})
    if (name == record_end_name(e)) return e;
  return std::nullopt;
}

const char* record_end_words(RecordEnd e) {
  switch (e) {
    case RecordEnd::Board:
      return "on the board";
    case RecordEnd::Time:
      return "on time";
    case RecordEnd::Declaration:
      return "by a declaration";
    case RecordEnd::IllegalMove:
      return "by the other side's illegal move";
    case RecordEnd::Unfinished:
      break;
  }
  return "unfinished";
}

std::string how_game_ended(std::optional<Side> winner, RecordEnd e) {
  if (!winner || e == RecordEnd::Unfinished) return "unfinished";
  return std::string(side_name(*winner)) + " won " + record_end_words(e);
}

const char* game_format_name(GameFormat f) {
  switch (f) {
    case GameFormat::Page:
      return "page";
    case GameFormat::PlayLog:
      return "play log";
    case GameFormat::ConnectLog:
      return "connect log";
    case GameFormat::MatchLog:
      return "match log";
    case GameFormat::List:
      break;
  }
  return "list";
}

namespace {

using namespace game_text;

// --- the rules ---------------------------------------------------------------------------------

std::string moves_text(const MoveList& moves) {
  std::string out;
  for (Move m : moves) out += (out.empty() ? "" : " ") + format_move(m);
  return out;
}

// Who won and how, from the moves and what the text states. A game the text says ended off the
// board is won by the side it names, even when the last move (over time) reached the goal.
void settle_end(const RawGame& g, std::optional<Side> on_board, GameRecord& record) {
  bool off_board = g.stated_end && g.stated_winner;
  if (off_board) {
    record.winner = g.stated_winner;
    record.game_end = *g.stated_end;
    return;
  }
  record.winner = on_board;
  record.game_end = on_board ? RecordEnd::Board : RecordEnd::Unfinished;
  if (!g.stated_winner || on_board == g.stated_winner) return;
  if (g.result_may_lack_last_move && !on_board) {  // the winning move is not in the log
    record.winner = g.stated_winner;
    record.game_end = RecordEnd::Board;
    return;
  }
  throw GameTextError(g.result_line, std::string("the text says ") + side_name(*g.stated_winner) +
                                         " won, but the moves give " +
                                         (on_board ? std::string(side_name(*on_board)) + " the win"
                                                   : std::string("an unfinished game")));
}

GameRecord replay(const RawGame& g, GameFormat format, int games) {
  if (g.unreadable) throw *g.unreadable;
  GameRecord record;
  record.format = format;
  record.number = g.number;
  record.games = games;
  record.start = *g.start;
  record.notes = g.notes;
  record.players = g.players;
  if (auto w = record.start.winner())
    throw GameTextError(g.start_line,
                        std::string("the start position is already won by ") + side_name(*w));
  Position pos = record.start;
  for (const RawTurn& t : g.turns) {
    if (auto w = pos.winner())
      throw GameTextError(
          t.line, std::string("a move after the end of the game (") + side_name(*w) + " has won)");
    if (t.stated_before && !(*t.stated_before == pos))
      throw GameTextError(t.line, "the position " + format_position(*t.stated_before) +
                                      " does not follow from the moves before, which give " +
                                      format_position(pos));
    if (t.side && *t.side != pos.to_move)
      throw GameTextError(t.line, std::string("it is ") + side_name(pos.to_move) + "'s turn, not " +
                                      side_name(*t.side) + "'s");
    if (t.die) {
      if (*t.die < 1 || *t.die > 6)
        throw GameTextError(t.line, "a die is 1-6, not " + std::to_string(*t.die));
      MoveList legal = legal_moves(pos, *t.die);
      if (!legal.contains(t.move))
        throw GameTextError(t.line, format_move(t.move) + " is not a legal move for " +
                                        side_name(pos.to_move) + " with die " +
                                        std::to_string(*t.die) + " (legal: " + moves_text(legal) +
                                        ")");
    } else if (!all_moves(pos).contains(t.move)) {
      throw GameTextError(t.line, format_move(t.move) + " is not a legal move for " +
                                      side_name(pos.to_move) + " with any die");
    }
    record.turns.push_back({pos, t.die, t.move, t.line});
    pos.play(t.move);
  }
  settle_end(g, pos.winner(), record);
  return record;
}

// The format of the text, by its first lines: a log by its title or its first game's header
// (game_log.h), else the page's text by its title, else a list.
GameFormat detect(const std::vector<Line>& lines) {
  using namespace game_log;
  for (const Line& line : lines) {
    const auto& w = line.words;
    bool header = w[0] == kGame && w.size() > 2;
    if (starts_with(line.text, kConnectTitle) || w[0] == kConnect) return GameFormat::ConnectLog;
    if (starts_with(line.text, kPlayTitle) || (header && starts_with(w[2], kModeIs)))
      return GameFormat::PlayLog;
    if (header && starts_with(w[2], kEngineIs)) return GameFormat::ConnectLog;
    if (header && w[2] == kRound) return GameFormat::MatchLog;
    if (line.text[0] == '#') continue;
    return starts_with(line.text, kPageTitleStart) ? GameFormat::Page : GameFormat::List;
  }
  return GameFormat::List;
}

std::pair<GameFormat, std::vector<RawGame>> read_raw_games(std::string_view text) {
  std::vector<Line> lines = split_lines(text);
  GameFormat format = detect(lines);
  std::vector<RawGame> games;
  if (format == GameFormat::PlayLog)
    games = read_play_log(lines);
  else if (format == GameFormat::ConnectLog)
    games = read_connect_log(lines);
  else if (format == GameFormat::MatchLog)
    games = read_match_log(lines);
  else
    games.push_back(read_list(lines));
  if (games.empty())
    throw GameTextError(0, std::string("the ") + game_format_name(format) + " holds no game");
  return {format, std::move(games)};
}

}  // namespace

GameRecord read_game(std::string_view text, std::optional<int> number) {
  auto [format, games] = read_raw_games(text);
  const RawGame* chosen = &games.back();
  if (number) {
    auto it = std::find_if(games.begin(), games.end(),
                           [&](const RawGame& g) { return g.number == *number; });
    if (it == games.end()) {
      std::string have;
      for (const RawGame& g : games) have += (have.empty() ? "" : ", ") + std::to_string(g.number);
      throw GameTextError(0, "the " + std::string(game_format_name(format)) + " holds no game " +
                                 std::to_string(*number) + " (it holds game" +
                                 (games.size() > 1 ? "s " : " ") + have + ")");
    }
    chosen = &*it;
  }
  return replay(*chosen, format, int(games.size()));
}

std::vector<GameRecord> read_games(std::string_view text, std::vector<GameTextError>* refused) {
  auto [format, games] = read_raw_games(text);
  std::vector<GameRecord> out;
  for (const RawGame& g : games) {
    try {
      out.push_back(replay(g, format, int(games.size())));
    } catch (const GameTextError& e) {
      if (!refused) throw;
      refused->push_back(e);
      refused->back().set_game(g.number);
    }
  }
  return out;
}

}  // namespace ewn
