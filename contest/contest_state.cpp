#include "contest_state.h"

#include "movegen.h"
#include "race.h"
#include "setup.h"
#include "setup_choice.h"

namespace ewn {

ContestState::ContestState(ContestRules rules)
    : rules_(std::move(rules)),
      rng_(rules_.seed),
      clock_(rules_.clock),
      colour_(rules_.engine_side) {}

Side ContestState::first_mover(Side engine_side) const {
  if (rules_.best_of_7) {
    int g = next_game_number_;
    bool a_first = g == 1 || g == 4 || g == 5;
    return a_first == rules_.engine_is_a ? engine_side : opposite(engine_side);
  }
  switch (rules_.first) {
    case FirstMover::Red:
      return Red;
    case FirstMover::Blue:
      return Blue;
    case FirstMover::Engine:
      return engine_side;
    case FirstMover::Opponent:
      return opposite(engine_side);
  }
  return Red;
}

Deadline ContestState::engine_deadline(TimePoint now) const {
  Position pos = position();
  double moves_left = expected_turns(pos, pos.to_move) + 2;
  return plan_engine_move(clock_, pos.to_move, rules_.overhead, moves_left, now);
}

std::array<int, 6> ContestState::roll_six() {
  std::array<int, 6> rolls{};
  for (int& r : rolls) r = rng_.die();
  return rolls;
}

void ContestState::begin(TimePoint now) {
  begin_game(now);
}

void ContestState::begin_game(TimePoint now) {
  game_ = ContestGame{};
  game_.number = next_game_number_;
  die_.reset();
  unconfirmed_.reset();
  last_engine_.reset();
  clock_ = GameClock(rules_.clock);
  if (rules_.best_of_7) {
    tell(&ContestObserver::match_game_begins, *this);
    ask_ = Ask::Colour;
    return;
  }
  ask_setup(now);
}

bool ContestState::choose_colour(std::optional<Side> side, TimePoint now) {
  if (ask_ != Ask::Colour) return false;
  if (side) colour_ = *side;
  ask_setup(now);
  return true;
}

void ContestState::ask_setup(TimePoint now) {
  game_.engine_side = colour_;
  if (rules_.fixed_setup) {
    SetupProblem problem = apply_setup(*rules_.fixed_setup, now);
    if (problem == SetupProblem::None) return;
    tell(&ContestObserver::fixed_setup_refused, *this, problem);
  }
  ask_ = Ask::Setup;
  tell(&ContestObserver::setup_asked, *this);
}

SetupProblem ContestState::setup(const SetupChoice& choice, TimePoint now) {
  if (ask_ != Ask::Setup) return SetupProblem::NotAsked;
  return apply_setup(choice, now);
}

SetupProblem ContestState::apply_setup(const SetupChoice& choice, TimePoint now) {
  Side engine = game_.engine_side;
  Side first = first_mover(engine);
  Position pos;
  switch (choice.kind) {
    case SetupChoice::Random: {
      auto rolls = roll_six();
      tell(&ContestObserver::setup_dice_rolled, rolls);
      pos = referee_setup(rolls, first);
      break;
    }
    case SetupChoice::Rolls:
      pos = referee_setup(choice.rolls, first);
      break;
    case SetupChoice::Free: {
      if (choice.sides[opposite(engine)].kind == SideSetup::Engine)
        return SetupProblem::EngineIsOtherSide;
      std::array<Arrangement, 2> order{};
      for (Side s : {Red, Blue})
        if (choice.sides[s].kind == SideSetup::Given) order[s] = choice.sides[s].order;
      if (choice.sides[engine].kind == SideSetup::Engine) {
        tell(&ContestObserver::engine_arranging, engine);
        // A given arrangement of the opponent is answered; a random one is rolled only after
        // the engine has placed itself, so the engine plays its equilibrium mix against it.
        std::optional<Arrangement> opponent;
        if (choice.sides[opposite(engine)].kind == SideSetup::Given)
          opponent = order[opposite(engine)];
        EngineArrangement chosen = engine_arrangement(rules_.setup_advisor.get(), engine, first,
                                                      opponent, rules_.setup_depth, rng_);
        order[engine] = chosen.order;
        tell(&ContestObserver::engine_arranged, engine, order[engine], chosen.how);
      }
      for (Side s : {Red, Blue})
        if (choice.sides[s].kind == SideSetup::Random) order[s] = referee_order(roll_six());
      place_side(pos, Red, order[Red]);
      place_side(pos, Blue, order[Blue]);
      pos.to_move = first;
      break;
    }
    case SetupChoice::Whole:
      pos = choice.position;
      if (pos.to_move != first) tell(&ContestObserver::setup_mover_differs, pos.to_move, first);
      break;
  }
  start_game(pos, now);
  return SetupProblem::None;
}

void ContestState::start_game(const Position& pos, TimePoint now) {
  game_.start = pos;
  game_.turns.clear();
  game_.winner.reset();
  game_.end.clear();
  clock_ = GameClock(rules_.clock);
  clock_.start(pos.to_move, now);
  tell(&ContestObserver::game_started, *this);
  advance(now);
}

// Goes on to the next question: the game's end, a die, or a move.
void ContestState::advance(TimePoint now) {
  Position pos = game_.position();
  if (auto w = pos.winner()) {
    Side mover = opposite(pos.to_move);
    bool goal = *w == mover && game_.turns.back().move.to == goal_of(mover);
    finish_game(*w, goal ? "goal" : "capture", now);
    return;
  }
  Side side = pos.to_move;
  if (!die_) {
    if (rules_.typed_dice) {
      ask_ = Ask::Die;
      tell(&ContestObserver::turn_asked, *this);
      return;
    }
    die_ = rng_.die();
    tell(&ContestObserver::die_rolled, *this);
  }
  if (game_.actor(side) == Actor::Engine) {
    ask_ = Ask::EngineMove;
    return;
  }
  ask_ = Ask::Move;
  tell(&ContestObserver::turn_asked, *this);
}

bool ContestState::die(int die, TimePoint now, bool move_follows) {
  if (ask_ != Ask::Die || die < 1 || die > 6) return false;
  die_ = die;
  if (move_follows && game_.actor(position().to_move) == Actor::Opponent) {
    ask_ = Ask::Move;
    return true;
  }
  advance(now);
  return true;
}

bool ContestState::opponent_move(Move move, TimePoint now) {
  Position pos = position();
  if (ask_ != Ask::Move || !legal_moves(pos, *die_).contains(move)) return false;
  ContestTurn turn;
  turn.before = pos;
  turn.die = *die_;
  turn.move = move;
  turn.actor = Actor::Opponent;
  if (rules_.confirm) {
    unconfirmed_ = turn;
    ask_ = Ask::Confirm;
    tell(&ContestObserver::move_to_confirm, *this, turn);
    return true;
  }
  commit(turn, now);
  advance(now);
  return true;
}

bool ContestState::confirm(bool yes, TimePoint now) {
  if (ask_ != Ask::Confirm) return false;
  ContestTurn turn = *unconfirmed_;
  unconfirmed_.reset();
  if (!yes) {
    ask_ = Ask::Move;
    tell(&ContestObserver::move_not_confirmed, *this);
    return true;
  }
  commit(turn, now);
  advance(now);
  return true;
}

bool ContestState::engine_move(EngineMove move, TimePoint now) {
  if (ask_ != Ask::EngineMove) return false;
  Position pos = position();
  MoveList legal = legal_moves(pos, *die_);
  if (!legal.contains(move.move)) {
    tell(&ContestObserver::engine_move_replaced, move.move);
    move.move = legal.moves[0];
    move.value = -1;
  }
  ContestTurn turn;
  turn.before = pos;
  turn.die = *die_;
  turn.actor = Actor::Engine;
  turn.move = move.move;
  turn.engine = move;
  last_engine_ = move;
  commit(turn, now);
  advance(now);
  return true;
}

bool ContestState::engine_failed(TimePoint now) {
  if (ask_ != Ask::EngineMove) return false;
  EngineMove first;
  first.move = legal_moves(position(), *die_).moves[0];
  return engine_move(first, now);
}

void ContestState::commit(ContestTurn turn, TimePoint now) {
  Side side = turn.before.to_move;
  turn.took = clock_.this_move(now);
  bool over = clock_.over_time(side, now);
  if (auto left = clock_.left(side, now)) turn.clock_left = *left;
  game_.turns.push_back(turn);
  die_.reset();
  clock_.start(opposite(side), now);
  tell(&ContestObserver::turn_played, *this, over);
}

bool ContestState::declare(Side winner, const std::string& end, TimePoint now) {
  if (!playing()) return false;
  finish_game(winner, end, now);
  return true;
}

void ContestState::finish_game(Side winner, const std::string& end, TimePoint now) {
  clock_.stop(now);
  game_.winner = winner;
  game_.end = end;
  die_.reset();
  unconfirmed_.reset();
  ++score_[game_.engine_won() ? 0 : 1];
  finished_.push_back(game_);
  next_game_number_ = game_.number + 1;
  tell(&ContestObserver::game_finished, *this);
  if (rules_.best_of_7 && !match_decided()) {
    begin_game(now);
    return;
  }
  ask_ = Ask::After;
  if (rules_.best_of_7) tell(&ContestObserver::match_finished, *this);
}

bool ContestState::set_position(const Position& pos, std::optional<int> die, TimePoint now) {
  if (!playing() || pos.winner()) return false;
  game_.start = pos;
  game_.turns.clear();
  die_ = die;
  unconfirmed_.reset();
  clock_.start(pos.to_move, now);
  tell(&ContestObserver::position_set, *this);
  advance(now);
  return true;
}

bool ContestState::set_clocks(Duration engine, std::optional<Duration> opponent, TimePoint now) {
  if (!rules_.clock.per_game) return false;
  clock_.set_left(game_.engine_side, engine, now);
  if (opponent) clock_.set_left(opposite(game_.engine_side), *opponent, now);
  return true;
}

void ContestState::find_last_engine_move() {
  last_engine_.reset();
  for (const ContestTurn& t : game_.turns)
    if (t.engine) last_engine_ = t.engine;
}

void ContestState::undo(Takeback takeback, TimePoint now) {
  if (ask_ == Ask::Confirm) return;
  TakenBack taken;
  if (ask_ == Ask::Colour || ask_ == Ask::Setup || ask_ == Ask::After) {
    // Before a game starts, or after one: the last finished game is reopened.
    if (!finished_.empty() && (ask_ == Ask::After || game_.turns.empty())) {
      reopen_last_game(takeback, now);
      return;
    }
    tell(&ContestObserver::took_back, *this, taken);
    return;
  }
  if (takeback == Takeback::LastInput) {
    if (die_) {
      taken.kind = TakenBack::Die;
      taken.die = *die_;
      die_.reset();
      tell(&ContestObserver::took_back, *this, taken);
      advance(now);
      return;
    }
    if (game_.turns.empty()) {
      taken.kind = TakenBack::NothingInGame;
      tell(&ContestObserver::took_back, *this, taken);
      return;
    }
    // An opponent's move is typed again with its die; the engine moves again once its die is.
    taken.kind = TakenBack::Turn;
    taken.undone = game_.turns.back();
    taken.turn = int(game_.turns.size());
    game_.turns.pop_back();
    if (taken.undone.actor == Actor::Opponent) die_ = taken.undone.die;
  } else {
    int own = -1;
    for (int i = int(game_.turns.size()) - 1; i >= 0 && own < 0; --i)
      if (game_.turns[size_t(i)].actor == Actor::Opponent) own = i;
    if (own < 0) {
      taken.kind = TakenBack::NoOwnMove;
      tell(&ContestObserver::took_back, *this, taken);
      return;
    }
    // Back to the opponent's previous decision, with its die.
    taken.kind = TakenBack::OwnMoveAndAfter;
    taken.undone = game_.turns[size_t(own)];
    taken.turn = own + 1;
    game_.turns.resize(size_t(own));
    die_ = taken.undone.die;
  }
  find_last_engine_move();
  clock_.start(taken.undone.before.to_move, now);
  tell(&ContestObserver::took_back, *this, taken);
  advance(now);
}

void ContestState::reopen_last_game(Takeback takeback, TimePoint now) {
  game_ = finished_.back();
  finished_.pop_back();
  --score_[game_.engine_won() ? 0 : 1];
  next_game_number_ = game_.number;
  bool declared = game_.end != "goal" && game_.end != "capture";
  game_.winner.reset();
  game_.end.clear();
  clock_.start(game_.position().to_move, now);
  tell(&ContestObserver::game_reopened, *this, declared);
  if (declared) {
    advance(now);
    return;
  }
  // The game is open again: the takeback is one inside it (asked "after the game", undo would
  // reopen the game before this one instead).
  ask_ = Ask::Move;
  undo(takeback, now);
}

bool ContestState::new_game(TimePoint now) {
  if (ask_ != Ask::After || rules_.best_of_7) return false;
  begin_game(now);
  return true;
}

bool ContestState::close() {
  if (ask_ != Ask::After) return false;
  ask_ = Ask::Done;
  return true;
}

void ContestState::leave() {
  if (ask_ == Ask::Done) return;
  if ((playing() || !game_.turns.empty()) && !game_.winner)
    tell(&ContestObserver::game_left, *this);
  ask_ = Ask::Done;
}

void ContestState::end_of_input() {
  if (ask_ == Ask::Done) return;
  bool in_game = playing();
  if (in_game) game_.end = "input ended";
  tell(&ContestObserver::input_ended, *this, in_game);
  ask_ = Ask::Done;
}

}  // namespace ewn
