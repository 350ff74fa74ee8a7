// `ewn connect`: the engine as a client of the contest test server (server_protocol.h).
//
// The server never says who won. The client infers it from the boards (GameTracker): after the
// engine's answer the next board either continues the game (the engine's move followed by one
// legal opponent move) or begins a new one. A new game means the previous one ended:
//   - if the engine's last move won at once (reached the corner or took the last piece), the
//     engine won;
//   - otherwise the opponent's reply ended it, and the engine lost. If the opponent had no reply
//     that wins at once, the game cannot have ended on the board: the server must have refused
//     the engine's answer or stopped the game; that too counts as a loss, and the report says
//     so. When the engine's last answer left after the server's limit (timed from the first
//     byte of the board), the server refused it: a loss on time, counted apart from the losses
//     on the board.
// Telling the boards apart is safe: a fresh game shows all six of the engine's pieces on its
// start triangle, while after any move of the engine one of them has left it or was taken.
// "close" ends the last game the same way.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "engine.h"
#include "server_protocol.h"
#include "tcp.h"

namespace ewn {

struct ClientConfig {
  std::string host = "127.0.0.1";
  int port = 50006;
  std::string name = "ewn";
  Duration server_limit = std::chrono::seconds(5);     // no answer in time loses
  Duration margin = std::chrono::milliseconds(500);    // kept free of it
  Duration die_grace = std::chrono::milliseconds(30);  // wait for a 2nd digit after "|1"
  Duration partial_wait = std::chrono::seconds(1);     // wait for the rest of a message
  Duration connect_wait{};                             // keep trying to connect this long
  bool verbose = false;                                // a line for every move
};

struct ClientGameResult {
  int number = 0;
  Side engine_side = Red;
  int engine_moves = 0;
  bool finished = true;  // false: the connection ended during the game
  bool engine_won = false;
  bool on_time = false;  // lost because the last answer came after the server's limit
  std::string how;       // how the result was inferred
  // "won", "lost", "lost on time" or "unfinished"
  std::string outcome() const;
};

// Follows the games from the boards the server sends (see the top of this file).
class GameTracker {
 public:
  struct Update {
    std::optional<ClientGameResult> ended;  // the previous game, if this board began a new one
    bool new_game = false;
    std::optional<Move> opponent_move;  // the opponent's move that led to this board
    std::string note;                   // something odd about the board
  };
  Update observe(const Position& board);
  // `late`: the answer left after the server's limit.
  void engine_moved(Move m, bool late);
  // The game in progress, ended by "close" (finished) or by a lost connection (unfinished
  // unless the engine's last move had won).
  std::optional<ClientGameResult> end(bool closed);
  int game_number() const { return number_; }

 private:
  ClientGameResult result_of_last_game() const;
  bool in_game_ = false;
  int number_ = 0;
  Side engine_side_ = Red;
  int engine_moves_ = 0;
  Position before_;  // the board the engine last moved in
  Move last_move_;
  bool moved_ = false;  // the engine has answered the last board
  bool late_ = false;   // ... after the server's limit
};

struct ClientReport {
  std::vector<ClientGameResult> games;
  bool closed = false;  // the server said "close"
  std::string error;    // what went wrong, if anything
  int wins() const;
  int losses() const;  // on the board and on time
  int time_losses() const;
  int unfinished() const;
};

class ServerClient {
 public:
  ServerClient(ClientConfig config, Engine& engine, std::ostream& out, std::ostream* log);
  // Connects, sends the ID and plays until "close". Errors end the run and are reported.
  ClientReport run();

 private:
  struct Received {
    std::string text;
    SteadyClock::time_point first_byte;
    bool cut_off = false;  // the connection ended in the middle of it
  };
  std::optional<Received> receive(TcpConnection& connection);
  void play(TcpConnection& connection, ClientReport& report);
  void game_ended(const ClientGameResult& r, ClientReport& report);
  void log(const std::string& text);

  ClientConfig config_;
  Engine& engine_;
  std::ostream& out_;
  std::ostream* log_;
  MessageAssembler assembler_;
  SteadyClock::time_point first_byte_{};
  GameTracker tracker_;
};

}  // namespace ewn
