// A game's or a whole log's analysis as one HTML page to keep or share (`ewn analyse --html`):
// Red's win probability as a chart, the turns with their marks, each side's sums and, over the
// games, the totals. Self-contained: inline CSS and SVG, no script, nothing fetched, so it shows
// the same offline.
#pragma once

#include <string>
#include <vector>

#include "json_text.h"

namespace ewn {

// `games`: the documents of analysis_answer, in order; `summary`: analysis_summary_answer's
// over them (shown when there is more than one game).
std::string analysis_report_html(const std::vector<Json>& games, const Json& summary);

// The totals' title, the same in the page and the text output: "All 3 games", "1 game".
std::string all_games_words(int games);

}  // namespace ewn
