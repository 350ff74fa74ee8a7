// The C API's engine: ewn_engine_* over player/'s expectimax player, as `ewn play` makes it.
#include <memory>
#include <mutex>
#include <stdexcept>

#include "c_errors.h"
#include "c_positions.h"
#include "player_spec.h"
#include "printable.h"
#include "tablebase_values.h"

// A player keeps its search (the transposition table) between moves and is not thread-safe:
// one caller at a time searches, the others wait.
struct ewn_engine {
  std::mutex mutex;
  std::unique_ptr<ewn::Player> player;
};

namespace ewn::api {

namespace {

// From a millisecond to a day.
constexpr int kMinMovetimeMs = 1, kMaxMovetimeMs = 86'400'000;

int make_engine(const char* tables, int movetime_ms, std::unique_ptr<ewn_engine>& out) {
  if (movetime_ms < kMinMovetimeMs || movetime_ms > kMaxMovetimeMs)
    return fail(EWN_E_ARGUMENT,
                "movetime_ms " + std::to_string(movetime_ms) + ": give 1 to 86400000 (a day)");
  // The engine of `ewn play`: the spec's defaults for this time limit.
  PlayerSpec spec = parse_player_spec("expectimax:movetime=" + std::to_string(movetime_ms) + "ms");
  std::shared_ptr<const ExactValues> values;
  if (tables && *tables) {
    if (int rc = check_directory(tables)) return rc;
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

ewn_engine* ewn_engine_open(const char* tables, int movetime_ms, int* code, char* err,
                            size_t err_len) {
  std::unique_ptr<ewn_engine> engine;
  int rc = guarded([&]() -> int { return make_engine(tables, movetime_ms, engine); });
  if (code) *code = rc;
  copy_text(rc ? ewn_last_error() : "", err, err_len);
  return rc ? nullptr : engine.release();
}

void ewn_engine_close(ewn_engine* engine) {
  delete engine;
}

int ewn_engine_search(ewn_engine* engine, const char* position, int die,
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
    choice->move_value = info.value;
    choice->exact = info.exact ? 1 : 0;
    choice->depth = info.depth;
    choice->nodes = info.work;
    return EWN_OK;
  });
}

int ewn_engine_best_move(ewn_engine* engine, const char* position, int die,
                         char move[EWN_MOVE_TEXT_MAX]) {
  if (!move) return fail(EWN_E_ARGUMENT, "no move to fill (a null pointer)");
  ewn_engine_choice choice;
  int rc = ewn_engine_search(engine, position, die, &choice);
  if (rc == EWN_OK) copy_text(choice.move, move, EWN_MOVE_TEXT_MAX);
  return rc;
}

}  // extern "C"
