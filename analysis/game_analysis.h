// A played game judged turn by turn (`ewn analyse`, the page's analysis, ewn.analyse): for each
// turn the mover's win probability before the roll, the roll's luck, the move played against the
// best one and the value lost (the win probability the move gave away), and per side the sums.
// Exact where the tables cover a position, elsewhere the engine's estimate to a fixed budget of
// nodes (position_estimate.h), so an analysis is the same on every run with the same tables.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine_defaults.h"
#include "exact_values.h"
#include "game_record.h"
#include "search.h"

namespace ewn {

// The estimate's budget for each turn's position where the tables do not reach: about a tenth
// of a second, the one default node budget (engine_defaults.h), as the page's estimates.
inline constexpr uint64_t kDefaultAnalysisNodes = kDefaultNodeBudget;
// The budgets a caller may ask for: from a hundredth of a second to about a minute a turn.
inline constexpr uint64_t kMinAnalysisNodes = 1'000, kMaxAnalysisNodes = 20'000'000;

// Marks for a turn's value lost, in win probability given away (docs/ANALYSIS.md).
inline constexpr double kInaccuracy = 0.02, kMistake = 0.05, kBlunder = 0.10;
// Marks for a roll's luck, in win probability won (or lost, negative) by the roll.
inline constexpr double kLucky = 0.10, kVeryLucky = 0.25;

struct AnalysisOptions {
  uint64_t nodes = kDefaultAnalysisNodes;  // each estimated position's budget
  int threads = 1;  // turns analysed at once, each by a search of its own (0: one per core)
};

// What the analysis searches with: the engine's options and its exact values (the tables; none:
// every value is an estimate).
struct AnalysisEngine {
  SearchOptions options;
  std::shared_ptr<const ExactValues> tables;
};

// The engine of `ewn serve`: the tables in `dir` and the network `ewn train-eval` left there;
// "none": neither. `note` says what it has ("tables up to 5 pieces; network ..."). Throws
// std::runtime_error saying what to do when `dir` holds no complete set of tables.
AnalysisEngine open_analysis_engine(const std::string& dir, std::string& note);
// The same engine over tables already open (the C API's handle), read from `dir`.
AnalysisEngine analysis_engine(std::shared_ptr<const ExactValues> tables, const std::string& dir,
                               std::string& note);

struct TurnAnalysis {
  int turn = 0;  // 1-based
  int line = 0;  // of the game text
  Position before;
  std::optional<int> die;          // nullopt: not in the record; the values then take the die most
                                   // favourable to the move (the benefit of the doubt)
  std::optional<int> assumed_die;  // that die, when the record does not give one
  Move move;
  Move best_move;        // the first best move for the die
  double value = 0;      // the mover's win probability before the roll
  double die_value = 0;  // after the roll, with best play: the best move's value
  double move_value = 0;
  double luck = 0;        // die_value - value (0 when the die is not known)
  double value_lost = 0;  // die_value - move_value, never negative: the win probability given away
  int choices = 0;        // distinct moves the die allowed (1: forced)
  bool exact = false;     // from the tables, or a search that needed no evaluation
  bool from_tables = false;
  int depth = 0;                  // the estimate's depth (0 from the tables)
  uint64_t nodes = 0;             // the estimate's nodes
  const char* mark() const;       // "blunder", "mistake", "inaccuracy" or nullptr
  const char* luck_mark() const;  // "very lucky", "lucky", "unlucky", "very unlucky" or nullptr
  double red_value() const { return before.to_move == Red ? value : 1 - value; }
};

struct SideSummary {
  int turns = 0;
  int choices = 0;        // turns with more than one move
  double luck = 0;        // the sum over its turns
  double value_lost = 0;  // the sum over its turns
  double value_lost_mean() const { return choices ? value_lost / choices : 0; }
  int inaccuracies = 0, mistakes = 0, blunders = 0;
};

struct GameAnalysis {
  GameRecord game;
  uint64_t nodes = 0;  // the budget asked
  std::vector<TurnAnalysis> turns;
  SideSummary red, blue;
  const SideSummary& side(Side s) const { return s == Red ? red : blue; }
};

// Analyses every turn of `game`. Throws what the tables throw (a damaged table).
GameAnalysis analyse_game(const GameRecord& game, const AnalysisEngine& engine,
                          const AnalysisOptions& options);

// A turn whose estimate the time cap of analyse_game_with cut short: what() names the turn.
class AnalysisTimeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The same analysis with a search the caller lends (the web server's pool), the turns one after
// another; `tables` are the search's exact values (null: none). The analysis is the one any
// number of threads gives. Each turn's estimate may search at most `turn_time_cap` (a server's
// safety): a turn cut short throws AnalysisTimeError rather than give values that are not those
// of the node budget.
GameAnalysis analyse_game_with(const GameRecord& game, Search& search, const ExactValues* tables,
                               uint64_t nodes, Duration turn_time_cap);

}  // namespace ewn
