// The C API's tables: ewn_tb_* over probe/'s Tablebase, answering as `ewn probe` does.
#include <memory>
#include <new>

#include "c_errors.h"
#include "c_positions.h"
#include "c_tablebase.h"
#include "printable.h"
#include "probe_answer.h"
#include "table_directory.h"

namespace ewn::api {

namespace {

constexpr size_t kDefaultCacheBytes = size_t(64) << 20;

int no_tables() {
  return fail(EWN_E_ARGUMENT, "no tablebase (a null pointer)");
}

int not_covered(const ewn_tablebase* tb, const ParsedPosition& parsed) {
  return fail(EWN_E_NOT_COVERED, not_covered_message(tb->tb, parsed.position, parsed.die));
}

// The moves for a die of a covered position, best first (none when it is decided).
int die_moves(const ewn_tablebase* tb, const char* position, int die, ParsedPosition& parsed,
              std::vector<Tablebase::MoveValue>& out) {
  int d = 0;
  if (!tb) return no_tables();
  if (int rc = parse_text(position, parsed)) return rc;
  if (int rc = die_to_use(die, parsed, d)) return rc;
  auto moves = tb->tb.best_moves(parsed.position, d);
  if (!moves) return not_covered(tb, parsed);
  out = std::move(*moves);
  return EWN_OK;
}

void to_struct(const Tablebase::MoveValue& mv, ewn_move_value& out) {
  copy_move(mv.move, out.move);
  out.move_value = mv.value;
  out.wins = mv.wins ? 1 : 0;
}

}  // namespace

}  // namespace ewn::api

using namespace ewn;
using namespace ewn::api;

extern "C" {

ewn_tablebase* ewn_tb_open(const char* dir, char* err, size_t err_len) {
  return ewn_tb_open_ex(dir, 0, nullptr, err, err_len);
}

ewn_tablebase* ewn_tb_open_ex(const char* dir, size_t cache_bytes, int* code, char* err,
                              size_t err_len) {
  ewn_tablebase* tb = nullptr;
  int rc = guarded([&]() -> int {
    // NULL: the directory the ewn program reads without --tables ($EWN_TABLES, else data).
    std::string directory = dir ? dir : default_tables_dir();
    if (int rc = check_directory(directory.c_str())) return rc;
    tb = new ewn_tablebase(directory.c_str(), cache_bytes ? cache_bytes : kDefaultCacheBytes);
    return EWN_OK;
  });
  if (code) *code = rc;
  copy_text(rc ? ewn_last_error() : "", err, err_len);
  return tb;
}

void ewn_tb_close(ewn_tablebase* tb) {
  delete tb;
}

int ewn_tb_complete_up_to(const ewn_tablebase* tb) {
  return tb ? tb->tb.complete_up_to() : 0;
}

int ewn_tb_value(const ewn_tablebase* tb, const char* position, double* value) {
  return guarded([&]() -> int {
    if (!value) return fail(EWN_E_ARGUMENT, "no value to fill (a null pointer)");
    if (!tb) return no_tables();
    ParsedPosition parsed;
    if (int rc = parse_text(position, parsed)) return rc;
    std::optional<double> v = tb->tb.value(parsed.position);
    if (!v) return not_covered(tb, parsed);
    *value = *v;
    return EWN_OK;
  });
}

int ewn_tb_moves(const ewn_tablebase* tb, const char* position, int die,
                 ewn_move_value moves[EWN_MAX_DIE_MOVES], int* count) {
  return guarded([&]() -> int {
    if (!moves || !count) return fail(EWN_E_ARGUMENT, "no moves array or count (a null pointer)");
    ParsedPosition parsed;
    std::vector<Tablebase::MoveValue> best;
    if (int rc = die_moves(tb, position, die, parsed, best)) return rc;
    *count = int(best.size());
    for (size_t i = 0; i < best.size(); ++i) to_struct(best[i], moves[i]);
    return EWN_OK;
  });
}

int ewn_tb_best_move(const ewn_tablebase* tb, const char* position, int die,
                     char best[EWN_MOVE_TEXT_MAX]) {
  return guarded([&]() -> int {
    if (!best) return fail(EWN_E_ARGUMENT, "no move to fill (a null pointer)");
    ParsedPosition parsed;
    std::vector<Tablebase::MoveValue> moves;
    if (int rc = die_moves(tb, position, die, parsed, moves)) return rc;
    if (moves.empty())
      return fail(EWN_E_GAME_OVER,
                  format_position(parsed.position, parsed.die) + ": the game is over");
    copy_move(moves.front().move, best);
    return EWN_OK;
  });
}

int ewn_tb_probe_json(const ewn_tablebase* tb, const char* position, char* buf, size_t len,
                      size_t* needed) {
  return guarded([&]() -> int {
    if (!tb) return no_tables();
    if (!position) return fail(EWN_E_ARGUMENT, "no position (a null pointer)");
    Answer a = probe_answer(tb->tb, position);
    if (int rc = put_text(json_text(a.json), buf, len, needed)) return rc;
    if (!a.ok()) return fail(a.c_code(), a.error());
    return EWN_OK;
  });
}

}  // extern "C"
