// The HTML report of an analysis: what the game text says (players, notes) is escaped, every turn
// is a row, the chart has a dot for each marked turn, and nothing is fetched from elsewhere.
#include <catch2/catch.hpp>

#include "analysis_answer.h"
#include "analysis_games.h"
#include "analysis_report.h"
#include "analysis_summary.h"
#include "game_analysis.h"
#include "game_record.h"
#include "generated_set.h"
#include "tablebase_values.h"

using namespace ewn;
using namespace ewn::test;

namespace {

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("the HTML report escapes the text's words and fetches nothing", "[analysis]") {
  std::string page =
      "EinStein wuerfelt nicht! (ewn serve)\nSetup: 5/1r13/2r22/3b11/5 r\n"
      "Red: <script>alert(1)</script> & co; Blue: engine \"x\"\n"
      "1. r 2 c3d3\n2. b 4 d2c2\n3. r 5 d3e2\n4. b 1 c2b3\n5. r 6 e2e1\nResult: Red wins\n";
  AnalysisEngine engine;
  engine.tables = open_tablebase(generated_set(3));
  GameAnalysis a = analyse_game(read_game(page), engine, {});
  LogTotals totals;
  totals.add(a);
  std::string html =
      analysis_report_html({analysis_answer(a)}, analysis_summary_answer(totals)["summary"]);
  CHECK(html.find("<script") == std::string::npos);
  CHECK(html.find("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co") != std::string::npos);
  CHECK(html.find("engine &quot;x&quot;") != std::string::npos);
  CHECK(html.find("src=") == std::string::npos);
  CHECK(html.find("href=") == std::string::npos);
  CHECK(count(html, "<title>turn") == 2);  // a dot for each of the two blunders
  CHECK(count(html, "<tr class=\"blunder\">") == 2);
  CHECK(html.find("Red won on the board") != std::string::npos);
  CHECK(html.find("id=\"summary\"") == std::string::npos);  // one game: no totals
}

TEST_CASE("the report's chart has axis titles and a legend; its totals say how games ended",
          "[analysis]") {
  std::string page =
      "EinStein wuerfelt nicht! (ewn serve)\nSetup: 5/1r13/2r22/3b11/5 r\n"
      "Red: a; Blue: b\n1. r 2 c3d3\n2. b 4 d2c2\n3. r 5 d3e2\n4. b 1 c2b3\n5. r 6 e2e1\n"
      "Result: Red wins\n";
  AnalysisEngine engine;
  engine.tables = open_tablebase(generated_set(3));
  GameAnalysis a = analyse_game(read_game(page), engine, {});
  LogTotals totals;
  totals.add(a);
  std::string one = analysis_report_html({analysis_answer(a), analysis_answer(a)},
                                         analysis_summary_answer(totals)["summary"]);
  // The axes say what they measure; the legend names the line and each mark's colour.
  CHECK(one.find(">turn</text>") != std::string::npos);
  CHECK(one.find("Red's win probability</text>") != std::string::npos);
  CHECK(one.find("class=\"legend\"") != std::string::npos);
  for (const char* mark : {">inaccuracy<", ">mistake<", ">blunder<"})
    CHECK(one.find(mark) != std::string::npos);
  CHECK(one.find("<h2>1 game</h2>") != std::string::npos);
  CHECK(one.find("All 1 games") == std::string::npos);
  CHECK(one.find("Ended: 1 on the board.") != std::string::npos);

  totals.add(a);
  totals.ends[size_t(RecordEnd::Board)] = 1;
  totals.ends[size_t(RecordEnd::Time)] = 1;
  std::string two = analysis_report_html({analysis_answer(a), analysis_answer(a)},
                                         analysis_summary_answer(totals)["summary"]);
  CHECK(two.find("<h2>All 2 games</h2>") != std::string::npos);
  CHECK(two.find("Ended: 1 on the board, 1 on time.") != std::string::npos);
  CHECK(all_games_words(1) == "1 game");
  CHECK(all_games_words(3) == "All 3 games");
}
