// The log of `ewn play` and `ewn play --operator` (game_log.h): for each game its header
// ("game N mode=play engine=red first=red"), setup, a line per turn (taken back by "undo"
// lines), and a summary when it ends (result, start, dice, moves); a game may be reopened
// ("reopen game N") and summarised again. The last summary of a game is what was played; a game
// without one (the program was killed) is read from its turn lines.
#include <map>

#include "game_log.h"
#include "game_text.h"
#include "printable.h"

namespace ewn::game_text {

namespace {

using namespace game_log;

// What a declared result's reason ("declared opponent over time") says the game ended by.
RecordEnd declared_end(const std::string& reason) {
  if (mentions(reason, kEndTime)) return RecordEnd::Time;
  if (mentions(reason, kEndIllegal)) return RecordEnd::IllegalMove;
  return RecordEnd::Declaration;
}

// The summary `ewn play` writes when a game ends, is left or the input ends.
struct PlayLogSummary {
  int result_line = 0;
  std::optional<Side> winner;
  std::optional<RecordEnd> end;  // off the board
  std::optional<Position> start;
  int start_line = 0;
  std::vector<std::pair<int, int>> dice;  // die, line
  std::vector<std::pair<Move, int>> moves;
};

// One game of the log as its lines leave it: the last summary when there is one, else its turn
// lines (a killed program's log).
struct PlayLogGame {
  RawGame raw;
  std::map<int, RawTurn> turn_lines;  // by turn number; undone ones removed
  std::optional<PlayLogSummary> summary;
};

class PlayLogReader {
 public:
  void read(const Line& line);
  PlayLogGame* current() { return cur_; }
  std::map<int, PlayLogGame> games;

 private:
  PlayLogGame& need_game(const Line& line) {
    if (!cur_) throw GameTextError(line.number, "a game's line before its 'game' line");
    return *cur_;
  }
  void start_game(const Line& line);
  void read_turn(const Line& line);
  void read_undo(const Line& line);
  void read_summary(const Line& line);

