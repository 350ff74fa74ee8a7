#include "engine.h"

#include <filesystem>

#include "movegen.h"
#include "search.h"
#include "tablebase_values.h"

namespace ewn {

namespace {

// The spec as the contest plays it: only a limit the user wrote caps the engine
// (parse_player_spec adds 1 s a move otherwise), and the contest's clock replaces any game
// budget. The server's clock (30 s a move, 4 minutes a game) gives seconds of thought, unless a
// short movetime= or a fixed depth= bounds the search: the large transposition table otherwise.
PlayerSpec contest_spec(PlayerSpec spec) {
  if (!spec.gives("movetime")) spec.limits.per_move.reset();
  spec.limits.per_game.reset();
  bool bounded = (spec.limits.per_move && !thinks_long(spec.limits)) || spec.gives("depth");
  if (!spec.gives("hash"))
    spec.search.tt_bytes = bounded ? kShortSearchTTBytes : kLongSearchTTBytes;
  return spec;
}

}  // namespace

Engine::Engine(PlayerSpec spec, std::shared_ptr<const ExactValues> tables, uint64_t seed)
    : players_(contest_spec(std::move(spec)), std::move(tables)), player_(players_.make(seed)) {}

Deadline Engine::capped(const Deadline& deadline, SteadyClock::time_point now) const {
  const TimeLimits& limits = players_.spec().limits;
  if (!limits.per_move) return deadline;
  return earliest(deadline,
                  plan_move(limits, std::nullopt, 1, ClockKind::Wall, now.time_since_epoch()));
}

EngineMove Engine::choose(const Position& pos, int die, const Deadline& deadline) {
  auto start = SteadyClock::now();
  MoveRequest request;
  request.deadline = deadline;
  EngineMove out;
  out.move = player_->choose(pos, die, request);
  const MoveInfo& info = player_->last_info();
  out.value = info.value;
  out.exact = info.exact;
  out.depth = info.depth;
  out.nodes = info.work;
  out.took = SteadyClock::now() - start;
  // The tables' word on the chosen move, where they cover the position after it. (The caller
  // checks the move; an illegal one is not played here, not even on a copy.)
  if (!legal_moves(pos, die).contains(out.move)) return out;
  Position child = pos;
  child.play(out.move);
  if (wins_at_once(pos, out.move)) {
    out.value = 1;
    out.exact = true;
  } else if (auto v = exact_value(child)) {
    out.value = 1 - *v;
    out.exact = true;
  }
  return out;
}

std::optional<double> Engine::exact_value(const Position& pos) const {
  const auto& tables = players_.tables();
  if (auto w = pos.winner()) return *w == pos.to_move ? 1.0 : 0.0;
  if (!tables || !tables->has_value_for(pos)) return std::nullopt;
  return tables->value(pos);
}

std::optional<double> Engine::exact_value(const Position& pos, int die) const {
  const auto& tables = players_.tables();
  if (auto w = pos.winner()) return *w == pos.to_move ? 1.0 : 0.0;
  if (!tables || !tables->has_value_for(pos)) return std::nullopt;
  auto values = tables->move_values(pos, die);
  if (!values || values->empty()) return std::nullopt;
  double best = 0;
  for (const ExactMoveValue& v : *values) best = std::max(best, v.wins ? 1.0 : v.value);
  return best;
}

void Engine::new_game() {
  player_->new_game();
}

namespace {

// The evaluation network: the one the spec names (net=), else the trained network in the
// table directory when there is one (`ewn train-eval` writes it there). Returns the note.
std::string choose_network(PlayerSpec& spec, const std::string& table_dir) {
  if (spec.gives("net")) {
    load_network(spec);  // named explicitly: an error stops the command
    return spec.network == "none" ? ", no evaluation network" : ", network '" + spec.network + "'";
  }
  std::string path = (std::filesystem::path(table_dir) / kDefaultNetworkFile).string();
  std::error_code ec;
  if (table_dir == "none" || !std::filesystem::is_regular_file(path, ec))
    return ", no evaluation network (train one with ewn train-eval)";
  try {
    spec.network = path;
    load_network(spec);
    return ", network '" + path + "'";
  } catch (const std::exception& e) {
    spec.network = "none";
    return std::string(", no evaluation network (") + e.what() + ")";
  }
}

}  // namespace

std::unique_ptr<Engine> make_contest_engine(const std::string& spec_text, const std::string& tables,
                                            const std::string& default_tables_dir,
                                            std::string& notes) {
  PlayerSpec spec = parse_player_spec(spec_text.empty() ? "expectimax" : spec_text);
  std::shared_ptr<const ExactValues> exact;
  bool spec_names_tables = spec.gives("tables");
  std::string dir = spec_names_tables ? spec.tables : tables;
  if (spec.kind != "expectimax") {
    notes = "engine " + spec.text + " (uses no tables)";
  } else if (dir == "none") {
    notes = "engine " + spec.text + " without tables";
  } else if (dir.empty()) {
    // The default directory: used when it opens, otherwise noted and done without.
    std::error_code ec;
    if (!std::filesystem::is_directory(default_tables_dir, ec)) {
      notes = "engine " + spec.text + " without tables (no table directory '" + default_tables_dir +
              "')";
    } else {
      try {
        exact = open_tablebase(default_tables_dir);
        notes = "engine " + spec.text + " with the tables in '" + default_tables_dir + "' (up to " +
                std::to_string(exact->complete_up_to()) + " pieces)";
      } catch (const std::exception& e) {
        notes = "engine " + spec.text + " without tables (" + e.what() + ")";
      }
    }
  } else {
    exact = open_tablebase(dir);
    notes = "engine " + spec.text + " with the tables in '" + dir + "' (up to " +
            std::to_string(exact->complete_up_to()) + " pieces)";
  }
  if (spec.kind == "expectimax")
    notes += choose_network(spec, dir.empty() ? default_tables_dir : dir);
  return std::make_unique<Engine>(spec, exact);
}

}  // namespace ewn
