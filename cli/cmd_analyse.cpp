// ewn analyse: a played game judged turn by turn, the skill and the luck of each side.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <variant>

#include "analysis_answer.h"
#include "analysis_report.h"
#include "analysis_summary.h"
#include "commands.h"
#include "failures.h"
#include "json.h"
#include "notation.h"
#include "printable.h"
#include "side_names.h"
#include "table_format.h"
#include "tables_dir.h"

namespace ewn::cli {

namespace {

struct AnalyseOptions {
  std::string game = "-";
  std::string tables;
  uint64_t nodes = kDefaultAnalysisNodes;
  int number = 0;  // 0: the last game of the text
  int threads = 0;
  bool all = false;
  bool json = false;
  std::string html;  // also write the HTML report here
};

std::string read_input(const std::string& name) {
  std::ostringstream text;
  if (name == "-") {
    text << std::cin.rdbuf();
    return text.str();
  }
  std::error_code ec;
  if (std::filesystem::is_directory(name, ec))
    throw std::runtime_error("'" + printable(name) + "' is a directory, not a game file");
  std::ifstream in(name, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read the game file '" + printable(name) + "'");
  text << in.rdbuf();
  return text.str();
}

std::string signed_value(double v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%+.3f", v);
  return buf;
}

std::string value_text(double v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.3f", v);
  return buf;
}

// One character a turn for the chart's marks row.
char mark_char(const TurnAnalysis& t) {
  const char* m = t.mark();
  if (!m) return ' ';
  return m[0] == 'b' ? 'X' : m[0] == 'm' ? '?' : '\'';
}

// Red's win probability before each turn, one column a turn (a few turns a column when the
// game is longer than the chart is wide), and below it the turns' marks.
void print_chart(const GameAnalysis& a) {
  constexpr int kRows = 9, kWidth = 64;
  size_t n = a.turns.size();
  if (n == 0) return;
  size_t per = (n + kWidth - 1) / kWidth;
  size_t columns = (n + per - 1) / per;
  std::vector<std::string> rows(kRows, std::string(columns, ' '));
  std::string marks(columns, ' ');
  for (size_t c = 0; c < columns; ++c) {
    const TurnAnalysis& t = a.turns[c * per];
    int row = int(std::lround(t.red_value() * (kRows - 1)));
    rows[size_t(kRows - 1 - row)][c] = t.exact ? '*' : 'o';
    for (size_t i = c * per; i < std::min(n, (c + 1) * per); ++i)
      if (mark_char(a.turns[i]) != ' ' && marks[c] != 'X')
        marks[c] = marks[c] == '?' && mark_char(a.turns[i]) == '\'' ? '?' : mark_char(a.turns[i]);
  }
  std::cout << "\nRed's win probability before each turn (* exact, o estimate"
            << (per > 1 ? ", " + std::to_string(per) + " turns a column" : std::string()) << ")\n";
  for (int r = 0; r < kRows; ++r) {
    const char* label = r == 0           ? "100%"
                        : r == kRows / 2 ? " 50%"
                        : r == kRows - 1 ? "  0%"
                                         : "    ";
    std::cout << label << " |" << rows[size_t(r)] << "\n";
  }
  std::cout << "     +" << std::string(columns, '-') << "\n";
  std::cout << "      " << marks << "  marks: X blunder, ? mistake, ' inaccuracy\n";
}

// The die column: the die, or "?" and the die assumed when the record does not give it.
std::string die_text(const TurnAnalysis& t) {
  if (t.die) return std::to_string(*t.die);
  return "?" + (t.assumed_die ? std::to_string(*t.assumed_die) : std::string());
}

void print_text(const GameAnalysis& a, const std::string& engine_note) {
  const GameRecord& g = a.game;
  std::cout << "Game " << g.number << (g.games > 1 ? " of " + std::to_string(g.games) : "") << " ("
            << game_format_name(g.format) << "), " << a.turns.size()
            << (a.turns.size() == 1 ? " turn, " : " turns, ")
            << how_game_ended(g.winner, g.game_end) << "\n";
  std::cout << "Start: " << format_position(g.start) << "\n";
  std::cout << "Values: exact from the tables where they reach, else the engine's estimate at "
            << a.nodes << " nodes (" << engine_note << ")\n\n";
  std::cout
      << "turn side die move  value  luck    played  best   best-v   lost  mark        roll\n";
  for (const TurnAnalysis& t : a.turns) {
    char line[160];
    const char* luck_mark = t.die ? t.luck_mark() : nullptr;
    std::snprintf(line, sizeof line, "%4d %-4s %3s %-5s %s%s %-7s %s  %-5s  %s  %s  %-10s  %s",
                  t.turn, side_name(t.before.to_move), die_text(t).c_str(),
                  format_move(t.move).c_str(), value_text(t.value).c_str(), t.exact ? " " : "~",
                  t.die ? signed_value(t.luck).c_str() : "   ?", value_text(t.move_value).c_str(),
                  format_move(t.best_move).c_str(), value_text(t.die_value).c_str(),
                  value_text(t.value_lost).c_str(),
                  t.mark() ? t.mark() : (t.choices == 1 ? "forced" : ""),
                  luck_mark ? luck_mark : "");
    std::string shown = line;
    shown.erase(shown.find_last_not_of(' ') + 1);
    std::cout << shown << "\n";
  }
  std::cout << "(value: the mover's win probability before its roll; luck: what the roll changed;"
               " played, best-v: after the move played, after the best move; roll: the luck's"
               " mark, from 0.10 lucky, from 0.25 very lucky"
            << (std::any_of(a.turns.begin(), a.turns.end(), [](const auto& t) { return !t.die; })
                    ? "; ?N: the die is not in the record, N is the die assumed, the one best for"
                      " the move played"
                    : "")
            << (std::all_of(a.turns.begin(), a.turns.end(), [](const auto& t) { return t.exact; })
                    ? ""
                    : "; ~: the engine's estimate, not exact")
            << ")\n";
  print_chart(a);
  std::cout << "\n        luck     lost  per choice  inaccuracies  mistakes  blunders\n";
  for (Side s : {Red, Blue}) {
    const SideSummary& sum = a.side(s);
    char line[160];
    std::snprintf(line, sizeof line, "%-6s %s  %6.3f  %10.4f  %12d  %8d  %8d", side_name(s),
                  signed_value(sum.luck).c_str(), sum.value_lost, sum.value_lost_mean(),
                  sum.inaccuracies, sum.mistakes, sum.blunders);
    std::cout << line << "\n";
  }
  std::cout << "\n        result  luck-adjusted  per choice (+- se)  rating\n";
  for (Side s : {Red, Blue}) {
    SideVerdict v = side_verdict(a, s);
    char line[160];
    std::snprintf(line, sizeof line, "%-6s  %6s  %13s  %8.4f +- %.4f  %s", side_name(s),
                  v.result ? value_text(*v.result).substr(0, 1).c_str() : "-",
                  v.luck_adjusted ? value_text(*v.luck_adjusted).c_str() : "-", v.losses.mean(),
                  v.losses.mean_se(), v.rating);
    std::cout << line << "\n";
  }
  for (const std::string& note : g.notes) std::cout << "Note: " << note << "\n";
}

// --all: the totals over the games, and each player's value lost by the pieces on the board.
void print_summary(const LogTotals& totals) {
  std::cout << "\n" << all_games_words(totals.games) << ":";
  const char* separator = " ";
  for (size_t e = 0; e < totals.ends.size(); ++e) {  // by RecordEnd, in its order
    if (!totals.ends[e]) continue;
    std::cout << separator << totals.ends[e] << " " << record_end_words(RecordEnd(e));
    separator = ", ";
  }
  std::cout << "\nplayer                games  wins   luck  luck-adj. score  choices  per choice "
               "(+- se)  rating        blunders\n";
  for (const PlayerTotals& p : totals.players) {
    char line[200];
    std::string adjusted = p.finished ? value_text(p.luck_adjusted / p.finished) : "-";
    std::snprintf(line, sizeof line, "%-20s  %5d  %4d  %s  %15s  %7d  %8.4f +- %.4f  %-12s  %8d",
                  printable(p.name).substr(0, 20).c_str(), p.games, p.wins,
                  signed_value(p.luck).c_str(), adjusted.c_str(), p.losses.choices, p.losses.mean(),
                  p.losses.mean_se(), p.rating(), p.blunders);
    std::cout << line << "\n";
  }
  std::cout << "\nValue lost per move with a choice by the pieces on the board (moves; blunders)\n"
            << "pieces";
  for (const PlayerTotals& p : totals.players) {
    char head[32];
    std::snprintf(head, sizeof head, "  %20s", printable(p.name).substr(0, 20).c_str());
    std::cout << head;
  }
  std::cout << "\n";
  for (int n = kMaxTablePieces; n >= kMinTablePieces; --n) {
    std::string row;
    bool any = false;
    for (const PlayerTotals& p : totals.players) {
      const LossStats& e = p.by_pieces[size_t(n)];
      char cell[64] = "";
      if (e.choices)
        std::snprintf(cell, sizeof cell, "%.4f (%d; %d)", e.mean(), e.choices, e.blunders);
      char padded[64];
      std::snprintf(padded, sizeof padded, "  %20s", cell);
      row += padded;
      any = any || e.choices;
    }
    if (any) std::cout << (n < 10 ? "     " : "    ") << n << row << "\n";
  }
  for (const UnreadGame& u : totals.unread)
    std::cout << "Not analysed: " << (u.game ? "game " + std::to_string(u.game) + ", " : "")
              << printable(u.error) << "\n";
}

// The games the text holds (--all: every one that can be read, the others in `unread`), or the
// failure's exit code.
std::variant<std::vector<GameRecord>, int> read_games_asked(const AnalyseOptions& opt,
                                                            const std::string& where,
                                                            std::vector<UnreadGame>& unread) {
  std::vector<GameRecord> games;
  try {
    std::string text = read_input(opt.game);
    if (!opt.all) {
      games.push_back(read_game(text, opt.number ? std::optional<int>(opt.number) : std::nullopt));
      return games;
    }
    std::vector<GameTextError> refused;
    games = read_games(text, &refused);
    for (const GameTextError& e : refused) {
      unread.push_back({e.game(), e.line(), e.what()});
      std::cerr << "ewn analyse: " << where << ": "
                << (e.game() ? "game " + std::to_string(e.game()) + ": " : std::string())
                << printable(e.what()) << " (not analysed)\n";
    }
    return games;
  } catch (const GameTextError& e) {
    return fail("analyse", opt.json, Failure::BadGameText, where + ": " + printable(e.what()));
  } catch (const std::exception& e) {
    // The game's file cannot be read.
    return fail("analyse", opt.json, Failure::BadUse, printable(e.what()));
  }
}

// Every game analysed and shown as text or JSON; --all: the totals after them; --html: the
// report.
int analyse_games(const std::vector<GameRecord>& games, LogTotals& totals,
                  const AnalyseOptions& opt, AnalysisEngine& engine, const std::string& note) {
  AnalysisOptions options;
  options.nodes = opt.nodes;
  options.threads = opt.threads;  // 0: one per core
  std::vector<Json> documents;    // for the HTML report
  for (const GameRecord& game : games) {
    GameAnalysis a;
    try {
      a = analyse_game(game, engine, options);
    } catch (const std::exception& e) {
      return fail("analyse", opt.json, e);
    }
    totals.add(a);
    if (!opt.html.empty()) documents.push_back(analysis_answer(a));
    if (opt.json) {
      print_json(analysis_answer(a));
    } else {
      if (&game != &games.front()) std::cout << "\n";
      print_text(a, note);
    }
    std::cout.flush();
  }
  if (opt.all) {
    if (opt.json)
      print_json(analysis_summary_answer(totals));
    else
      print_summary(totals);
  }
  if (!opt.html.empty()) {
    std::ofstream out(opt.html, std::ios::binary);
    out << analysis_report_html(documents, analysis_summary_answer(totals)["summary"]);
    if (!out.flush())
      return fail("analyse", opt.json, Failure::Unavailable,
                  "cannot write the report '" + printable(opt.html) + "'");
  }
  return 0;
}

int run_analyse(const AnalyseOptions& opt, bool tables_given) {
  std::string where = opt.game == "-" ? "stdin" : printable(opt.game);
  LogTotals totals;
  auto read = read_games_asked(opt, where, totals.unread);
  if (const int* code = std::get_if<int>(&read)) return *code;
  const std::vector<GameRecord>& games = std::get<std::vector<GameRecord>>(read);
  // Without --tables, the default directory when it exists; otherwise estimates everywhere.
  std::string dir = opt.tables;
  std::error_code ec;
  std::string note;
  if (!tables_given && !std::filesystem::is_directory(dir, ec)) dir = "none";
  AnalysisEngine engine;
  try {
    engine = open_analysis_engine(dir, note);
  } catch (const std::exception& e) {
    return fail("analyse", opt.json, failure_of_given_file(e), printable(e.what()));
  }
  if (dir == "none" && !tables_given)
    note = "no table directory '" + printable(opt.tables) + "': every value is an estimate";
  if (!games.empty()) {
    const GameRecord& last = games.back();
    if (last.games > 1 && !opt.number && !opt.all && !opt.json)
      std::cerr << "ewn analyse: the text holds " << last.games << " games; this is game "
                << last.number << " (choose another with --game N, or --all)\n";
  }
  if (int code = analyse_games(games, totals, opt, engine, note)) return code;
  // A game of the log that could not be read: its exit code, after the others are analysed.
  return totals.unread.empty() ? 0 : ways_of(Failure::BadGameText).exit_code;
}

}  // namespace

void register_analyse(CLI::App& app) {
  auto opt = std::make_shared<AnalyseOptions>();
  auto* cmd = app.add_subcommand("analyse", "Judge a played game: each side's skill and luck");
  cmd->footer(
      "Reads a game: the text the web page copies (Copy game as text), a log of ewn play (also\n"
      "--operator), ewn connect or ewn match (its last game unless --game N or --all), or a\n"
      "plain list: a setup position line, then one turn a line, 'side die move' (e.g. 'r 3\n"
      "a5b4'; die ? if not known). For every turn it prints the mover's win probability before the "
      "roll (value),\n"
      "the roll's luck (the value after the roll with best play, minus before), the move played\n"
      "and its value, the best move and its value, the value lost (the win probability the move\n"
      "gave away) and a mark: inaccuracy from 0.02, mistake from 0.05, blunder from 0.10. Values\n"
      "are exact where the tables cover the position, elsewhere the engine's estimate to\n"
      "--nodes (marked ~; the same on every run). Then Red's win probability as a chart, and per\n"
      "side the total luck, the total value lost, the mean value lost of the turns with a choice\n"
      "and the marks.\n"
      "--json prints the same as one document (docs/ANALYSIS.md lists its fields); with --all\n"
      "every game of a log is analysed, one document a line, then the totals over the games\n"
      "({\"summary\": ...}); a game that cannot be analysed is named, the others go on, and the\n"
      "exit code says a game text could not be read. A game text that cannot be read names the\n"
      "line. --html FILE also writes the analysis as a page to keep or share (no external\n"
      "files).\n\n"
      "Examples:\n"
      "  ewn analyse game.txt\n"
      "  ewn analyse ewn-play.log --game 1 --json\n"
      "  ewn analyse match.log --all --json\n"
      "  ewn analyse --tables none --nodes 100000 < game.txt");
  cmd->add_option("game", opt->game, "The game's file, or - for stdin (the default)");
  auto* tables = add_tables_option(cmd, opt->tables, "Directory of table files, or none");
  cmd->add_option("--nodes", opt->nodes,
                  "The engine's budget for each position the tables do not cover")
      ->check(CLI::Range(kMinAnalysisNodes, kMaxAnalysisNodes))
      ->capture_default_str();
  auto* number = cmd->add_option("--game", opt->number, "Which game of a log (default: its last)")
                     ->check(CLI::Range(1, 1'000'000));
  cmd->add_flag("--all", opt->all, "Every game of a log (--json: one document a line)")
      ->excludes(number);
  cmd->add_option("--threads", opt->threads, "Turns analysed at once (default: the cores)")
      ->check(CLI::Range(1, 256));
  cmd->add_flag("--json", opt->json, "One JSON document");
  cmd->add_option("--html", opt->html,
                  "Also write the analysis (with --all, of every game and their totals) as an "
                  "HTML page to this file");
  std::vector<Failure> failures = table_failures();
  failures.insert(failures.begin(), Failure::BadGameText);
  failures.push_back(Failure::Unavailable);
  list_exit_codes(cmd, failures);
  cmd->callback([opt, tables] { set_exit_code(run_analyse(*opt, tables->count() > 0)); });
}

}  // namespace ewn::cli
