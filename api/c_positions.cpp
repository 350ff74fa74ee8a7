#include "c_positions.h"

#include <algorithm>

#include "c_errors.h"
#include "movegen.h"
#include "probe_answer.h"

namespace ewn::api {

int parse_text(const char* text, ParsedPosition& out) {
  if (!text) return fail(EWN_E_ARGUMENT, "no position (a null pointer)");
  try {
    out = parse_position(text);
  } catch (const ParseError& e) {
    return fail(EWN_E_POSITION, bad_position_message(e));
  }
  return EWN_OK;
}

int die_to_use(int die, const ParsedPosition& parsed, int& out) {
  if (die < 0 || die > 6)
    return fail(EWN_E_ARGUMENT, "die " + std::to_string(die) + ": a die is 1 to 6");
  if (die == 0 && !parsed.die)
    return fail(EWN_E_ARGUMENT, format_position(parsed.position) +
                                    ": the position names no die, and none was given");
  if (die != 0 && parsed.die && *parsed.die != die)
    return fail(EWN_E_ARGUMENT, "die " + std::to_string(die) + " given, but the position " +
                                    format_position(parsed.position, parsed.die) + " names " +
                                    std::to_string(*parsed.die));
  out = die != 0 ? die : *parsed.die;
  return EWN_OK;
}

int from_struct(const ewn_position* pos, ParsedPosition& out) {
  if (!pos) return fail(EWN_E_ARGUMENT, "no position (a null pointer)");
  Position p;
  for (int s = 0; s < kSquares; ++s) {
    int code = pos->board[s];
    if (code == kEmpty) continue;
    if (code > 12)
      return fail(EWN_E_POSITION,
                  bad_position_message("square " + square_name(Square(s)) + " holds code " +
                                       std::to_string(code) + " (0 empty, 1..6 red, 7..12 blue)"));
    Side side = code_side(uint8_t(code));
    int number = code_number(uint8_t(code));
    if (p.square_of(side, number) != kNoSquare)
      return fail(EWN_E_POSITION,
                  bad_position_message(std::string(side == Red ? "red" : "blue") + " piece " +
                                       std::to_string(number) + " stands on " +
                                       square_name(p.square_of(side, number)) + " and on " +
                                       square_name(Square(s))));
    p.put(side, number, Square(s));
  }
  if (pos->side != EWN_RED && pos->side != EWN_BLUE)
    return fail(EWN_E_POSITION, bad_position_message("side " + std::to_string(pos->side) +
                                                     " (EWN_RED 0 or EWN_BLUE 1)"));
  if (pos->die < 0 || pos->die > 6)
    return fail(EWN_E_POSITION,
                bad_position_message("die " + std::to_string(pos->die) + " (1..6, or 0 for none)"));
  p.to_move = Side(pos->side);
  std::optional<int> die;
  if (pos->die) die = pos->die;
  if (p.piece_count() == 0)
    return fail(EWN_E_POSITION, bad_position_message("no pieces on the board"));
  // Taking the last enemy piece ends the game in a position the notation cannot write (SPEC
  // section 3 wants pieces of both sides): it is held as it is, decided.
  if (p.count(Red) == 0 || p.count(Blue) == 0) {
    out = ParsedPosition{p, die};
    return EWN_OK;
  }
  // Through the text, so that a struct is held to every rule a written position is.
  return parse_text(format_position(p, die).c_str(), out);
}

void to_struct(const ParsedPosition& parsed, ewn_position& out) {
  std::copy(parsed.position.board.begin(), parsed.position.board.end(), out.board);
  out.side = parsed.position.to_move == Red ? EWN_RED : EWN_BLUE;
  out.die = parsed.die.value_or(0);
}

void copy_move(Move m, char* out) {
  copy_text(format_move(m), out, EWN_MOVE_TEXT_MAX);
}

}  // namespace ewn::api

using namespace ewn;
using namespace ewn::api;

extern "C" {

int ewn_position_parse(const char* text, ewn_position* pos) {
  return guarded([&]() -> int {
    if (!pos) return fail(EWN_E_ARGUMENT, "no ewn_position to fill (a null pointer)");
    ParsedPosition parsed;
    if (int rc = parse_text(text, parsed)) return rc;
    to_struct(parsed, *pos);
    return EWN_OK;
  });
}

int ewn_position_format(const ewn_position* pos, char* buf, size_t len) {
  return guarded([&]() -> int {
    ParsedPosition parsed;
    if (int rc = from_struct(pos, parsed)) return rc;
    for (Side side : {Red, Blue})
      if (parsed.position.count(side) == 0)
        return fail(EWN_E_POSITION,
                    std::string(side == Red ? "Red" : "Blue") +
                        " has no pieces: the game is over, and the notation has no such position");
    return put_text(format_position(parsed.position, parsed.die), buf, len, nullptr,
                    "the position's text");
  });
}

int ewn_position_moves(const ewn_position* pos, int die,
                       char moves[EWN_MAX_DIE_MOVES][EWN_MOVE_TEXT_MAX], int* count) {
  return guarded([&]() -> int {
    if (!moves || !count) return fail(EWN_E_ARGUMENT, "no moves array or count (a null pointer)");
    ParsedPosition parsed;
    int d = 0;
    if (int rc = from_struct(pos, parsed)) return rc;
    if (int rc = die_to_use(die, parsed, d)) return rc;
    *count = 0;
    if (parsed.position.winner()) return EWN_OK;
    for (Move m : legal_moves(parsed.position, d)) copy_move(m, moves[(*count)++]);
    return EWN_OK;
  });
}

int ewn_position_play(ewn_position* pos, const char* move) {
  return guarded([&]() -> int {
    if (!move) return fail(EWN_E_ARGUMENT, "no move (a null pointer)");
    ParsedPosition parsed;
    if (int rc = from_struct(pos, parsed)) return rc;
    Move m;
    try {
      m = parse_move(move);
    } catch (const ParseError& e) {
      return fail(EWN_E_POSITION, std::string("bad move: ") + e.what());
    }
    const Position& p = parsed.position;
    std::string written = format_position(p, parsed.die);
    if (p.winner()) return fail(EWN_E_GAME_OVER, written + ": the game is over");
    MoveList legal = parsed.die ? legal_moves(p, *parsed.die) : all_moves(p);
    if (!legal.contains(m))
      return fail(EWN_E_ARGUMENT, format_move(m) + " is not a legal move in " + written);
    parsed.position.play(m);
    parsed.die.reset();
    to_struct(parsed, *pos);
    return EWN_OK;
  });
}

int ewn_position_winner(const ewn_position* pos, int* winner) {
  return guarded([&]() -> int {
    if (!winner) return fail(EWN_E_ARGUMENT, "no winner to fill (a null pointer)");
    ParsedPosition parsed;
    if (int rc = from_struct(pos, parsed)) return rc;
    auto w = parsed.position.winner();
    *winner = !w ? -1 : *w == Red ? EWN_RED : EWN_BLUE;
    return EWN_OK;
  });
}

}  // extern "C"
