#include "analysis_report.h"

#include <cstdio>
#include <string_view>
#include <utility>

#include "game_record.h"
#include "side_names.h"

namespace ewn {

namespace {

std::string escaped(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string text_of(const Json& j) {
  if (j.is_null()) return "";
  if (j.is_string()) return escaped(j.get<std::string>());
  return escaped(j.dump());
}

std::string fixed(const Json& j, const char* format = "%.3f") {
  if (!j.is_number()) return "";
  char buf[32];
  std::snprintf(buf, sizeof buf, format, j.get<double>());
  return buf;
}

std::string side_word(const Json& side) {
  return side == "r" ? "Red" : side == "b" ? "Blue" : "";
}

const char* kStyle = R"(
body { font: 15px/1.4 system-ui, sans-serif; margin: 1.5em auto; max-width: 60em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; }
table { border-collapse: collapse; margin: .5em 0; }
th, td { padding: .15em .6em; text-align: right; border-bottom: 1px solid #ddd; }
th { background: #f3f3f3; } td.l, th.l { text-align: left; }
tr.blunder td { background: #fbd3d3; } tr.mistake td { background: #fde8c8; }
tr.inaccuracy td { background: #fdf6c8; }
.chart { border: 1px solid #ccc; background: #fff; }
.note { color: #555; font-size: .9em; }
code { font-size: .95em; }
)";

// The chart's axis titles, the first and last turn under the x axis, and its legend: the line
// and the colour of each mark (a reader without hover tips or a screen reader sees them too).
std::string chart_axes_and_legend(size_t turns, double left, double top, double width,
                                  double height) {
  char buf[600];
  double bottom = top + height;
  std::snprintf(buf, sizeof buf,
                "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\">1</text>"
                "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\" text-anchor=\"end\">%zu</text>"
                "<text x=\"%.0f\" y=\"%.0f\" font-size=\"12\" text-anchor=\"middle\">turn</text>"
                "<text x=\"12\" y=\"%.0f\" font-size=\"12\" text-anchor=\"middle\" "
                "transform=\"rotate(-90 12 %.0f)\">Red's win probability</text>",
                left, bottom + 14, left + width, bottom + 14, turns, left + width / 2, bottom + 28,
                top + height / 2, top + height / 2);
  std::string out = buf;
  double y = bottom + 46, x = left;
  out += "<g class=\"legend\" font-size=\"11\">";
  std::snprintf(buf, sizeof buf,
                "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#b22\" "
                "stroke-width=\"2\"/><text x=\"%.0f\" y=\"%.0f\">Red's win probability</text>",
                x, y - 4, x + 20, y - 4, x + 24, y);
  out += buf;
  x += 170;
  for (const auto& [mark, colour] : {std::pair{"inaccuracy", "#cb0"}, std::pair{"mistake", "#e80"},
                                     std::pair{"blunder", "#c00"}}) {
    std::snprintf(buf, sizeof buf,
                  "<circle cx=\"%.0f\" cy=\"%.0f\" r=\"5\" fill=\"%s\"/>"
                  "<text x=\"%.0f\" y=\"%.0f\">%s</text>",
                  x + 5, y - 4, colour, x + 14, y, mark);
    out += buf;
    x += 100;
  }
  return out + "</g>";
}

// Red's win probability before each turn, a dot on each marked turn.
std::string chart(const Json& turns) {
  const double width = 640, height = 200, left = 40, top = 10;
  size_t n = turns.size();
  double step = n > 1 ? width / double(n - 1) : width;
  std::string line, dots;
  char buf[160];
  for (size_t i = 0; i < n; ++i) {
    const Json& t = turns[i];
    double x = left + step * double(i), y = top + height * (1 - t["red_value"].get<double>());
    std::snprintf(buf, sizeof buf, "%s%.1f,%.1f", i ? " " : "", x, y);
    line += buf;
    if (t["mark"].is_null()) continue;
    std::string mark = t["mark"].get<std::string>();
    const char* colour = mark == "blunder" ? "#c00" : mark == "mistake" ? "#e80" : "#cb0";
    std::snprintf(buf, sizeof buf,
                  "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"%s\"><title>turn %d: ", x, y,
                  colour, t["turn"].get<int>());
    dots += buf + escaped(mark) + "</title></circle>";
  }
  std::string svg =
      "<svg class=\"chart\" width=\"700\" height=\"270\" viewBox=\"0 0 700 270\" "
      "role=\"img\" aria-label=\"Red's win probability before each turn\">" +
      chart_axes_and_legend(n, left, top, width, height);
  for (int p : {0, 50, 100}) {
    double y = top + height * (1 - p / 100.0);
    std::snprintf(buf, sizeof buf,
                  "<line x1=\"%.0f\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                  "<text x=\"%.0f\" y=\"%.1f\" font-size=\"11\" "
                  "text-anchor=\"end\">%d%%</text>",
                  left, y, left + width, y, left - 4, y + 4, p);
    svg += buf;
  }
  svg += "<polyline fill=\"none\" stroke=\"#b22\" stroke-width=\"2\" points=\"" + line + "\"/>";
  return svg + dots + "</svg>";
}

std::string turns_table(const Json& turns) {
  std::string out =
      "<table><tr><th>turn</th><th class=\"l\">side</th><th>die</th><th class=\"l\">move</th>"
      "<th>value</th><th>luck</th><th>played</th><th class=\"l\">best</th><th>best value</th>"
      "<th>value lost</th><th class=\"l\">mark</th><th class=\"l\">roll</th></tr>\n";
  for (const Json& t : turns) {
    std::string mark = t["mark"].is_null() ? "" : t["mark"].get<std::string>();
    std::string die = t["die"].is_null() ? "?" + text_of(t["assumed_die"]) : text_of(t["die"]);
    out += "<tr" + (mark.empty() ? std::string() : " class=\"" + mark + "\"") + "><td>" +
           text_of(t["turn"]) + "</td><td class=\"l\">" + side_word(t["side"]) + "</td><td>" + die +
           "</td><td class=\"l\">" + text_of(t["move"]) + "</td><td>" + fixed(t["value"]) +
           (t["exact"] == true ? "" : "~") + "</td><td>" + fixed(t["luck"], "%+.3f") + "</td><td>" +
           fixed(t["move_value"]) + "</td><td class=\"l\">" + text_of(t["best_move"]) +
           "</td><td>" + fixed(t["die_value"]) + "</td><td>" + fixed(t["value_lost"]) +
           "</td><td class=\"l\">" + escaped(mark.empty() && t["choices"] == 1 ? "forced" : mark) +
           "</td><td class=\"l\">" + text_of(t["luck_mark"]) + "</td></tr>\n";
  }
  return out + "</table>\n";
}

std::string sides_table(const Json& sides) {
  std::string out =
      "<table><tr><th class=\"l\">side</th><th>result</th><th>luck</th><th>luck-adjusted "
      "result</th><th>value lost</th><th>per choice</th><th class=\"l\">rating</th>"
      "<th>inaccuracies</th><th>mistakes</th><th>blunders</th></tr>\n";
  for (const char* s : {"r", "b"}) {
    const Json& d = sides[s];
    out += "<tr><td class=\"l\">" + side_word(s) + "</td><td>" + fixed(d["result"], "%.0f") +
           "</td><td>" + fixed(d["luck"], "%+.3f") + "</td><td>" +
           fixed(d["luck_adjusted_result"]) + "</td><td>" + fixed(d["value_lost"]) + "</td><td>" +
           fixed(d["value_lost_mean"], "%.4f") + " &plusmn; " +
           fixed(d["value_lost_mean_se"], "%.4f") + "</td><td class=\"l\">" + text_of(d["rating"]) +
           "</td><td>" + text_of(d["inaccuracies"]) + "</td><td>" + text_of(d["mistakes"]) +
           "</td><td>" + text_of(d["blunders"]) + "</td></tr>\n";
  }
  return out + "</table>\n";
}

// "Red won on time": the words of the text output (game_record.h).
std::string how_it_ended(const Json& winner, const Json& end) {
  std::optional<Side> side;
  if (winner.is_string()) side = parse_side(winner.get<std::string>());
  std::optional<RecordEnd> e;
  if (end.is_string()) e = record_end_of_name(end.get<std::string>());
  return how_game_ended(side, e.value_or(RecordEnd::Unfinished));
}

std::string game_section(const Json& g) {
  std::string out = "<section id=\"game-" + text_of(g["game"]) + "\"><h2>Game " +
                    text_of(g["game"]) + " of " + text_of(g["games"]) + " (" +
                    text_of(g["format"]) + "): " + how_it_ended(g["winner"], g["game_end"]) +
                    "</h2>\n";
  if (g["players"].is_object())
    out += "<p>Red: " + text_of(g["players"]["r"]) + "; Blue: " + text_of(g["players"]["b"]) +
           "</p>\n";
  out += "<p>Start: <code>" + text_of(g["start"]) + "</code></p>\n";
  if (!g["turns"].empty()) out += chart(g["turns"]) + "\n" + turns_table(g["turns"]);
  out += sides_table(g["sides"]);
  for (const Json& note : g["notes"]) out += "<p class=\"note\">Note: " + text_of(note) + "</p>\n";
  return out + "</section>\n";
}

// Rows: the pieces on the board; columns: the players; a cell: the value lost per move with a
// choice (the moves; the blunders).
std::string pieces_table(const Json& players) {
  std::string out =
      "<h3>Error per move with a choice, by the pieces on the board (moves; blunders)</h3>\n"
      "<table><tr><th>pieces</th>";
  for (const Json& p : players) out += "<th>" + text_of(p["player"]) + "</th>";
  out += "</tr>\n";
  for (int pieces = 12; pieces >= 2; --pieces) {
    std::string cells;
    bool any = false;
    for (const Json& p : players) {
      std::string cell;
      for (const Json& row : p["by_pieces"])
        if (row["pieces"] == pieces)
          cell = fixed(row["value_lost_mean"], "%.4f") + " (" + text_of(row["choices"]) + "; " +
                 text_of(row["blunders"]) + ")";
      any = any || !cell.empty();
      cells += "<td>" + cell + "</td>";
    }
    if (any) out += "<tr><td>" + std::to_string(pieces) + "</td>" + cells + "</tr>\n";
  }
  return out + "</table>\n";
}

// "1 on the board, 1 on time": how the games ended, in the words of the text output.
std::string ends_text(const Json& game_ends) {
  std::string out;
  for (RecordEnd e : {RecordEnd::Board, RecordEnd::Time, RecordEnd::Declaration,
                      RecordEnd::IllegalMove, RecordEnd::Unfinished}) {
    const Json& count = game_ends[record_end_name(e)];
    if (count.is_number() && count.get<int>() > 0)
      out += (out.empty() ? "" : ", ") + text_of(count) + " " + record_end_words(e);
  }
  return out;
}

std::string summary_section(const Json& summary) {
  std::string out =
      "<section id=\"summary\"><h2>" + all_games_words(summary["games"].get<int>()) + "</h2>\n";
  if (std::string ends = ends_text(summary["game_ends"]); !ends.empty())
    out += "<p>Ended: " + escaped(ends) + ".</p>\n";
  out +=
      "<table><tr><th class=\"l\">player</th><th>games</th><th>wins</th>"
      "<th>luck</th><th>luck-adjusted score</th><th>choices</th><th>per choice</th>"
      "<th class=\"l\">rating</th><th>blunders</th></tr>\n";
  for (const Json& p : summary["players"])
    out += "<tr><td class=\"l\">" + text_of(p["player"]) + "</td><td>" + text_of(p["games"]) +
           "</td><td>" + text_of(p["wins"]) + "</td><td>" + fixed(p["luck"], "%+.3f") +
           "</td><td>" + fixed(p["luck_adjusted_score"]) + "</td><td>" + text_of(p["choices"]) +
           "</td><td>" + fixed(p["value_lost_mean"], "%.4f") + " &plusmn; " +
           fixed(p["value_lost_mean_se"], "%.4f") + "</td><td class=\"l\">" + text_of(p["rating"]) +
           "</td><td>" + text_of(p["blunders"]) + "</td></tr>\n";
  out += "</table>\n" + pieces_table(summary["players"]);
  if (summary.contains("not_analysed"))
    for (const Json& u : summary["not_analysed"])
      out += "<p class=\"note\">Not analysed: " +
             (u["game"].is_number() ? "game " + text_of(u["game"]) + ", " : std::string()) +
             text_of(u["error"]) + "</p>\n";
  return out + "</section>\n";
}

}  // namespace

std::string all_games_words(int games) {
  return games == 1 ? "1 game" : "All " + std::to_string(games) + " games";
}

std::string analysis_report_html(const std::vector<Json>& games, const Json& summary) {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>EinStein w&uuml;rfelt nicht! game analysis</title>\n<style>" +
      std::string(kStyle) +
      "</style></head><body>\n<h1>Game analysis</h1>\n<p class=\"note\">value: the mover's win "
      "probability before its roll (~: the engine's estimate, else exact from the tables); "
      "luck: what the roll changed; value lost: the win probability the move gave away; "
      "luck-adjusted "
      "result: the result minus the side's luck plus the other side's (docs/ANALYSIS.md).</p>\n";
  if (games.size() > 1 || (summary.contains("not_analysed") && !summary["not_analysed"].empty()))
    out += summary_section(summary);
  for (const Json& g : games) out += game_section(g);
  return out + "</body></html>\n";
}

}  // namespace ewn
