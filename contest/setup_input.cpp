#include "setup_input.h"

#include <cctype>
#include <vector>

#include "notation.h"
#include "printable.h"
#include "setup.h"
#include "side_names.h"

namespace ewn {

namespace {

std::vector<std::string> words(std::string_view text) {
  std::vector<std::string> out;
  std::string w;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == ',' || c == '\r') {
      if (!w.empty()) out.push_back(w);
      w.clear();
    } else {
      w += char(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  if (!w.empty()) out.push_back(w);
  return out;
}

// Six digits from the words starting at `i` ("314152" or "3 1 4 1 5 2"); advances i.
bool six_digits(const std::vector<std::string>& w, size_t& i, std::array<int, 6>& out) {
  std::string digits;
  while (i < w.size() && digits.size() < 6 && !w[i].empty() &&
         w[i].find_first_not_of("0123456789") == std::string::npos)
    digits += w[i++];
  if (digits.size() != 6) return false;
  for (size_t k = 0; k < 6; ++k) out[k] = digits[k] - '0';
  return true;
}

const char* kForms =
    "give 'random', 'rolls' and six dice (rolls 3 1 4 1 5 2), each side's numbers on its start "
    "squares (red 123456 blue 654321; a side may say engine or random), or a position in SPEC "
    "notation";

}  // namespace

namespace {

SetupInput failed(std::string why) {
  SetupInput r;
  r.error = std::move(why);
  return r;
}

SetupInput chosen(const SetupChoice& c) {
  SetupInput r;
  r.choice = c;
  return r;
}

// A whole position in SPEC notation.
SetupInput whole_position(std::string_view text) {
  try {
    ParsedPosition p = parse_position(text);
    if (auto w = p.position.winner())
      return failed(std::string("that position is already decided: ") + side_name(*w) + " has won");
    SetupChoice c;
    c.kind = SetupChoice::Whole;
    c.position = p.position;
    return chosen(c);
  } catch (const ParseError& e) {
    return failed(bad_position_message(e));
  }
}

// "rolls 3 1 4 1 5 2": the referee's six dice.
SetupInput rolls(const std::vector<std::string>& w) {
  SetupChoice c;
  size_t i = 1;
  if (!six_digits(w, i, c.rolls) || i != w.size())
    return failed("'rolls' needs exactly six dice 1-6, e.g. rolls 3 1 4 1 5 2");
  for (int d : c.rolls)
    if (d < 1 || d > 6) return failed("'rolls' needs dice 1-6, not " + std::to_string(d));
  c.kind = SetupChoice::Rolls;
  return chosen(c);
}

// How one side is placed, from w[i] on: "engine", "random" or six piece numbers; advances i.
// An empty string, or what is wrong.
std::string side_placed(const std::vector<std::string>& w, size_t& i, const char* name,
                        SideSetup& s) {
  if (i < w.size() && w[i] == "engine") {
    s.kind = SideSetup::Engine;
    ++i;
    return "";
  }
  if (i < w.size() && w[i] == "random") {
    s.kind = SideSetup::Random;
    ++i;
    return "";
  }
  if (!six_digits(w, i, s.order))
    return std::string(name) +
           " needs six piece numbers (a permutation of 1-6, e.g. 123456), engine or random";
  unsigned used = 0;
  for (int n : s.order) {
    if (n < 1 || n > 6 || (used & (1u << n)))
      return std::string(name) + "'s numbers must be 1-6, each once (e.g. 123456)";
    used |= 1u << n;
  }
  s.kind = SideSetup::Given;
  return "";
}

// "red 123456 blue engine": each side's placement.
SetupInput free_setup(const std::vector<std::string>& w) {
  SetupChoice c;
  c.kind = SetupChoice::Free;
  std::array<bool, 2> seen{};
  size_t i = 0;
  while (i < w.size()) {
    std::optional<Side> side = w[i] == side_word(Red)    ? std::optional<Side>(Red)
                               : w[i] == side_word(Blue) ? std::optional<Side>(Blue)
                                                         : std::nullopt;
    if (!side)
      return failed("expected 'red' or 'blue', found " + quoted_excerpt(w[i]) + ": " + kForms);
    const char* name = side_name(*side);
    if (seen[*side]) return failed(std::string(name) + " is given twice");
    seen[*side] = true;
    ++i;
    std::string problem = side_placed(w, i, name, c.sides[*side]);
    if (!problem.empty()) return failed(problem);
  }
  if (!seen[Red] || !seen[Blue])
    return failed(std::string("say how ") + side_name(seen[Red] ? Blue : Red) +
                  " is placed too (numbers, engine or random), e.g. red 123456 blue engine");
  if (c.sides[Red].kind == SideSetup::Engine && c.sides[Blue].kind == SideSetup::Engine)
    return failed("only the engine's own side can be its choice");
  return chosen(c);
}

}  // namespace

SetupInput parse_setup(std::string_view text) {
  std::string_view trimmed = text;
  while (!trimmed.empty() && (trimmed.front() == ' ' || trimmed.front() == '\t'))
    trimmed.remove_prefix(1);
  if (trimmed.find('/') != std::string_view::npos) return whole_position(trimmed);
  std::vector<std::string> w = words(text);
  if (w.empty()) return failed(std::string("no setup given: ") + kForms);
  if (w.size() == 1 && w[0] == "random") {
    SetupChoice c;
    c.kind = SetupChoice::Random;
    return chosen(c);
  }
  if (w[0] == "rolls" || w[0] == "roll" || w[0] == "dice") return rolls(w);
  if (w[0] == side_word(Red) || w[0] == side_word(Blue)) return free_setup(w);
  return failed("could not read " + quoted_excerpt(text) + ": " + kForms);
}

}  // namespace ewn
