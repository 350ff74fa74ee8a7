// The C API's engine: ewn_engine_* over player/'s expectimax player, as `ewn play` makes it.
#include <cmath>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "c_errors.h"
#include "c_positions.h"
#include "player_spec.h"
#include "printable.h"
#include "regular_file.h"
#include "tablebase_values.h"

// A player keeps its search (the transposition table) between moves and is not thread-safe:
// one caller at a time searches, the others wait.
struct ewn_engine {
  std::mutex mutex;
  std::unique_ptr<ewn::Player> player;
};

namespace ewn::api {

namespace {

// From a tenth of a millisecond (shorter limits leave no time to search after the safety
// margin) to a day.
constexpr double kMinMovetime = 1e-4, kMaxMovetime = 86400;

int make_engine(const char* tables, double movetime, std::unique_ptr<ewn_engine>& out) {
  if (!(movetime >= kMinMovetime && movetime <= kMaxMovetime))
    return fail(EWN_E_ARGUMENT,
                "movetime " + std::to_string(movetime) + " s: give 0.0001 s to 86400 s (a day)");
  // The engine of `ewn play`: the spec's defaults for this time limit.
  Duration limit = std::chrono::duration_cast<Duration>(std::chrono::duration<double>(movetime));
  PlayerSpec spec = parse_player_spec("expectimax:movetime=" + format_duration(limit));
  std::shared_ptr<const ExactValues> values;
  if (tables && *tables) {
    if (auto problem = directory_problem(tables))
      return fail(EWN_E_DIRECTORY, printable(tables) + ": " + *problem);
    try {
      values = open_tablebase(tables);
    } catch (const std::runtime_error& e) {
      return fail(EWN_E_TABLE, printable(e.what()));
    }
  }
  out = std::make_unique<ewn_engine>();
  out->player = PlayerFactory(spec, values).make(0);
  return EWN_OK;
}

}  // namespace

}  // namespace ewn::api

using namespace ewn;
using namespace ewn::api;

extern "C" {

ewn_engine* ewn_engine_open(const char* tables, double movetime, int* code, char* err,
                            size_t err_len) {
  std::unique_ptr<ewn_engine> engine;
  int rc = guarded([&]() -> int { return make_engine(tables, movetime, engine); });
  if (code) *code = rc;
  copy_text(rc ? ewn_last_error() : "", err, err_len);
  return rc ? nullptr : engine.release();
}

void ewn_engine_close(ewn_engine* engine) {
  delete engine;
}

int ewn_engine_best_move(ewn_engine* engine, const char* position, int die,
                         ewn_engine_choice* choice) {
  return guarded([&]() -> int {
    if (!engine) return fail(EWN_E_ARGUMENT, "no engine (a null pointer)");
    if (!choice) return fail(EWN_E_ARGUMENT, "no choice to fill (a null pointer)");
    ParsedPosition parsed;
    int d = 0;
    if (int rc = parse_text(position, parsed)) return rc;
    if (int rc = die_to_use(die, parsed, d)) return rc;
    if (parsed.position.winner())
      return fail(EWN_E_GAME_OVER,
                  format_position(parsed.position, parsed.die) + ": the game is over");
    std::lock_guard lock(engine->mutex);
    Move m = engine->player->choose(parsed.position, d, MoveRequest{});
    const MoveInfo& info = engine->player->last_info();
    copy_move(m, choice->move);
    choice->value = info.value;
    choice->exact = info.exact ? 1 : 0;
    choice->depth = info.depth;
    choice->nodes = info.work;
    return EWN_OK;
  });
}

}  // extern "C"
