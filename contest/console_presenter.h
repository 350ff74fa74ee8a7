// What the console shows and logs: every happening of the contest state (contest_state.h) as
// text on the screen and as lines of the game record in the log, and the screens the commands
// ask for (board, turn, clocks). It draws; it decides nothing.
#pragma once

#include <iosfwd>
#include <string>

#include "console_config.h"
#include "contest_state.h"
#include "engine.h"

namespace ewn {

class ConsolePresenter : public ContestObserver {
 public:
  // `log` (may be null) receives the game record as it happens. The engine is only asked for
  // exact values, to show the chances from the tables.
  ConsolePresenter(const ConsoleConfig& config, const Engine& engine, std::ostream& out,
                   std::ostream* log);

  // The greeting: the mode, the clocks, the match.
  void greet();
  // The question now open, e.g. "die for Blue (opponent)> ".
  std::string prompt(const ContestState& state) const;

  void say(const std::string& text);
  void log(const std::string& text);
  void show_position(const ContestState& state);
  void show_turn_info(const ContestState& state);
  void show_clocks(const ContestState& state);
  // "Score: engine 2 - 1 opponent", after `before` ("Bye. ").
  void show_score(const ContestState& state, const char* before);
  // The engine is about to think until `deadline` (said when that is more than a moment).
  void engine_thinks(const Deadline& deadline, SteadyClock::time_point now);
  void engine_failed(const std::string& what);
  // The engine's colour was answered with something else.
  void explain_colour(const ContestState& state);
  // Why a setup cannot be used.
  std::string setup_problem(const ContestState& state, SetupProblem problem) const;
  // Whether clocks are kept and shown: in operator mode, with a clock to keep.
  bool clocks_shown() const;

  void match_game_begins(const ContestState& state) override;
  void setup_asked(const ContestState& state) override;
  void fixed_setup_refused(const ContestState& state, SetupProblem problem) override;
  void setup_dice_rolled(const std::array<int, 6>& rolls) override;
  void engine_arranging(Side side) override;
  void engine_arranged(Side side, const Arrangement& order, const std::string& how) override;
  void setup_mover_differs(Side to_move, Side planned) override;
  void game_started(const ContestState& state) override;
  void die_rolled(const ContestState& state) override;
  void turn_asked(const ContestState& state) override;
  void engine_move_replaced(Move illegal) override;
  void turn_played(const ContestState& state, bool over_time) override;
  void move_to_confirm(const ContestState& state, const ContestTurn& turn) override;
  void move_not_confirmed(const ContestState& state) override;
  void game_finished(const ContestState& state) override;
  void match_finished(const ContestState& state) override;
  void game_reopened(const ContestState& state, bool declared) override;
  void took_back(const ContestState& state, const TakenBack& taken) override;
  void position_set(const ContestState& state) override;
  void game_left(const ContestState& state) override;
  void input_ended(const ContestState& state, bool in_game) override;

 private:
  bool operator_mode() const { return config_.mode == ConsoleMode::Operator; }
  std::string opponent_word() const;                            // "opponent" / "you"
  std::string who(const ContestState& state, Side side) const;  // "Red (engine)", "Blue (you)"
  std::string engine_chances(const ContestState& state) const;
  void show_engine_move(const ContestState& state, const ContestTurn& turn);

  const ConsoleConfig& config_;
  const Engine& engine_;
  std::ostream& out_;
  std::ostream* log_;
};

}  // namespace ewn
