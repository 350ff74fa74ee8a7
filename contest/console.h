// The game at the terminal: a person against the engine (`ewn play`), or an operator relaying
// an over-the-board game against another team's program (`ewn play --operator`).
//
// The console is a state machine fed one input line at a time: it asks for what it needs next
// (the engine's colour, a setup, a die, a move, a confirmation), plays the engine's moves as soon
// as it has their dice, and keeps the clocks, the score of a best-of-7 match and the log. Input
// it cannot use is explained and asked for again. Tests drive it line by line.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "contest_game.h"
#include "engine.h"
#include "game_clock.h"
#include "rng.h"
#include "setup_input.h"

namespace ewn {

enum class ConsoleMode { Play, Operator };

// Draws a board for the terminal, the last move highlighted (the CLI passes its board view).
using BoardDrawer =
    std::function<std::string(const Position&, std::optional<Move> last_move, bool colour)>;
enum class FirstMover { Red, Blue, Engine, Opponent };

struct ConsoleConfig {
  ConsoleMode mode = ConsoleMode::Play;
  Side engine_side = Red;              // the engine's colour (a match asks, with this as default)
  FirstMover first = FirstMover::Red;  // single games; a match follows its schedule
  std::string setup;                   // setup_input.h text; empty: asked for each game
  bool typed_dice = false;             // dice typed in; otherwise the program rolls
  uint64_t seed = 1;                   // the program's dice and random setups
  ClockRules clock;                    // what the engine must keep to
  Duration overhead{};                 // kept free on each engine move (game_clock.h)
  bool best_of_7 = false;              // a match: first to 4, A moves first in games 1, 4, 5
  bool engine_is_a = true;             // the engine's seat in the match
  bool confirm = false;    // ask to confirm each opponent move before the engine answers
  bool colour = false;     // ANSI colours on the board
  bool echo = false;       // repeat each input line (input is not a terminal)
  int setup_depth = 3;     // search depth for the engine's own arrangement
  BoardDrawer draw_board;  // none: positions are shown in SPEC notation only
};

class Console {
 public:
  enum class Ask { Colour, Setup, Die, Move, Confirm, After, Done };

  // `log` (may be null) receives the game record as it happens.
  Console(ConsoleConfig config, Engine& engine, std::ostream& out, std::ostream* log);

  // Greets, begins the first game and goes on until it needs input.
  void start();
  // The question now open, e.g. "die for Blue (opponent)> ".
  std::string prompt() const;
  // One line of input (a command or the answer to the question).
  void handle(std::string_view line);
  // No more input: the log is closed with the game unfinished.
  void end_of_input();

  Ask asking() const { return ask_; }
  bool done() const { return ask_ == Ask::Done; }
  const ContestGame& game() const { return game_; }
  Position position() const { return game_.position(); }
  std::optional<int> pending_die() const { return die_; }
  const std::vector<ContestGame>& finished_games() const { return finished_; }
  int engine_score() const { return score_[0]; }
  int opponent_score() const { return score_[1]; }
  const GameClock& clock() const { return clock_; }

 private:
  bool operator_mode() const { return config_.mode == ConsoleMode::Operator; }
  bool clocks_shown() const {
    return operator_mode() && (config_.clock.per_game || config_.clock.per_move);
  }
  std::string who(Side side) const;   // "Red (engine)", "Blue (you)"
  std::string opponent_word() const;  // "opponent" / "you"
  bool match_decided() const;
  Side first_mover(Side engine_side) const;

  void begin_game();
  void ask_setup();
  bool apply_setup(const SetupChoice& choice, std::string& error);
  void start_game(const Position& pos);
  void advance();
  void engine_turn(int die);
  void commit(ContestTurn turn);
  void finish_game(Side winner, const std::string& end);
  void reopen_last_game();

  bool command(std::string_view line);  // true if the line was a command
  void undo();
  void answer_colour(std::string_view line);
  void answer_setup(std::string_view line);
  void answer_die(std::string_view line);
  void answer_move(std::string_view line);
  void answer_confirm(std::string_view line);
  void answer_after(std::string_view line);
  void take_opponent_move(Move m);

  void show_position();
  void show_turn_info();
  void show_clocks();
  void show_engine_move(const ContestTurn& turn);
  void show_help();
  std::string engine_chances() const;
  void log(const std::string& text);

  ConsoleConfig config_;
  Engine& engine_;
  std::ostream& out_;
  std::ostream* log_;
  Rng rng_;
  GameClock clock_;

  Ask ask_ = Ask::Setup;
  ContestGame game_;
  std::vector<ContestGame> finished_;
  int score_[2] = {0, 0};  // engine, opponent
  int next_game_number_ = 1;
  Side colour_ = Red;       // the engine's colour for the game being set up
  std::optional<int> die_;  // rolled for the side to move
  std::optional<ContestTurn> unconfirmed_;
  std::optional<EngineMove> last_engine_;
};

// Runs the console on an input stream until it is done or the input ends.
void run_console(Console& console, std::istream& in, std::ostream& out, bool echo);

}  // namespace ewn
