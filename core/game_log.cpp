#include "game_log.h"

#include <cstdio>

#include "notation.h"
#include "side_names.h"

namespace ewn::game_log {

namespace {

// `format` of one number, as printf writes it.
std::string printed(const char* format, double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, x);
  return buf;
}

std::string account_text(const EngineAccount& a) {
  std::string out;
  if (a.value >= 0) out += printed(" move_value=%.4f", a.value);
  out += a.exact ? std::string(" exact") : " depth=" + std::to_string(a.depth);
  return out;
}

std::string titled(const std::string& title, const std::string& notes) {
  return title + ": " + notes + "; positions and moves in SPEC section 3 notation\n";
}

}  // namespace

std::string setup_line(const Position& start) {
  return std::string(kSetup) + " " + format_position(start) + "\n";
}

std::string dice_line(const std::vector<int>& dice) {
  std::string out = kDice;
  for (int d : dice) out += " " + std::to_string(d);
  return out + "\n";
}

std::string moves_line(const std::vector<Move>& moves) {
  std::string out = kMoves;
  for (Move m : moves) out += " " + format_move(m);
  return out + "\n";
}

// --- ewn match ---------------------------------------------------------------------------------

std::string match_game_line(int number, int round, Side a_side, Side first) {
  return std::string(kGame) + " " + std::to_string(number) + " " + kRound + " " +
         std::to_string(round) + " " + kRedIs + (a_side == Red ? kPlayerA : kPlayerB) + " " +
         kBlueIs + (a_side == Blue ? kPlayerA : kPlayerB) + " " + kFirstIs + side_word(first) +
         "\n";
}

std::string match_player_line(const char* player, const std::string& spec) {
  return std::string(player) + " " + spec + "\n";
}

std::string times_line(const std::vector<double>& move_ms) {
  std::string out = kTimes;
  for (double ms : move_ms) out += printed(" %.1f", ms);
  return out + "\n";
}

std::string fault_line(const std::string& why) {
  std::string out = std::string(kFault) + " " + why;
  for (char& c : out)
    if (c == '\n' || c == '\r') c = ' ';
  return out + "\n";
}

std::string match_result_line(Side winner, bool a_won, const char* end) {
  return std::string(kResult) + " " + side_word(winner) + " " + (a_won ? kPlayerA : kPlayerB) +
         " " + end + "\n";
}

// --- ewn play ----------------------------------------------------------------------------------

std::string play_title(bool operator_mode, const std::string& notes) {
  return titled(std::string(kPlayTitle) + (operator_mode ? " --operator" : ""), notes);
}

std::string play_game_line(int number, bool operator_mode, Side engine, Side first,
                           std::optional<char> seat) {
  std::string out = std::string(kGame) + " " + std::to_string(number) + " " + kModeIs +
                    (operator_mode ? kModeOperator : kModePlay) + " " + kEngineIs +
                    side_word(engine) + " " + kFirstIs + side_word(first);
  if (seat) out += std::string(" match=bo7 seat=") + *seat;
  return out + "\n";
}

std::string play_turn_line(const PlayTurn& t) {
  std::string out = std::string(kTurn) + " " + std::to_string(t.index) + " " +
                    format_position(t.before, t.die) + " " + format_move(t.move) + " " +
                    (t.by_engine ? kByEngine : kByOpponent);
  out += " time=" + printed("%.2fs", t.took_seconds);
  if (t.clock_left) out += " clock=" + *t.clock_left;
  if (t.engine) out += account_text(*t.engine);
  return out + "\n";
}

std::string play_summary(std::optional<Side> winner, bool engine_won, const std::string& end,
                         const Position& start, const std::vector<int>& dice,
                         const std::vector<Move>& moves) {
  std::string out = std::string(kResult) + " ";
  if (winner)
    out +=
        std::string(side_word(*winner)) + " " + (engine_won ? kByEngine : kByOpponent) + " " + end;
  else
    out += "none " + (end.empty() ? std::string(kUnfinished) : end);
  out += "\n" + std::string(kStart) + " " + format_position(start) + "\n";
  return out + dice_line(dice) + moves_line(moves) + "\n";
}

std::string reopen_line(int game) {
  return std::string(kReopen) + " " + kGame + " " + std::to_string(game) + "\n";
}

std::string undo_die_line() {
  return std::string(kUndo) + " die\n";
}

std::string undo_turn_line(int turn) {
  return std::string(kUndo) + " " + kTurn + " " + std::to_string(turn) + "\n";
}

