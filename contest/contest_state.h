// A contest game, or a best-of-7 match, as a state machine that knows nothing of text.
//
// Events come in (a colour chosen, a setup, a die, a move, an engine's move, a result declared,
// a takeback), each with the time it happened; the state says what it waits for next (`asking`)
// and what has happened so far (the game, the finished games, the score, the clocks). What
// happens on the way is told to its observers in the order it happens, so that a presenter can
// show it and log it (console_presenter.h) and a test can follow it.
//
// The engine is not called from here: when it is the engine's turn the state asks for its move
// (Ask::EngineMove, with the deadline the clock allows) and the caller plays it.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <memory>

#include "contest_game.h"
#include "game_clock.h"
#include "rng.h"
#include "setup_advice.h"
#include "setup_input.h"

namespace ewn {

// What the state waits for.
enum class Ask {
  Colour,      // the engine's colour for the next game of a match
  Setup,       // the game's setup
  Die,         // the die of the side to move (typed dice)
  Move,        // the opponent's move for the pending die
  EngineMove,  // the engine's move for the pending die
  Confirm,     // whether the opponent's move was entered right (confirm)
  After,       // the game (or the match) is over: a new game, a takeback or leaving
  Done,
};

enum class FirstMover { Red, Blue, Engine, Opponent };

struct ContestRules {
  Side engine_side = Red;              // the engine's colour (a match asks, with this as default)
  FirstMover first = FirstMover::Red;  // single games; a match follows its schedule
  std::optional<SetupChoice> fixed_setup;  // every game's setup; none: asked for each game
  bool typed_dice = false;                 // dice typed in; otherwise the state rolls them
  uint64_t seed = 1;                       // the rolled dice and random setups
  ClockRules clock;                        // what the engine must keep to
  Duration overhead{};                     // kept free on each engine move (game_clock.h)
  bool best_of_7 = false;                  // a match: first to 4, A moves first in games 1, 4, 5
  bool engine_is_a = true;                 // the engine's seat in the match
  bool confirm = false;                    // confirm each opponent move before the engine answers
  int setup_depth = 3;                     // search depth for the engine's own arrangement
  // The setup matrix the engine places itself by (setup_choice.h); none: the search above.
  std::shared_ptr<const SetupAdvisor> setup_advisor;
};

// Why a setup cannot be used.
enum class SetupProblem {
  None,
  NotAsked,           // no setup is asked for now
  EngineIsOtherSide,  // a free setup lets the engine arrange the side it does not play
};

// What a takeback goes back over. An operator relaying typed dice takes back one typed input
// at a time (the pending die, else the last move); a person takes back their own last move and
// the engine's answer.
enum class Takeback { LastInput, OwnMove };

// What a takeback did.
struct TakenBack {
  enum Kind {
    Nothing,          // no game in progress and none to reopen
    NothingInGame,    // LastInput: the game is at its start
    NoOwnMove,        // OwnMove: the opponent has not moved yet
    Die,              // the pending die
    Turn,             // the last move (LastInput)
    OwnMoveAndAfter,  // the opponent's last move and all that followed (OwnMove)
  } kind = Nothing;
  int die = 0;
  int turn = 0;        // 1-based number of the (first) turn taken back
  ContestTurn undone;  // Turn, OwnMoveAndAfter
};

class ContestState;

// Told of what happens, in order. Every method does nothing unless overridden.
class ContestObserver {
 public:
  virtual ~ContestObserver() = default;
  virtual void match_game_begins(const ContestState&) {}  // before its colour is asked
  virtual void setup_asked(const ContestState&) {}
  virtual void fixed_setup_refused(const ContestState&, SetupProblem) {}
  virtual void setup_dice_rolled(const std::array<int, 6>&) {}
  virtual void engine_arranging(Side) {}
  virtual void engine_arranged(Side, const Arrangement&, const std::string& /*how*/) {}
  // A whole position as the setup, its side to move not the one planned.
  virtual void setup_mover_differs(Side /*to_move*/, Side /*planned*/) {}
  virtual void game_started(const ContestState&) {}
  virtual void die_rolled(const ContestState&) {}  // the pending die, rolled
  virtual void turn_asked(const ContestState&) {}  // a die or the opponent's move
  virtual void engine_move_replaced(Move /*illegal*/) {}
  // The turn played is the game's last one; `over_time`: the mover's clock is past its limit.
  virtual void turn_played(const ContestState&, bool /*over_time*/) {}
  virtual void move_to_confirm(const ContestState&, const ContestTurn&) {}
  virtual void move_not_confirmed(const ContestState&) {}
  virtual void game_finished(const ContestState&) {}  // the last of finished_games()
  virtual void match_finished(const ContestState&) {}
  // `declared`: the game had a declared result, and goes on where it stood.
  virtual void game_reopened(const ContestState&, bool /*declared*/) {}
  virtual void took_back(const ContestState&, const TakenBack&) {}
  virtual void position_set(const ContestState&) {}
  virtual void game_left(const ContestState&) {}  // leaving, the game unfinished
  virtual void input_ended(const ContestState&, bool /*in_game*/) {}
};

class ContestState {
 public:
  using TimePoint = SteadyClock::time_point;

