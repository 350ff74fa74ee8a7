// The game at the terminal: a person against the engine (`ewn play`), or an operator relaying
// an over-the-board game against another team's program (`ewn play --operator`).
//
// The console is fed one input line at a time. It holds three parts: the contest's state
// machine (contest_state.h: the game or match, the dice, the clocks, the score), the commands
// that may be typed at any question (console_commands.h) and the presenter that shows and logs
// what happens (console_presenter.h). A line that is no command answers the open question and
// becomes an event of the state; when the state asks for the engine's move, the console asks
// the engine. Input it cannot use is explained and asked for again. Tests drive it line by line.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "console_config.h"
#include "console_presenter.h"
#include "contest_state.h"
#include "engine.h"

namespace ewn {

class Console {
 public:
  using Ask = ewn::Ask;

  // `log` (may be null) receives the game record as it happens.
  Console(ConsoleConfig config, Engine& engine, std::ostream& out, std::ostream* log);

  // Greets, begins the first game and goes on until it needs input.
  void start();
  // The question now open, e.g. "die for Blue (opponent)> ".
  std::string prompt() const { return screen_.prompt(state_); }
  // One line of input (a command or the answer to the question).
  void handle(std::string_view line);
  // No more input: the log is closed with the game unfinished.
  void end_of_input() { state_.end_of_input(); }

  Ask asking() const { return state_.asking(); }
  bool done() const { return state_.asking() == Ask::Done; }
  const ContestGame& game() const { return state_.game(); }
  Position position() const { return state_.position(); }
  std::optional<int> pending_die() const { return state_.pending_die(); }
  const std::vector<ContestGame>& finished_games() const { return state_.finished_games(); }
  int engine_score() const { return state_.engine_score(); }
  int opponent_score() const { return state_.opponent_score(); }
  const GameClock& clock() const { return state_.clock(); }

 private:
  // The engine forgets the last game when a new one starts.
  struct EngineReset : ContestObserver {
    explicit EngineReset(Engine& e) : engine(e) {}
    void game_started(const ContestState&) override { engine.new_game(); }
    Engine& engine;
  };

  void answer(const std::string& line);
  void answer_die(const std::string& line);
  void answer_move(const std::string& line);
  // Plays the engine's moves as long as the state asks for them.
  void play_engine();

  ConsoleConfig config_;
  Engine& engine_;
  EngineReset engine_reset_;
  ConsolePresenter screen_;
  ContestState state_;
};

// Runs the console on an input stream until it is done or the input ends.
void run_console(Console& console, std::istream& in, std::ostream& out, bool echo);

}  // namespace ewn
