// The contest test server's messages (see docs/CONTEST.md).
//
// The server sends, each turn, "<board>|<die>": the board a Python-style 5x5 list of rows, row 0
// at the top (rank 5), column 0 = file a, holding 0 (empty), 1-6 (red pieces) or 7-12 (blue
// pieces 1-6); the die 1-6 when the engine plays Red and 7-12 (die + 6) when it plays Blue. After
// the last game it sends "close". The engine answers "<piece>|<direction>", piece in the server's
// numbering (blue 7-12), direction right/down/rightdown (Red) or left/up/leftup (Blue).
//
// The server's messages carry no terminator. Each arrives in one short write, but a reader must
// not count on one read returning one message, so MessageAssembler finds where a message ends.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "position.h"

namespace ewn {

class ProtocolError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ServerTurn {
  Position position;  // to_move: the engine's side, told by the die's range
  int die = 1;        // 1..6
};

struct ServerMessage {
  bool close = false;  // "close": no more games
  ServerTurn turn;     // otherwise
};

// Throws ProtocolError saying what is wrong: the text, a board that is not 5x5 numbers 0-12, a
// piece twice, a die outside 1-12, a side without pieces, a game already decided.
ServerMessage parse_server_message(std::string_view text);

// The board part of a message, for the position's pieces (used by test referees too).
std::string format_server_board(const Position& pos);
// "<board>|<die>" as the server sends it: die + 6 when Blue is to move.
std::string format_server_turn(const Position& pos, int die);

// "<piece>|<direction>" for a legal step of the side to move.
std::string format_answer(const Position& pos, Move m);
// The engine's answer as the server reads it; throws ProtocolError if it is not a step of a
// piece of the side to move (legality for the die is the caller's business).
Move parse_answer(const Position& pos, std::string_view text);

// Collects received bytes and cuts them into messages.
class MessageAssembler {
 public:
  enum class State {
    Empty,      // nothing received
    Partial,    // the start of a message, or bytes that do not look like one
    Ambiguous,  // "...]]|1": die 1, unless a second digit (10, 11, 12) is still on its way
    Complete,   // a whole message is at the front
  };
  void feed(std::string_view bytes) { buffer_ += bytes; }
  State state() const;
  // The message at the front (Complete), or for Partial/Ambiguous everything held (the caller
  // decides that no more is coming). Leading whitespace is dropped.
  std::string take();
  bool empty() const { return state() == State::Empty; }

 private:
  // Length of the complete message at the front of the buffer after whitespace, 0 if none.
  size_t complete_length(size_t start, bool& ambiguous) const;
  std::string buffer_;
};

}  // namespace ewn