  explicit ContestState(ContestRules rules);
  // Adds one to the observers told of what happens, in the order they were added.
  void watch(ContestObserver& observer) { observers_.push_back(&observer); }

  // Events. Each returns whether it was taken: one that does not fit the question (or is not
  // legal) changes nothing.
  void begin(TimePoint now);  // the first game
  // The engine's colour for the game of a match (none: keep the one proposed).
  bool choose_colour(std::optional<Side> side, TimePoint now);
  SetupProblem setup(const SetupChoice& choice, TimePoint now);
  // A typed die for the side to move; `move_follows`: its move is typed with it, so the move is
  // not asked for (only the opponent's).
  bool die(int die, TimePoint now, bool move_follows = false);
  bool opponent_move(Move move, TimePoint now);
  // The engine's move (an illegal one is replaced by the first legal move: an engine bug must
  // not lose the game on the spot), or its failure (it plays the first legal move).
  bool engine_move(EngineMove move, TimePoint now);
  bool engine_failed(TimePoint now);
  bool confirm(bool yes, TimePoint now);
  // A result the operator declares (opponent over time, an illegal move, ...): `end` as logged.
  bool declare(Side winner, const std::string& end, TimePoint now);
  // The game goes on from `pos` (after a mix-up), with `die` pending if given.
  bool set_position(const Position& pos, std::optional<int> die, TimePoint now);
  // The engine's (and the opponent's) game clock set to official readings.
  bool set_clocks(Duration engine, std::optional<Duration> opponent, TimePoint now);
  void undo(Takeback takeback, TimePoint now);
  bool new_game(TimePoint now);  // after a single game
  bool close();                  // after the game or the match: done
  void leave();                  // at any time: done, an unfinished game told as left
  void end_of_input();           // done, an unfinished game ended so

  Ask asking() const { return ask_; }
  bool playing() const {
    return ask_ == Ask::Die || ask_ == Ask::Move || ask_ == Ask::EngineMove || ask_ == Ask::Confirm;
  }
  const ContestGame& game() const { return game_; }
  Position position() const { return game_.position(); }
  std::optional<int> pending_die() const { return die_; }
  const std::vector<ContestGame>& finished_games() const { return finished_; }
  int engine_score() const { return score_[0]; }
  int opponent_score() const { return score_[1]; }
  bool match_decided() const { return score_[0] >= 4 || score_[1] >= 4; }
  const GameClock& clock() const { return clock_; }
  // The engine's colour proposed for the game being set up, and who would then move first.
  Side colour() const { return colour_; }
  Side first_mover(Side engine_side) const;
  // The engine's latest move in this game, if any.
  const std::optional<EngineMove>& last_engine_move() const { return last_engine_; }
  // The deadline of the engine's move (Ask::EngineMove), from the clock.
  Deadline engine_deadline(TimePoint now) const;

 private:
  void begin_game(TimePoint now);
  void ask_setup(TimePoint now);
  SetupProblem apply_setup(const SetupChoice& choice, TimePoint now);
  void start_game(const Position& pos, TimePoint now);
  void advance(TimePoint now);
  void commit(ContestTurn turn, TimePoint now);
  void finish_game(Side winner, const std::string& end, TimePoint now);
  void reopen_last_game(Takeback takeback, TimePoint now);
  void find_last_engine_move();
  std::array<int, 6> roll_six();

  // Tells every observer: tell(&ContestObserver::game_started, *this).
  template <class... Params, class... Args>
  void tell(void (ContestObserver::*event)(Params...), const Args&... args) {
    for (ContestObserver* o : observers_) (o->*event)(args...);
  }

  ContestRules rules_;
  std::vector<ContestObserver*> observers_;
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

}  // namespace ewn
