#include "game_text.h"

#include <algorithm>

#include "game_log.h"
#include "notation.h"
#include "printable.h"

namespace ewn::game_text {

namespace {

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

// A parse error's reason without the text it quotes in full (`... in "TEXT"`).
std::string reason_of(const ParseError& e) {
  std::string what = e.what();
  size_t quote = what.find(" in \"");
  return quote == std::string::npos ? what : what.substr(0, quote);
}

}  // namespace

std::string trim(std::string_view s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return "";
  size_t e = s.find_last_not_of(" \t\r");
  return std::string(s.substr(b, e - b + 1));
}

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
      throw GameTextError(number,
                          "a line of " + std::to_string(raw.size()) +
                              " characters, too long for a game text: " + quoted_excerpt(raw));
    Line line{number, "", words_of(raw), ""};
    if (line.words.empty()) continue;  // a line of white space alone (\v and \f too) is blank
    // The server's own words in a connect log are whatever it sent: not checked.
    bool foreign = line.words[0] == game_log::kRecv || line.words[0][0] == '#';
    auto bad = std::find_if(raw.begin(), raw.end(), is_control);
    if (!foreign && bad != raw.end())
      line.problem = "a control character (" + printable(std::string(1, *bad)) + ") at column " +
                     std::to_string(bad - raw.begin() + 1) +
                     ": this is not a game text: " + quoted_excerpt(raw);
    for (const std::string& w : line.words) line.text += (line.text.empty() ? "" : " ") + w;
    out.push_back(std::move(line));
  }
  return out;
}

void check(const Line& line) {
  if (!line.problem.empty()) throw GameTextError(line.number, line.problem);
}

void keep_unreadable(RawGame& game, const GameTextError& error) {
  if (game.unreadable) return;
  game.unreadable = error;
  game.unreadable->set_game(game.number);
}

bool starts_with(const std::string& s, std::string_view prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

Position position_at(const Line& line, const std::string& text) {
  try {
    ParsedPosition p = parse_position(text);
    return p.position;
  } catch (const ParseError& e) {
    throw GameTextError(line.number, "bad position " + quoted_excerpt(text) + ": " + reason_of(e));
  }
}

Move move_at(const Line& line, const std::string& text) {
  try {
    return parse_move(text);
  } catch (const ParseError&) {  // its message quotes the whole word
    throw GameTextError(line.number, "bad move " + quoted_excerpt(text) +
                                         ": a move is a from- and a to-square, e.g. a5b4");
  }
}

int number_at(const Line& line, const std::string& text, const char* what) {
  if (text.empty() || text.size() > 6 || !std::all_of(text.begin(), text.end(), ::isdigit))
    throw GameTextError(line.number,
                        std::string("expected ") + what + ", not " + quoted_excerpt(text));
  return std::stoi(text);
}

std::optional<Side> side_word_at(const std::string& w) {
  std::string s = w;
  std::transform(s.begin(), s.end(), s.begin(), ::tolower);
  if (s == "r" || s == "red") return Red;
  if (s == "b" || s == "blue") return Blue;
  return std::nullopt;
}

std::pair<Position, int> position_with_die(const Line& line, size_t i) {
  if (line.words.size() < i + 3)
    throw GameTextError(line.number, "expected a position with its die");
  std::string text = line.words[i] + " " + line.words[i + 1] + " " + line.words[i + 2];
  try {
    ParsedPosition p = parse_position(text);
    if (!p.die)
      throw GameTextError(line.number, "the position " + quoted_excerpt(text) + " has no die");
    return {p.position, *p.die};
  } catch (const ParseError& e) {
    throw GameTextError(line.number, "bad position " + quoted_excerpt(text) + ": " + reason_of(e));
  }
}

bool mentions(const std::string& text, std::string_view word) {
  return text.find(word) != std::string::npos;
}

}  // namespace ewn::game_text
