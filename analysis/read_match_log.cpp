// The log of `ewn match --log` (game_log.h): for each game "game N round R red=A blue=B
// first=red", the players' specs ("A SPEC", "B SPEC"), then setup, dice, moves, times and
// "result red A goal".
#include "game_log.h"
#include "game_text.h"
#include "printable.h"

namespace ewn::game_text {

namespace {

using namespace game_log;

class MatchLogReader {
 public:
  void read(const Line& line);
  // The game read last is complete: its dice go to its moves.
  void finish();
  std::vector<RawGame> games;

 private:
  RawGame& need_game(const Line& line) {
    if (games.empty()) throw GameTextError(line.number, "a game's line before its 'game' line");
    return games.back();
  }
  std::vector<std::pair<int, int>> dice_;  // die, line
  std::string labels_[2];                  // the game line's red=A blue=B: A or B by side
};

void MatchLogReader::read(const Line& line) {
  const auto& w = line.words;
  const std::string& key = w[0];
  if (key == kGame) {
    RawGame& g = games.emplace_back();
    check(line);
    g.number = number_at(line, w.size() > 1 ? w[1] : "", "a game number");
    for (const std::string& word : w) {  // red=A blue=B: replaced by the specs that follow
      if (starts_with(word, kRedIs)) g.players[Red] = word.substr(sizeof kRedIs - 1);
      if (starts_with(word, kBlueIs)) g.players[Blue] = word.substr(sizeof kBlueIs - 1);
    }
    labels_[Red] = g.players[Red];
    labels_[Blue] = g.players[Blue];
    return;
  }
  RawGame& g = need_game(line);
  check(line);
  if (key == kPlayerA || key == kPlayerB) {
    std::string spec = trim(line.text.substr(1));
    for (int side : {Red, Blue})
      if (g.players[side] == key) g.players[side] = spec;
  } else if (key == kSetup) {
    g.start = position_at(line, trim(line.text.substr(key.size())));
    g.start_line = line.number;
  } else if (key == kDice) {
    for (size_t i = 1; i < w.size(); ++i)
      dice_.push_back({number_at(line, w[i], "a die"), line.number});
  } else if (key == kMoves) {
    for (size_t i = 1; i < w.size(); ++i)
      g.turns.push_back({line.number, std::nullopt, std::nullopt, move_at(line, w[i]), {}});
  } else if (key == kResult) {
    g.stated_winner = w.size() > 1 ? side_word_at(w[1]) : std::nullopt;
    g.result_line = line.number;
    // "result red A ...": the winner's colour and player, which the game line paired.
    if (g.stated_winner && w.size() > 2 && !labels_[*g.stated_winner].empty() &&
        w[2] != labels_[*g.stated_winner])
      throw GameTextError(line.number, "the result names " + w[1] + " as player " + w[2] +
                                           ", but game " + std::to_string(g.number) +
                                           "'s line has " + w[1] + "=" + labels_[*g.stated_winner]);
    // "result red A time": how the game ended (match_result_line).
    if (w.size() > 3 && w[3] == kEndTime) g.stated_end = RecordEnd::Time;
    if (w.size() > 3 && w[3] == kEndIllegal) g.stated_end = RecordEnd::IllegalMove;
  } else if (key == kFault) {
    g.notes.push_back("game " + std::to_string(g.number) + ": " +
                      trim(line.text.substr(key.size())));
  } else if (key != kTimes) {
    throw GameTextError(line.number,
                        "not a line of an ewn match log: " + quoted_excerpt(line.text));
  }
}

void MatchLogReader::finish() {
  if (games.empty()) return;
  RawGame& g = games.back();
  std::vector<std::pair<int, int>> dice = std::move(dice_);
  dice_.clear();
  if (g.unreadable) return;
  // A move that was not legal is not logged, its die is: the game ended before that turn. So
  // does a turn whose player gave no move at all (an outside program that ended or stayed
  // silent past its time: the fault line says which).
  bool off_board = g.stated_end == RecordEnd::IllegalMove || g.stated_end == RecordEnd::Time;
  if (off_board && dice.size() == g.turns.size() + 1) {
    g.notes.push_back("game " + std::to_string(g.number) + ": the " +
                      (g.stated_end == RecordEnd::Time ? "move never given" : "illegal move") +
                      " of its last turn (die " + std::to_string(dice.back().first) +
                      ") is not in the log and not analysed");
    dice.pop_back();
  }
  if (dice.size() != g.turns.size())
    throw GameTextError(g.turns.empty() ? dice.front().second : g.turns.front().line,
                        "game " + std::to_string(g.number) + " has " + std::to_string(dice.size()) +
                            " dice but " + std::to_string(g.turns.size()) + " moves");
  for (size_t i = 0; i < dice.size(); ++i) g.turns[i].die = dice[i].first;
}

}  // namespace

std::vector<RawGame> read_match_log(const std::vector<Line>& lines) {
  MatchLogReader reader;
  // A game's line that cannot be read makes that game unreadable; a line before the first game
  // makes the log so.
  auto finish = [&] {
    try {
      reader.finish();
    } catch (const GameTextError& e) {
      keep_unreadable(reader.games.back(), e);
    }
  };
  for (const Line& line : lines) {
    if (line.words[0][0] == '#') continue;
    if (line.words[0] == kGame) finish();
    try {
      reader.read(line);
    } catch (const GameTextError& e) {
      if (reader.games.empty()) throw;
      keep_unreadable(reader.games.back(), e);
    }
  }
  finish();
  std::vector<RawGame> out;
  for (RawGame& g : reader.games)
    if (g.start || g.unreadable) out.push_back(std::move(g));
  return out;
}

}  // namespace ewn::game_text
