// The log of `ewn connect` (game_log.h): the connection and what the server sent ("recv"), and
// for each game "game N engine=red", the engine's turns ("turn POSITION DIE MOVE send ..."), the
// opponent's moves as the client inferred them ("opponent MOVE") and "result game N won (HOW)".
// The opponent's winning move is not in the log: the result says how the game ended.
#include "game_log.h"
#include "game_text.h"
#include "printable.h"

namespace ewn::game_text {

namespace {

using namespace game_log;

// What the reason of a connect log's result says the game ended by: nullopt on the board (the
// log does not hold the opponent's winning move), else off it.
std::optional<RecordEnd> connect_end(const std::string& text) {
  if (mentions(text, kReachedCorner) || mentions(text, kTookLastPiece) ||
      mentions(text, kCouldWinAtOnce))
    return std::nullopt;
  if (mentions(text, std::string(" ") + kLostOnTime) || mentions(text, kAfterServerLimit))
    return RecordEnd::Time;
  if (mentions(text, kHadNotAnswered)) return RecordEnd::Time;  // the server stopped waiting
  return RecordEnd::Declaration;  // the server stopped the game or refused the engine's answer
}

class ConnectLogReader {
 public:
  void read(const Line& line);
  std::vector<RawGame> games;

 private:
  RawGame& need_game(const Line& line, const char* what) {
    if (games.empty())
      throw GameTextError(line.number, std::string(what) + " before the first 'game' line");
    return games.back();
  }
  void start_game(const Line& line);
  void read_turn(const Line& line);
  void read_result(const Line& line);

  std::vector<RawTurn> pending_;  // opponent moves before the game's first known position
  std::optional<Side> engine_;    // the engine's side in the current game, when said
};

void ConnectLogReader::read(const Line& line) {
  const auto& w = line.words;
  const std::string& key = w[0];
  if (key == kGame) return start_game(line);
  if (key == kConnect || key == kRecv || key == kClose || key == kNote || key == kError ||
      key == kSummary)
    return;  // the connection and the server's messages: the moves are in the turn lines
  if (key == kOpponent) {
    RawGame& g = need_game(line, "a move");
    check(line);
    if (w.size() < 2) throw GameTextError(line.number, "expected 'opponent MOVE'");
    RawTurn t{line.number, std::nullopt, std::nullopt, move_at(line, w[1]), {}};
    (g.start ? g.turns : pending_).push_back(t);
  } else if (key == kTurn) {
    read_turn(line);
  } else if (key == kResult) {
    read_result(line);
  } else {
    check(line);
    throw GameTextError(line.number,
                        "not a line of an ewn connect log: " + quoted_excerpt(line.text));
  }
}

// "game N engine=red"
void ConnectLogReader::start_game(const Line& line) {
  const auto& w = line.words;
  RawGame& g = games.emplace_back();
  pending_.clear();
  engine_.reset();
  g.result_may_lack_last_move = true;
  check(line);
  g.number = number_at(line, w.size() > 1 ? w[1] : "", "a game number");
  if (w.size() > 2 && starts_with(w[2], kEngineIs)) {
    if ((engine_ = side_word_at(w[2].substr(sizeof kEngineIs - 1)))) {
      g.players[*engine_] = "engine";
      g.players[opposite(*engine_)] = "opponent";
    }
  }
}

// "turn POSITION DIE MOVE send ANSWER ...": the engine's turn; the first gives the game's start.
void ConnectLogReader::read_turn(const Line& line) {
  const auto& w = line.words;
  RawGame& g = need_game(line, "a move");
  check(line);
  if (w.size() < 5) throw GameTextError(line.number, "expected 'turn POSITION DIE MOVE ...'");
  auto [before, die] = position_with_die(line, 1);
  if (!g.start) {
    g.start = before;
    g.start_line = line.number;
    if (!pending_.empty())
      g.notes.push_back("game " + std::to_string(g.number) +
                        ": the opponent's moves before the engine's first turn are not "
                        "analysed (the log does not give the position they were played in)");
  }
  g.turns.push_back({line.number, before.to_move, die, move_at(line, w[4]), before});
}

// "result game N won (HOW)": the engine's result.
void ConnectLogReader::read_result(const Line& line) {
  const auto& w = line.words;
  RawGame& g = need_game(line, "a result");
  check(line);
  if (engine_ && w.size() >= 4 && (w[3] == kWon || w[3] == kLost)) {
    g.stated_winner = w[3] == kWon ? *engine_ : opposite(*engine_);
    g.result_line = line.number;
    g.stated_end = connect_end(line.text);
  }
}

}  // namespace

std::vector<RawGame> read_connect_log(const std::vector<Line>& lines) {
  ConnectLogReader reader;
  for (const Line& line : lines) {
    if (line.words[0][0] == '#') continue;
    try {
      reader.read(line);
    } catch (const GameTextError& e) {
      // A game's line that cannot be read makes that game unreadable; a line before the first
      // game makes the log so.
      if (reader.games.empty()) throw;
      keep_unreadable(reader.games.back(), e);
    }
  }
  std::vector<RawGame> out;
  for (RawGame& g : reader.games)
    if (g.start || g.unreadable) out.push_back(std::move(g));
  return out;
}

}  // namespace ewn::game_text