std::string undo_to_turn_line(int turn) {
  return std::string(kUndo) + " to " + kTurn + " " + std::to_string(turn) + "\n";
}

std::string position_line(const Position& pos) {
  return std::string(kPosition) + " " + format_position(pos) + "\n";
}

std::string match_score_lines(int engine, int opponent) {
  return std::string(kMatch) + " " + kByEngine + " " + std::to_string(engine) + " - " +
         std::to_string(opponent) + " " + kByOpponent + "\n\n";
}

std::string clock_line(const std::string& engine, const std::optional<std::string>& opponent) {
  std::string out = std::string(kClock) + " " + kEngineIs + engine;
  if (opponent) out += " opponent=" + *opponent;
  return out + "\n";
}

std::string declare_line(const std::string& word, const std::string& reason) {
  return std::string(kDeclare) + " " + word + (reason.empty() ? "" : " " + reason) + "\n";
}

// --- ewn connect -------------------------------------------------------------------------------

std::string connect_title(const std::string& notes) {
  return titled(kConnectTitle, notes);
}

std::string connect_line(const std::string& where, const std::string& name) {
  return std::string(kConnect) + " " + where + " id=" + name + "\n";
}

std::string recv_line(const std::string& message) {
  return std::string(kRecv) + " " + message + "\n";
}

std::string close_line() {
  return std::string(kClose) + "\n";
}

std::string connect_game_line(int number, Side engine) {
  return std::string(kGame) + " " + std::to_string(number) + " " + kEngineIs + side_word(engine) +
         "\n";
}

std::string note_line(const std::string& note) {
  return std::string(kNote) + " " + note + "\n";
}

std::string opponent_line(Move move) {
  return std::string(kOpponent) + " " + format_move(move) + "\n";
}

std::string connect_turn_line(const Position& pos, int die, Move move, const std::string& answer,
                              double took_ms, const EngineAccount& engine) {
  return std::string(kTurn) + " " + format_position(pos, die) + " " + format_move(move) + " send " +
         answer + " time=" + printed("%.0f ms", took_ms) + account_text(engine) + "\n";
}

std::string connect_result_lines(int game, const std::string& outcome, const std::string& how) {
  return std::string(kResult) + " " + kGame + " " + std::to_string(game) + " " + outcome + " (" +
         how + ")\n\n";
}

std::string error_line(const std::string& error) {
  return std::string(kError) + " " + error + "\n";
}

std::string connect_summary_lines(size_t games, int won, int lost, int lost_on_time,
                                  int unfinished) {
  return std::string(kSummary) + " games=" + std::to_string(games) + " won=" + std::to_string(won) +
         " lost=" + std::to_string(lost) + " lost_on_time=" + std::to_string(lost_on_time) +
         " unfinished=" + std::to_string(unfinished) + "\n\n";
}

// --- the page's game text ----------------------------------------------------------------------

std::string page_text(const Position& start, const std::string& red, const std::string& blue,
                      const std::vector<PageTurn>& turns, std::optional<Side> winner) {
  std::string out = std::string(kPageTitle) + "\n";
  out += std::string(kPageSetup) + " " + format_position(start) + "\n";
  out += std::string(kPageRed) + " " + red + kPageBlue + " " + blue + "\n";
  out += std::string(kPageMoves) + "\n";
  for (size_t i = 0; i < turns.size(); ++i)
    out += std::to_string(i + 1) + ". " + side_letter(turns[i].side) + " " +
           std::to_string(turns[i].die) + " " + format_move(turns[i].move) + "\n";
  if (winner) out += std::string(kPageResult) + " " + side_name(*winner) + " " + kPageWins + "\n";
  return out;
}

std::optional<std::pair<std::string, std::string>> page_players(std::string_view line) {
  auto trimmed = [](std::string_view s) {
    size_t first = s.find_first_not_of(' ');
    if (first == std::string_view::npos) return std::string();
    return std::string(s.substr(first, s.find_last_not_of(' ') - first + 1));
  };
  std::string_view red = kPageRed, blue = kPageBlue;
  if (line.substr(0, red.size()) != red) return std::nullopt;
  size_t at = line.find(blue);
  if (at == std::string_view::npos) return std::nullopt;
  return std::make_pair(trimmed(line.substr(red.size(), at - red.size())),
                        trimmed(line.substr(at + blue.size())));
}

}  // namespace ewn::game_log
