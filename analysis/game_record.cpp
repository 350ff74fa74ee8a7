#include "game_record.h"

#include <algorithm>
#include <map>
#include <sstream>

#include "movegen.h"
#include "notation.h"
#include "printable.h"
#include "side_names.h"

namespace ewn {

namespace {

size_t characters(std::string_view utf8) {
  return size_t(std::count_if(utf8.begin(), utf8.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

// The bytes of the UTF-8 character that starts with `lead` (1 for a byte that starts none).
size_t sequence_length(unsigned char lead) {
  return lead >= 0xF0 && lead < 0xF8 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
}

}  // namespace

std::string excerpt(std::string_view text) {
  // Enough bytes for kExcerptLength characters of up to 4 bytes each.
  std::string whole = printable(text.substr(0, 4 * kExcerptLength));
  if (characters(whole) <= kExcerptLength && text.size() <= 4 * kExcerptLength) return whole;
  // Cut between characters, never inside one or inside printable's escape of a byte.
  std::string out;
  for (size_t at = 0; at < text.size();) {
    size_t length =
        std::min(sequence_length(static_cast<unsigned char>(text[at])), text.size() - at);
    std::string piece = printable(text.substr(at, length));
    if (characters(out) + characters(piece) > kExcerptLength - 3) break;
    out += piece;
    at += length;
  }
  return out + "...";
}

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

struct Line {
  int number = 0;
  std::string text;  // trimmed
  std::vector<std::string> words;
};

// A turn as the text gives it, before the rules have seen it.
struct RawTurn {
  int line = 0;
  std::optional<Side> side;
  std::optional<int> die;
  Move move;
  std::optional<Position> stated_before;  // a log's position before the turn
};

struct RawGame {
  int number = 0;
  int start_line = 0;
  std::optional<Position> start;
  std::vector<RawTurn> turns;
  std::optional<Side> stated_winner;
  // How the text says the game ended, when it says it ended off the board.
  std::optional<RecordEnd> stated_end;
  int result_line = 0;
  bool result_may_lack_last_move = false;  // a connect log does not log the winning move
  std::vector<std::string> notes;
  std::array<std::string, 2> players;
};

std::string trim(std::string_view s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return "";
  size_t e = s.find_last_not_of(" \t\r");
  return std::string(s.substr(b, e - b + 1));
}

// The longest line read: a log's longest line (a long game's moves) is a few thousand.
constexpr size_t kMaxLineLength = 100'000;

bool is_control(char c) {
  unsigned char u = static_cast<unsigned char>(c);
  return (u < 0x20 && c != '\t' && c != '\v' && c != '\f') || u == 0x7f;
}

// A line's words, split at white space, with a comment after a '#' that follows white space cut
// off (a line that starts with '#' is a comment as a whole, kept for the formats' headers).
std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  size_t at = 0;
  while (at < text.size()) {
    size_t begin = text.find_first_not_of(" \t\v\f", at);
    if (begin == std::string_view::npos) break;
    if (text[begin] == '#' && !words.empty()) break;
    size_t end = std::min(text.find_first_of(" \t\v\f", begin), text.size());
    words.emplace_back(text.substr(begin, end - begin));
    at = end;
  }
  return words;
}

// The text's lines that hold a word, each as its words joined by single spaces. Lines end at
// LF or CRLF (CR alone in a text without LF); a UTF-8 byte-order mark is skipped. A line with a
// control byte (the text is not a game text) or a line too long to be one fails at once, whatever
// follows.
std::vector<Line> split_lines(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  std::vector<Line> out;
  // Lines end at LF (a CR before it is dropped), or at CR in a text with no LF at all: a CR in
  // the middle of a line (what a server sent, in a connect log's recv line) is not a line end.
  char line_end = text.find('\n') == std::string_view::npos ? '\r' : '\n';
  int number = 0;
  size_t at = 0;
  while (at <= text.size()) {
    size_t end = std::min(text.find(line_end, at), text.size());
    std::string_view raw = text.substr(at, end - at);
    if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
    at = end + 1;
    ++number;
    if (raw.size() > kMaxLineLength)
      throw GameTextError(number, "a line of " + std::to_string(raw.size()) +
                                      " characters, too long for a game text: " + excerpt(raw));
    Line line{number, "", words_of(raw)};
    if (line.words.empty()) continue;  // a line of white space alone (\v and \f too) is blank
    // The server's own words in a connect log are whatever it sent: not checked.
    bool foreign = line.words[0] == "recv" || line.words[0][0] == '#';
    auto bad = std::find_if(raw.begin(), raw.end(), is_control);
    if (!foreign && bad != raw.end())
      throw GameTextError(number, "a control character (" + printable(std::string(1, *bad)) +
                                      ") at column " + std::to_string(bad - raw.begin() + 1) +
                                      ": this is not a game text: " + excerpt(raw));
    for (const std::string& w : line.words) line.text += (line.text.empty() ? "" : " ") + w;
    out.push_back(std::move(line));
  }
  return out;
}

bool starts_with(const std::string& s, std::string_view prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

std::string quoted(const std::string& s) {
  return "'" + excerpt(s) + "'";
}

// A parse error's reason without the text it quotes in full (`... in "TEXT"`).
std::string reason_of(const ParseError& e) {
  std::string what = e.what();
  size_t quote = what.find(" in \"");
  return quote == std::string::npos ? what : what.substr(0, quote);
}

Position position_at(const Line& line, const std::string& text) {
  try {
    ParsedPosition p = parse_position(text);
    return p.position;
  } catch (const ParseError& e) {
    throw GameTextError(line.number, "bad position " + quoted(text) + ": " + reason_of(e));
  }
}

Move move_at(const Line& line, const std::string& text) {
  try {
    return parse_move(text);
  } catch (const ParseError&) {  // its message quotes the whole word
    throw GameTextError(
        line.number, "bad move " + quoted(text) + ": a move is a from- and a to-square, e.g. a5b4");
  }
}

int number_at(const Line& line, const std::string& text, const char* what) {
  if (text.empty() || text.size() > 6 || !std::all_of(text.begin(), text.end(), ::isdigit))
    throw GameTextError(line.number, std::string("expected ") + what + ", not " + quoted(text));
  return std::stoi(text);
}

std::optional<Side> side_word_at(const std::string& w) {
  std::string s = w;
  std::transform(s.begin(), s.end(), s.begin(), ::tolower);
  if (s == "r" || s == "red") return Red;
  if (s == "b" || s == "blue") return Blue;
  return std::nullopt;
}

// The position of a log line's words [i, i+3): ranks, side and die.
std::pair<Position, int> position_with_die(const Line& line, size_t i) {
  if (line.words.size() < i + 3)
    throw GameTextError(line.number, "expected a position with its die");
  std::string text = line.words[i] + " " + line.words[i + 1] + " " + line.words[i + 2];
  try {
    ParsedPosition p = parse_position(text);
    if (!p.die) throw GameTextError(line.number, "the position " + quoted(text) + " has no die");
    return {p.position, *p.die};
  } catch (const ParseError& e) {
    throw GameTextError(line.number, "bad position " + quoted(text) + ": " + reason_of(e));
  }
}

bool mentions(const std::string& text, std::string_view word) {
  return text.find(word) != std::string::npos;
}

// What a declared result's reason ("declared opponent over time") says the game ended by.
RecordEnd declared_end(const std::string& reason) {
  if (mentions(reason, "time")) return RecordEnd::Time;
  if (mentions(reason, "illegal")) return RecordEnd::IllegalMove;
  return RecordEnd::Declaration;
}

// --- a plain list, or the page's game text ---------------------------------------------------

// "[N.] side die move", die 1-6 or ? when not known.
RawTurn list_turn(const Line& line) {
  std::vector<std::string> w = line.words;
  if (!w.empty() && (w[0].back() == '.' || std::all_of(w[0].begin(), w[0].end(), ::isdigit)))
    w.erase(w.begin());
  if (w.size() != 3)
    throw GameTextError(line.number, "expected a turn: side, die and move (e.g. 'r 3 a5b4'), not " +
                                         quoted(line.text));
  RawTurn t;
  t.line = line.number;
  t.side = side_word_at(w[0]);
  if (!t.side) throw GameTextError(line.number, "expected a side (r or b), not " + quoted(w[0]));
  if (w[1] != "?") {
    if (w[1].size() != 1 || w[1][0] < '1' || w[1][0] > '6')
      throw GameTextError(line.number,
                          "expected a die 1-6 (or ? if not known), not " + quoted(w[1]));
    t.die = w[1][0] - '0';
  }
  t.move = move_at(line, w[2]);
  return t;
}

RawGame read_list(const std::vector<Line>& lines) {
  RawGame g;
  g.number = 1;
  for (const Line& line : lines) {
    const std::string& s = line.text;
    if (s[0] == '#') continue;
    if (!g.start) {
      if (starts_with(s, "EinStein")) continue;  // the page's title line
      std::string pos = s;
      for (std::string_view head : {"Setup:", "setup ", "start "})
        if (starts_with(s, head)) pos = trim(s.substr(head.size()));
      g.start = position_at(line, pos);
      g.start_line = line.number;
      continue;
    }
    if (starts_with(s, "Red:")) {  // the page's players: "Red: player; Blue: engine (...)"
      size_t blue = s.find("; Blue:");
      if (blue != std::string::npos) {
        g.players[Red] = trim(s.substr(4, blue - 4));
        g.players[Blue] = trim(s.substr(blue + 7));
      }
      continue;
    }
    if (starts_with(s, "Moves")) continue;  // the page's header of the turns
    if (starts_with(s, "Result:")) {
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

// --- ewn play's log ----------------------------------------------------------------------------

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

std::vector<RawGame> read_play_log(const std::vector<Line>& lines) {
  std::map<int, PlayLogGame> games;
  PlayLogGame* cur = nullptr;
  PlayLogSummary* summary = nullptr;  // being read
  auto need_game = [&](const Line& line) -> PlayLogGame& {
    if (!cur) throw GameTextError(line.number, "a game's line before its 'game' line");
    return *cur;
  };
  for (const Line& line : lines) {
    const auto& w = line.words;
    const std::string& key = w[0];
    if (key[0] == '#') continue;
    if (key == "game" || (key == "reopen" && w.size() >= 3 && w[1] == "game")) {
      size_t at = key == "game" ? 1 : 2;
      int n = number_at(line, w.size() > at ? w[at] : "", "a game number");
      cur = &games[n];
      cur->raw.number = n;
      summary = nullptr;
      std::string mode, engine;
      for (const std::string& word : w) {
        if (starts_with(word, "mode=")) mode = word.substr(5);
        if (starts_with(word, "engine=")) engine = word.substr(7);
      }
      if (auto side = side_word_at(engine)) {
        cur->raw.players[*side] = "engine";
        cur->raw.players[opposite(*side)] = mode == "operator" ? "opponent" : "player";
      }
    } else if (key == "setup" || key == "position") {
      PlayLogGame& g = need_game(line);
      g.raw.start = position_at(line, trim(line.text.substr(key.size())));
      g.raw.start_line = line.number;
      g.turn_lines.clear();
    } else if (key == "turn") {
      PlayLogGame& g = need_game(line);
      if (w.size() < 6) throw GameTextError(line.number, "expected 'turn N POSITION DIE MOVE ...'");
      int n = number_at(line, w[1], "a turn number");
      auto [before, die] = position_with_die(line, 2);
      RawTurn t{line.number, before.to_move, die, move_at(line, w[5]), before};
      g.turn_lines.erase(g.turn_lines.lower_bound(n), g.turn_lines.end());
      g.turn_lines[n] = t;
    } else if (key == "undo") {
      PlayLogGame& g = need_game(line);
      if (w.size() >= 3 && w[1] == "turn")
        g.turn_lines.erase(g.turn_lines.lower_bound(number_at(line, w[2], "a turn number")),
                           g.turn_lines.end());
      else if (w.size() >= 4 && w[1] == "to" && w[2] == "turn")
        g.turn_lines.erase(g.turn_lines.lower_bound(number_at(line, w[3], "a turn number")),
                           g.turn_lines.end());
    } else if (key == "result") {
      PlayLogGame& g = need_game(line);
      g.summary.emplace();
      summary = &*g.summary;
      summary->result_line = line.number;
      if (w.size() >= 2) summary->winner = side_word_at(w[1]);
      // "result red engine declared opponent over time": the operator's declaration.
      if (w.size() >= 4 && w[3] == "declared") summary->end = declared_end(line.text);
    } else if (key == "start" || key == "dice" || key == "moves") {
      if (!summary) throw GameTextError(line.number, "'" + key + "' outside a game's summary");
      if (key == "start") {
        summary->start = position_at(line, trim(line.text.substr(key.size())));
        summary->start_line = line.number;
      }
      for (size_t i = 1; key == "dice" && i < w.size(); ++i)
        summary->dice.push_back({number_at(line, w[i], "a die"), line.number});
      for (size_t i = 1; key == "moves" && i < w.size(); ++i)
        summary->moves.push_back({move_at(line, w[i]), line.number});
    } else if (key == "match" || key == "declare" || key == "clock") {
      // The match's score, declared results and clock settings: not moves.
    } else {
      throw GameTextError(line.number, "not a line of an ewn play log: " + quoted(line.text));
    }
  }
  std::vector<RawGame> out;
  for (auto& [n, g] : games) {
    RawGame raw = g.raw;
    raw.turns.clear();
    if (g.summary && g.summary->start) {
      const auto& s = *g.summary;
      if (s.dice.size() != s.moves.size())
        throw GameTextError(s.result_line, "the summary has " + std::to_string(s.dice.size()) +
                                               " dice but " + std::to_string(s.moves.size()) +
                                               " moves");
      raw.start = s.start;
      raw.start_line = s.start_line;
      for (size_t i = 0; i < s.moves.size(); ++i) {
        RawTurn t{s.moves[i].second, std::nullopt, s.dice[i].first, s.moves[i].first, {}};
        // The turn's own line, when the log has it for the same move.
        auto it = g.turn_lines.find(int(i) + 1);
        if (it != g.turn_lines.end() && it->second.move == t.move) t.line = it->second.line;
        raw.turns.push_back(t);
      }
      raw.stated_winner = s.winner;
      raw.stated_end = s.end;
      raw.result_line = s.result_line;
    } else {
      int expected = 1;
      for (auto& [number, t] : g.turn_lines) {
        if (number != expected++)
          throw GameTextError(t.line, "turn " + std::to_string(number) + " follows turn " +
                                          std::to_string(expected - 2));
        raw.turns.push_back(t);
      }
    }
    if (!raw.start) {
      if (raw.turns.empty()) continue;  // a game that never started
      raw.start = raw.turns.front().stated_before;
      raw.start_line = raw.turns.front().line;
    }
    out.push_back(std::move(raw));
  }
  return out;
}

// --- ewn connect's log ---------------------------------------------------------------------------

// What the reason of a connect log's result says the game ended by: nullopt on the board (the
// log does not hold the opponent's winning move), else off it.
std::optional<RecordEnd> connect_end(const std::string& text) {
  if (mentions(text, "reached the corner") || mentions(text, "took the last piece") ||
      mentions(text, "could win at once"))
    return std::nullopt;
  if (mentions(text, " lost on time") || mentions(text, "after the server's limit"))
    return RecordEnd::Time;
  if (mentions(text, "had not answered")) return RecordEnd::Time;  // the server stopped waiting
  return RecordEnd::Declaration;  // the server stopped the game or refused the engine's answer
}

std::vector<RawGame> read_connect_log(const std::vector<Line>& lines) {
  std::vector<RawGame> games;
  std::vector<RawTurn> pending;  // opponent moves before the game's first known position
  int engine = -1;               // the engine's side in the current game (-1: not said)
  for (const Line& line : lines) {
    const auto& w = line.words;
    const std::string& key = w[0];
    if (key[0] == '#') continue;
    if (key == "game") {
      RawGame g;
      g.number = number_at(line, w.size() > 1 ? w[1] : "", "a game number");
      g.result_may_lack_last_move = true;
      engine = -1;
      if (w.size() > 2 && starts_with(w[2], "engine=")) {
        if (auto side = side_word_at(w[2].substr(7))) {
          engine = *side;
          g.players[*side] = "engine";
          g.players[opposite(*side)] = "opponent";
        }
      }
      games.push_back(std::move(g));
      pending.clear();
    } else if (key == "opponent" || key == "turn") {
      if (games.empty()) throw GameTextError(line.number, "a move before the first 'game' line");
      RawGame& g = games.back();
      if (key == "opponent") {
        if (w.size() < 2) throw GameTextError(line.number, "expected 'opponent MOVE'");
        RawTurn t{line.number, std::nullopt, std::nullopt, move_at(line, w[1]), {}};
        if (g.start)
          g.turns.push_back(t);
        else
          pending.push_back(t);
        continue;
      }
      if (w.size() < 5) throw GameTextError(line.number, "expected 'turn POSITION DIE MOVE ...'");
      auto [before, die] = position_with_die(line, 1);
      if (!g.start) {
        g.start = before;
        g.start_line = line.number;
        if (!pending.empty())
          g.notes.push_back("game " + std::to_string(g.number) +
                            ": the opponent's moves before the engine's first turn are not "
                            "analysed (the log does not give the position they were played in)");
      }
      g.turns.push_back({line.number, before.to_move, die, move_at(line, w[4]), before});
    } else if (key == "result") {
      if (games.empty()) throw GameTextError(line.number, "a result before the first 'game' line");
      RawGame& g = games.back();
      // "result game N won (...)": the engine's result.
      if (engine >= 0 && w.size() >= 4 && (w[3] == "won" || w[3] == "lost")) {
        Side e = Side(engine);
        g.stated_winner = w[3] == "won" ? e : opposite(e);
        g.result_line = line.number;
        g.stated_end = connect_end(line.text);
      }
    } else if (key == "connect" || key == "recv" || key == "close" || key == "note" ||
               key == "error" || key == "summary") {
      // The connection and the server's messages: the moves are in the turn lines.
    } else {
      throw GameTextError(line.number, "not a line of an ewn connect log: " + quoted(line.text));
    }
  }
  std::vector<RawGame> out;
  for (RawGame& g : games)
    if (g.start) out.push_back(std::move(g));
  return out;
}

// --- ewn match's log ---------------------------------------------------------------------------

// "game N round R red=A blue=B first=red", the players, then setup, dice, moves, times, result.
std::vector<RawGame> read_match_log(const std::vector<Line>& lines) {
  std::vector<RawGame> games;
  std::vector<std::pair<int, int>> dice;  // die, line
  auto need_game = [&](const Line& line) -> RawGame& {
    if (games.empty()) throw GameTextError(line.number, "a game's line before its 'game' line");
    return games.back();
  };
  auto finish = [&] {
    if (games.empty()) return;
    RawGame& g = games.back();
    // A move that was not legal is not logged, its die is: the game ended before that turn.
    if (g.stated_end == RecordEnd::IllegalMove && dice.size() == g.turns.size() + 1) {
      g.notes.push_back("game " + std::to_string(g.number) + ": the illegal move of its last turn" +
                        " (die " + std::to_string(dice.back().first) +
                        ") is not in the log and not analysed");
      dice.pop_back();
    }
    if (dice.size() != g.turns.size())
      throw GameTextError(g.turns.empty() ? dice.front().second : g.turns.front().line,
                          "game " + std::to_string(g.number) + " has " +
                              std::to_string(dice.size()) + " dice but " +
                              std::to_string(g.turns.size()) + " moves");
    for (size_t i = 0; i < dice.size(); ++i) g.turns[i].die = dice[i].first;
    dice.clear();
  };
  for (const Line& line : lines) {
    const auto& w = line.words;
    const std::string& key = w[0];
    if (key[0] == '#' || key == "times") continue;
    if (key == "A" || key == "B") {  // the players' specs
      RawGame& g = need_game(line);
      std::string spec = trim(line.text.substr(1));
      for (int side : {Red, Blue})
        if (g.players[side] == key) g.players[side] = spec;
      continue;
    }
    if (key == "game") {
      finish();
      RawGame& g = games.emplace_back();
      g.number = number_at(line, w.size() > 1 ? w[1] : "", "a game number");
      for (const std::string& word : w) {  // red=A blue=B: replaced by the specs that follow
        if (starts_with(word, "red=")) g.players[Red] = word.substr(4);
        if (starts_with(word, "blue=")) g.players[Blue] = word.substr(5);
      }
    } else if (key == "setup") {
      RawGame& g = need_game(line);
      g.start = position_at(line, trim(line.text.substr(key.size())));
      g.start_line = line.number;
    } else if (key == "dice") {
      need_game(line);
      for (size_t i = 1; i < w.size(); ++i)
        dice.push_back({number_at(line, w[i], "a die"), line.number});
    } else if (key == "moves") {
      RawGame& g = need_game(line);
      for (size_t i = 1; i < w.size(); ++i)
        g.turns.push_back({line.number, std::nullopt, std::nullopt, move_at(line, w[i]), {}});
    } else if (key == "result") {
      RawGame& g = need_game(line);
      g.stated_winner = w.size() > 1 ? side_word_at(w[1]) : std::nullopt;
      g.result_line = line.number;
      // "result red A time": the end, as player/match.cpp names it.
      if (w.size() > 3 && w[3] == "time") g.stated_end = RecordEnd::Time;
      if (w.size() > 3 && w[3] == "illegal") g.stated_end = RecordEnd::IllegalMove;
    } else {
      throw GameTextError(line.number, "not a line of an ewn match log: " + quoted(line.text));
    }
  }
  finish();
  std::vector<RawGame> out;
  for (RawGame& g : games)
    if (g.start) out.push_back(std::move(g));
  return out;
}

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

GameFormat detect(const std::vector<Line>& lines) {
  for (const Line& line : lines) {
    const auto& w = line.words;
    if (starts_with(line.text, "# ewn connect") || w[0] == "connect") return GameFormat::ConnectLog;
    if (starts_with(line.text, "# ewn play") ||
        (w[0] == "game" && w.size() > 2 && starts_with(w[2], "mode=")))
      return GameFormat::PlayLog;
    if (w[0] == "game" && w.size() > 2 && starts_with(w[2], "engine="))
      return GameFormat::ConnectLog;
    if (w[0] == "game" && w.size() > 2 && w[2] == "round") return GameFormat::MatchLog;
    if (line.text[0] == '#') continue;
    return starts_with(line.text, "EinStein") ? GameFormat::Page : GameFormat::List;
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
    }
  }
  return out;
}

}  // namespace ewn
