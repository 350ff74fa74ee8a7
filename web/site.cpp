#include "site.h"

#include "eval_network.h"
#include "inventory_answer.h"
#include "race.h"
#include "setup_matrix.h"
#include "tablebase_values.h"
#include "tables_hint.h"

namespace ewn::web {

namespace {

// Decoded table blocks kept for probes and searches together (the player alone keeps 1 GB).
constexpr size_t kCacheBytes = size_t(256) << 20;

// The engine: expectimax with the tables where there are some, and with the trained network in
// the table directory where there is one (as the contest engine chooses it; a file that does not
// load is noted and done without).
void make_engine(Site& s) {
  prepare_race_tables();  // built now, not on the clock of the first request's search
  SearchOptions options;
  std::shared_ptr<const ExactValues> exact;
  if (s.tables->complete_up_to() >= 2) exact = std::make_shared<TablebaseValues>(s.tables);
  options.network = load_table_dir_network(s.options.tables, s.network_note);
  s.engine = std::make_unique<EnginePool>(options, exact, s.options.searches);
}

// The setup advisor's answers: those of `ewn setup reply|best|equilibrium --json`.
void load_setups(Site& s) {
  std::string path = s.options.setup_matrix.empty() ? default_setup_matrix_path().string()
                                                    : s.options.setup_matrix;
  try {
    auto advisor = std::make_shared<SetupAdvisor>(read_setup_matrix(path));
    advisor->equilibrium();
    s.setups = advisor;
  } catch (const PathError& e) {
    s.no_setups = "no setup matrix: " + std::string(e.what()) + " (" + setup_matrix_hint(path) +
                  ", then restart the server)";
  }
}

}  // namespace

std::shared_ptr<const Site> open_site(const ServerOptions& options) {
  auto s = std::make_shared<Site>(options);
  s->tables = std::make_shared<const Tablebase>(options.tables, kCacheBytes);
  make_engine(*s);
  load_setups(*s);
  // The inventory of `ewn info --json --quick`: file headers only, read once at start.
  s->info = server_info_answer(
      inventory_answer(s->tables->directory(),
                       inspect_tables(s->tables->directory(), /*headers_only=*/true,
                                      /*threads=*/1),
                       /*checked=*/false),
      s->directory.shown(),
      {options.searches, options.max_movetime_ms, s->engine->tables() != nullptr});
  return s;
}

std::string tables_note(const Site& site) {
  const std::string& dir = site.options.tables;
  int pieces = site.tables->complete_up_to();
  if (pieces >= 2)
    return "tables in " + dir + ": every position with up to " + std::to_string(pieces) + " pieces";
  return "no complete set of tables in " + dir + ": every value is the engine's estimate (" +
         make_tables_hint(kSuggestedPieces, dir) + ")";
}

}  // namespace ewn::web
