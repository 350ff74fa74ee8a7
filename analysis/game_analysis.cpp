#include "game_analysis.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <string_view>
#include <thread>

#include "eval_network.h"
#include "position_estimate.h"
#include "tablebase_values.h"

namespace ewn {

const char* TurnAnalysis::mark() const {
  if (value_lost >= kBlunder) return "blunder";
  if (value_lost >= kMistake) return "mistake";
  if (value_lost >= kInaccuracy) return "inaccuracy";
  return nullptr;
}

const char* TurnAnalysis::luck_mark() const {
  if (luck >= kVeryLucky) return "very lucky";
  if (luck >= kLucky) return "lucky";
  if (luck <= -kVeryLucky) return "very unlucky";
  if (luck <= -kLucky) return "unlucky";
  return nullptr;
}

AnalysisEngine open_analysis_engine(const std::string& dir, std::string& note) {
  if (dir == "none") {
    note = "no tables: every value is the engine's estimate";
    return AnalysisEngine{};
  }
  return analysis_engine(open_tablebase(dir), dir, note);
}

AnalysisEngine analysis_engine(std::shared_ptr<const ExactValues> tables, const std::string& dir,
                               std::string& note) {
  AnalysisEngine engine;
  note = "tables up to " + std::to_string(tables->complete_up_to()) + " pieces";
  engine.tables = std::move(tables);
  std::string network_note;
  engine.options.network = load_table_dir_network(dir, network_note);
  if (engine.options.network) note += "; " + network_note;
  return engine;
}

namespace {

// The turn's values for one die, from the valued position.
void judge(TurnAnalysis& t, const DieMoves& die) {
  t.best_move = die.moves.front().move;
  t.die_value = die.moves.front().value;
  t.choices = int(die.moves.size());
  for (const ExactMoveValue& m : die.moves)
    if (m.move == t.move) t.move_value = m.value;
  t.value_lost = std::max(0.0, t.die_value - t.move_value);
}

// `time_cap`: none, or how long the turn's estimate may search (AnalysisTimeError beyond).
TurnAnalysis analyse_turn(const RecordedTurn& turn, int number, Search& search,
                          const ExactValues* tables, uint64_t nodes,
                          std::optional<Duration> time_cap) {
  TurnAnalysis t;
  t.turn = number;
  t.line = turn.line;
  t.before = turn.before;
  t.die = turn.die;
  t.move = turn.move;
  std::optional<ValuedPosition> valued;
  if (tables) valued = exact_position(*tables, turn.before, std::nullopt);
  if (valued) {
    t.exact = t.from_tables = true;
  } else {
    Deadline cap = time_cap
                       ? Deadline::after(ClockKind::Wall, clock_now(ClockKind::Wall), *time_cap)
                       : Deadline::none();
    PositionEstimate e = estimate_position(search, turn.before, std::nullopt, nodes, cap);
    if (std::string_view(e.ended_by) == "time")
      throw AnalysisTimeError("turn " + std::to_string(number) + ": the estimate at " +
                              std::to_string(nodes) + " nodes took longer than " +
                              format_duration(*time_cap));
    valued = std::move(e.valued);
    t.exact = e.exact;
    t.depth = e.depth;
    t.nodes = e.nodes;
  }
  t.value = valued->value;
  if (turn.die) {
    judge(t, valued->dice[size_t(*turn.die - 1)]);
    t.luck = t.die_value - t.value;
    return t;
  }
  // The die is not known: of the dice that allow the move, the one it is best for.
  std::optional<TurnAnalysis> kindest;
  for (const DieMoves& die : valued->dice) {
    bool allowed = std::any_of(die.moves.begin(), die.moves.end(),
                               [&](const ExactMoveValue& m) { return m.move == t.move; });
    if (!allowed) continue;
    TurnAnalysis candidate = t;
    judge(candidate, die);
    candidate.assumed_die = die.die;
    if (!kindest || candidate.value_lost < kindest->value_lost) kindest = candidate;
  }
  return *kindest;  // the record is legal: some die allows the move
}

void add(SideSummary& s, const TurnAnalysis& t) {
  ++s.turns;
  s.choices += t.choices > 1;
  s.luck += t.luck;
  s.value_lost += t.value_lost;
  const char* mark = t.mark();
  if (!mark) return;
  std::string m = mark;
  ++(m == "blunder" ? s.blunders : m == "mistake" ? s.mistakes : s.inaccuracies);
}

// Each side's sums over its turns.
void sum_sides(GameAnalysis& a) {
  for (const TurnAnalysis& t : a.turns) add(t.before.to_move == Red ? a.red : a.blue, t);
}

}  // namespace

GameAnalysis analyse_game(const GameRecord& game, const AnalysisEngine& engine,
                          const AnalysisOptions& options) {
  GameAnalysis out;
  out.game = game;
  out.nodes = options.nodes;
  out.turns.resize(game.turns.size());
  // Turns are independent (each estimate starts from an empty table), so any number of threads
  // gives the same analysis.
  std::atomic<size_t> next = 0;
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto work = [&] {
    Search search(engine.options, engine.tables);
    for (size_t i = next++; i < game.turns.size(); i = next++) {
      try {
        out.turns[i] = analyse_turn(game.turns[i], int(i) + 1, search, engine.tables.get(),
                                    options.nodes, std::nullopt);
      } catch (...) {
        std::lock_guard lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        next = game.turns.size();
      }
    }
  };
  int asked = options.threads > 0 ? options.threads
                                  : int(std::max(1u, std::thread::hardware_concurrency()));
  int threads = std::clamp(asked, 1, std::max(1, int(game.turns.size())));
  std::vector<std::thread> pool;
  for (int i = 1; i < threads; ++i) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  sum_sides(out);
  return out;
}

GameAnalysis analyse_game_with(const GameRecord& game, Search& search, const ExactValues* tables,
                               uint64_t nodes, Duration turn_time_cap) {
  GameAnalysis out;
  out.game = game;
  out.nodes = nodes;
  for (size_t i = 0; i < game.turns.size(); ++i)
    out.turns.push_back(
        analyse_turn(game.turns[i], int(i) + 1, search, tables, nodes, turn_time_cap));
  sum_sides(out);
  return out;
}

}  // namespace ewn