  PlayLogGame* cur_ = nullptr;
  PlayLogSummary* summary_ = nullptr;  // being read
};

void PlayLogReader::read(const Line& line) {
  const std::string& key = line.words[0];
  const auto& w = line.words;
  if (key == kGame || (key == kReopen && w.size() >= 3 && w[1] == kGame)) return start_game(line);
  PlayLogGame& g = need_game(line);
  check(line);
  if (key == kSetup || key == kPosition) {
    g.raw.start = position_at(line, trim(line.text.substr(key.size())));
    g.raw.start_line = line.number;
    g.turn_lines.clear();
  } else if (key == kTurn) {
    read_turn(line);
  } else if (key == kUndo) {
    read_undo(line);
  } else if (key == kResult || key == kStart || key == kDice || key == kMoves) {
    read_summary(line);
  } else if (key != kMatch && key != kDeclare && key != kClock) {
    // (The match's score, declared results and clock settings are not moves.)
    throw GameTextError(line.number, "not a line of an ewn play log: " + quoted_excerpt(line.text));
  }
}

void PlayLogReader::start_game(const Line& line) {
  const auto& w = line.words;
  size_t at = w[0] == kGame ? 1 : 2;
  int n = number_at(line, w.size() > at ? w[at] : "", "a game number");
  cur_ = &games[n];
  cur_->raw.number = n;
  summary_ = nullptr;
  check(line);
  std::string mode, engine;
  for (const std::string& word : w) {
    if (starts_with(word, kModeIs)) mode = word.substr(sizeof kModeIs - 1);
    if (starts_with(word, kEngineIs)) engine = word.substr(sizeof kEngineIs - 1);
  }
  if (auto side = side_word_at(engine)) {
    cur_->raw.players[*side] = "engine";
    cur_->raw.players[opposite(*side)] = mode == kModeOperator ? "opponent" : "player";
  }
}

// "turn N POSITION DIE MOVE ...": a turn played again replaces it and what followed.
void PlayLogReader::read_turn(const Line& line) {
  const auto& w = line.words;
  if (w.size() < 6) throw GameTextError(line.number, "expected 'turn N POSITION DIE MOVE ...'");
  int n = number_at(line, w[1], "a turn number");
  auto [before, die] = position_with_die(line, 2);
  RawTurn t{line.number, before.to_move, die, move_at(line, w[5]), before};
  auto& turns = cur_->turn_lines;
  turns.erase(turns.lower_bound(n), turns.end());
  turns[n] = t;
}

// "undo turn N" and "undo to turn N" take back turn N and what followed; "undo die" no turn.
void PlayLogReader::read_undo(const Line& line) {
  const auto& w = line.words;
  std::optional<int> from;
  if (w.size() >= 3 && w[1] == kTurn) from = number_at(line, w[2], "a turn number");
  if (w.size() >= 4 && w[1] == "to" && w[2] == kTurn) from = number_at(line, w[3], "a turn number");
  auto& turns = cur_->turn_lines;
  if (from) turns.erase(turns.lower_bound(*from), turns.end());
}

void PlayLogReader::read_summary(const Line& line) {
  const auto& w = line.words;
  const std::string& key = w[0];
  if (key == kResult) {
    cur_->summary.emplace();
    summary_ = &*cur_->summary;
    summary_->result_line = line.number;
    if (w.size() >= 2) summary_->winner = side_word_at(w[1]);
    // "result red engine declared opponent over time": the operator's declaration.
    if (w.size() >= 4 && w[3] == kDeclared) summary_->end = declared_end(line.text);
    return;
  }
  if (!summary_) throw GameTextError(line.number, "'" + key + "' outside a game's summary");
  if (key == kStart) {
    summary_->start = position_at(line, trim(line.text.substr(key.size())));
    summary_->start_line = line.number;
  }
  for (size_t i = 1; key == kDice && i < w.size(); ++i)
    summary_->dice.push_back({number_at(line, w[i], "a die"), line.number});
  for (size_t i = 1; key == kMoves && i < w.size(); ++i)
    summary_->moves.push_back({move_at(line, w[i]), line.number});
}

// The game as its summary gives it, each turn on its own line when the log has it.
void take_summary(const PlayLogGame& g, RawGame& raw) {
  const PlayLogSummary& s = *g.summary;
  if (s.dice.size() != s.moves.size())
    throw GameTextError(s.result_line, "the summary has " + std::to_string(s.dice.size()) +
                                           " dice but " + std::to_string(s.moves.size()) +
                                           " moves");
  raw.start = s.start;
  raw.start_line = s.start_line;
  for (size_t i = 0; i < s.moves.size(); ++i) {
    RawTurn t{s.moves[i].second, std::nullopt, s.dice[i].first, s.moves[i].first, {}};
    auto it = g.turn_lines.find(int(i) + 1);
    if (it != g.turn_lines.end() && it->second.move == t.move) t.line = it->second.line;
    raw.turns.push_back(t);
  }
  raw.stated_winner = s.winner;
  raw.stated_end = s.end;
  raw.result_line = s.result_line;
}

// The game as its turn lines give it (no summary: the program did not end it).
void take_turn_lines(const PlayLogGame& g, RawGame& raw) {
  int expected = 1;
  for (auto& [number, t] : g.turn_lines) {
    if (number != expected++)
      throw GameTextError(t.line, "turn " + std::to_string(number) + " follows turn " +
                                      std::to_string(expected - 2));
    raw.turns.push_back(t);
  }
}

// The game to replay, or nullopt for a game that never started.
std::optional<RawGame> raw_game(const PlayLogGame& g) {
  RawGame raw = g.raw;
  raw.turns.clear();
  if (raw.unreadable) return raw;
  try {
    if (g.summary && g.summary->start)
      take_summary(g, raw);
    else
      take_turn_lines(g, raw);
  } catch (const GameTextError& e) {
    keep_unreadable(raw, e);
    return raw;
  }
  if (!raw.start) {
    if (raw.turns.empty()) return std::nullopt;
    raw.start = raw.turns.front().stated_before;
    raw.start_line = raw.turns.front().line;
  }
  return raw;
}

}  // namespace

std::vector<RawGame> read_play_log(const std::vector<Line>& lines) {
  PlayLogReader reader;
  for (const Line& line : lines) {
    if (line.words[0][0] == '#') continue;
    try {
      reader.read(line);
    } catch (const GameTextError& e) {
      // A game's line that cannot be read makes that game unreadable; a line before the first
      // game makes the log so.
      if (!reader.current()) throw;
      keep_unreadable(reader.current()->raw, e);
    }
  }
  std::vector<RawGame> out;
  for (auto& [n, g] : reader.games)
    if (std::optional<RawGame> raw = raw_game(g)) out.push_back(std::move(*raw));
  return out;
}

}  // namespace ewn::game_text
