#include "console.h"

#include <cmath>
#include <cstdio>
#include <istream>
#include <ostream>

#include "big_text.h"
#include "direction.h"
#include "move_input.h"
#include "movegen.h"
#include "notation.h"
#include "race.h"
#include "setup.h"
#include "setup_choice.h"

namespace ewn {

namespace {

const char* colour_name(Side s) {
  return s == Red ? "Red" : "Blue";
}

std::string trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() &&
         (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
    s.remove_suffix(1);
  return std::string(s);
}

std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return s;
}

// The first word and the rest.
std::pair<std::string, std::string> split_word(const std::string& s) {
  size_t space = s.find(' ');
  if (space == std::string::npos) return {lower(s), ""};
  return {lower(s.substr(0, space)), trim(s.substr(space + 1))};
}

std::string percent(double p) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100 * p);
  return buf;
}

std::string seconds_text(Duration d) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f s", std::max(0.0, double(d.count()) / 1e9));
  return buf;
}

}  // namespace

Console::Console(ConsoleConfig config, Engine& engine, std::ostream& out, std::ostream* log)
    : config_(std::move(config)),
      engine_(engine),
      out_(out),
      log_(log),
      rng_(config_.seed),
      clock_(config_.clock),
      colour_(config_.engine_side) {}

std::string Console::opponent_word() const {
  return operator_mode() ? "opponent" : "you";
}

std::string Console::who(Side side) const {
  return std::string(colour_name(side)) + " (" +
         (side == game_.engine_side ? "engine" : opponent_word()) + ")";
}

bool Console::match_decided() const {
  return score_[0] >= 4 || score_[1] >= 4;
}

Side Console::first_mover(Side engine_side) const {
  if (config_.best_of_7) {
    int g = next_game_number_;
    bool a_first = g == 1 || g == 4 || g == 5;
    return a_first == config_.engine_is_a ? engine_side : opposite(engine_side);
  }
  switch (config_.first) {
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

void Console::log(const std::string& text) {
  if (log_) *log_ << text << std::flush;
}

void Console::start() {
  out_ << (operator_mode() ? "Operator console" : "EinStein wuerfelt nicht! against the engine")
       << ". Type 'help' for the commands.\n";
  if (!operator_mode()) {
    if (config_.clock.per_move)
      out_ << "The engine thinks up to " << format_duration(*config_.clock.per_move)
           << " a move.\n";
  } else if (clocks_shown()) {
    out_ << "Clocks: "
         << (config_.clock.per_game
                 ? format_duration(*config_.clock.per_game) + " per side per game"
                 : format_duration(*config_.clock.per_move) + " per move")
         << "; the engine keeps " << format_duration(config_.overhead)
         << " a move free for the operator.\n";
  }
  if (config_.best_of_7)
    out_ << "Best-of-7 match: first to 4 wins; the engine is player "
         << (config_.engine_is_a ? 'A' : 'B') << " (A moves first in games 1, 4, 5).\n";
  begin_game();
}

void Console::begin_game() {
  game_ = ContestGame{};
  game_.number = next_game_number_;
  die_.reset();
  unconfirmed_.reset();
  last_engine_.reset();
  clock_ = GameClock(config_.clock);
  if (config_.best_of_7) {
    out_ << "\n=== Game " << game_.number << " of the match (engine " << score_[0] << " - "
         << score_[1] << " opponent) ===\n";
    ask_ = Ask::Colour;
    return;
  }
  ask_setup();
}

void Console::ask_setup() {
  game_.engine_side = colour_;
  if (!config_.setup.empty()) {
    SetupInput in = parse_setup(config_.setup);
    std::string error = in.error;
    if (in.choice && apply_setup(*in.choice, error)) return;
    out_ << "The setup '" << config_.setup << "' cannot be used: " << error << "\n";
  }
  ask_ = Ask::Setup;
  out_ << "Setup for game " << game_.number << ": the engine plays " << colour_name(colour_) << ", "
       << colour_name(first_mover(colour_)) << " moves first.\n"
       << "  random | rolls 3 1 4 1 5 2 | red 123456 blue engine | a SPEC position\n";
}

bool Console::apply_setup(const SetupChoice& choice, std::string& error) {
  Side engine = game_.engine_side;
  Side first = first_mover(engine);
  auto roll_six = [&] {
    std::array<int, 6> rolls{};
    for (int& r : rolls) r = rng_.die();
    return rolls;
  };
  Position pos;
  switch (choice.kind) {
    case SetupChoice::Random: {
      auto rolls = roll_six();
      out_ << "Setup dice rolled by the program:";
      for (int r : rolls) out_ << ' ' << r;
      out_ << "\n";
      pos = referee_setup(rolls, first);
      break;
    }
    case SetupChoice::Rolls:
      pos = referee_setup(choice.rolls, first);
      break;
    case SetupChoice::Free: {
      if (choice.sides[opposite(engine)].kind == SideSetup::Engine) {
        error = std::string("the engine plays ") + colour_name(engine) + ", so only " +
                colour_name(engine) + " can be 'engine'";
        return false;
      }
      std::array<Arrangement, 2> order{};
      for (Side s : {Red, Blue}) {
        const SideSetup& side = choice.sides[s];
        if (side.kind == SideSetup::Given) order[s] = side.order;
        if (side.kind == SideSetup::Random) order[s] = referee_order(roll_six());
      }
      if (choice.sides[engine].kind == SideSetup::Engine) {
        out_ << "The engine chooses its arrangement...\n";
        order[engine] =
            choose_arrangement(engine, first, order[opposite(engine)], config_.setup_depth);
        out_ << "The engine places " << colour_name(engine) << " as "
             << format_arrangement(order[engine]) << " (on "
             << (engine == Red ? "a5 b5 c5 a4 b4 a3" : "e1 e2 e3 d1 d2 c1") << ").\n";
      }
      place_side(pos, Red, order[Red]);
      place_side(pos, Blue, order[Blue]);
      pos.to_move = first;
      break;
    }
    case SetupChoice::Whole:
      pos = choice.position;
      if (pos.to_move != first)
        out_ << "Note: in this position " << colour_name(pos.to_move) << " is to move, not "
             << colour_name(first) << " as planned; it is played as given.\n";
      break;
  }
  start_game(pos);
  return true;
}

void Console::start_game(const Position& pos) {
  game_.start = pos;
  game_.turns.clear();
  game_.winner.reset();
  game_.end.clear();
  engine_.new_game();
  auto colour = [](Side s) { return s == Red ? "red" : "blue"; };
  std::string header = "game " + std::to_string(game_.number) +
                       " mode=" + (operator_mode() ? "operator" : "play") +
                       " engine=" + colour(game_.engine_side) + " first=" + colour(pos.to_move);
  if (config_.best_of_7)
    header += std::string(" match=bo7 seat=") + (config_.engine_is_a ? "A" : "B");
  log(header + "\nsetup " + format_position(pos) + "\n");
  out_ << "\nGame " << game_.number << ": the engine plays " << colour_name(game_.engine_side)
       << " (" << (game_.engine_side == Red ? "r1-r6, moves right/down" : "b1-b6, moves left/up")
       << "), " << opponent_word() << " play" << (operator_mode() ? "s " : " ")
       << colour_name(opposite(game_.engine_side)) << ". " << who(pos.to_move) << " moves first.\n";
  out_ << "Start: " << format_position(pos) << "\n";
  clock_ = GameClock(config_.clock);
  clock_.start(pos.to_move, SteadyClock::now());
  show_position();
  advance();
}

void Console::advance() {
  while (true) {
    Position pos = game_.position();
    if (auto w = pos.winner()) {
      Side mover = opposite(pos.to_move);
      finish_game(*w,
                  *w == mover && game_.turns.back().move.to == goal_of(mover) ? "goal" : "capture");
      return;
    }
    Side side = pos.to_move;
    if (!die_) {
      if (config_.typed_dice) {
        ask_ = Ask::Die;
        show_turn_info();
        return;
      }
      die_ = rng_.die();
      out_ << who(side) << " rolls " << *die_ << ".\n";
    }
    if (game_.actor(side) == Actor::Engine) {
      int die = *die_;
      engine_turn(die);
      continue;
    }
    ask_ = Ask::Move;
    show_turn_info();
    return;
  }
}

void Console::engine_turn(int die) {
  Position pos = game_.position();
  Side side = pos.to_move;
  auto now = SteadyClock::now();
  double moves_left = expected_turns(pos, side) + 2;
  Deadline deadline =
      engine_.capped(plan_engine_move(clock_, side, config_.overhead, moves_left, now), now);
  Duration reading = now.time_since_epoch();  // the wall clock as deadlines read it
  if (deadline.hard && *deadline.hard - reading > std::chrono::milliseconds(500))
    out_ << "The engine thinks (about " << seconds_text(*deadline.soft - reading) << ", at most "
         << seconds_text(*deadline.hard - reading) << ")...\n"
         << std::flush;
  ContestTurn turn;
  turn.before = pos;
  turn.die = die;
  turn.actor = Actor::Engine;
  EngineMove em;
  try {
    em = engine_.choose(pos, die, deadline);
  } catch (const std::exception& e) {
    out_ << "The engine failed (" << e.what() << "); it plays its first legal move.\n";
    em.move = legal_moves(pos, die).moves[0];
  }
  if (!legal_moves(pos, die).contains(em.move)) {
    // Never play an illegal move: an engine bug must not lose the game on the spot.
    out_ << "The engine chose an illegal move " << format_move(em.move)
         << "; it plays its first legal move instead.\n";
    em.move = legal_moves(pos, die).moves[0];
    em.value = -1;
  }
  turn.move = em.move;
  turn.engine = em;
  last_engine_ = em;
  commit(turn);
}

void Console::commit(ContestTurn turn) {
  auto now = SteadyClock::now();
  Side side = turn.before.to_move;
  turn.took = clock_.this_move(now);
  bool over = clock_.over_time(side, now);
  if (auto left = clock_.left(side, now)) turn.clock_left = *left;
  game_.turns.push_back(turn);
  die_.reset();
  log(format_turn_log(int(game_.turns.size()), turn));
  clock_.start(opposite(side), now);
  if (turn.actor == Actor::Engine)
    show_engine_move(game_.turns.back());
  else
    show_position();
  if (over && clocks_shown()) {
    if (turn.actor == Actor::Opponent)
      out_ << "Note: the opponent's clock is past its limit. If the referee agrees, type "
              "'win time'.\n";
    else
      out_ << "WARNING: the engine's clock is past its limit.\n";
  }
}

void Console::finish_game(Side winner, const std::string& end) {
  clock_.stop(SteadyClock::now());
  game_.winner = winner;
  game_.end = end;
  die_.reset();
  unconfirmed_.reset();
  bool engine_won = game_.engine_won();
  ++score_[engine_won ? 0 : 1];
  out_ << "\n*** Game " << game_.number << ": " << colour_name(winner) << " wins ("
       << (engine_won        ? "the engine"
           : operator_mode() ? "the opponent"
                             : "you")
       << ", " << end << ") ***\n";
  log(format_game_summary(game_));
  finished_.push_back(game_);
  next_game_number_ = game_.number + 1;
  if (config_.best_of_7 || finished_.size() > 1)
    out_ << "Score: engine " << score_[0] << " - " << score_[1] << " " << opponent_word() << "\n";
  if (config_.best_of_7) {
    if (match_decided()) {
      out_ << "*** Match over: "
           << (score_[0] >= 4    ? "the engine"
               : operator_mode() ? "the opponent"
                                 : "you")
           << " won the match " << score_[0] << " - " << score_[1] << ". ***\n";
      log("match engine " + std::to_string(score_[0]) + " - " + std::to_string(score_[1]) +
          " opponent\n\n");
      ask_ = Ask::After;
      return;
    }
    begin_game();
    return;
  }
  ask_ = Ask::After;
}

void Console::reopen_last_game() {
  game_ = finished_.back();
  finished_.pop_back();
  --score_[game_.engine_won() ? 0 : 1];
  next_game_number_ = game_.number;
  bool declared = game_.end != "goal" && game_.end != "capture";
  game_.winner.reset();
  game_.end.clear();
  log("reopen game " + std::to_string(game_.number) + "\n");
  out_ << "Game " << game_.number << " is open again (score engine " << score_[0] << " - "
       << score_[1] << ").\n";
  clock_.start(game_.position().to_move, SteadyClock::now());
  if (declared) {
    show_position();
    advance();
    return;
  }
  undo();
}

std::string Console::prompt() const {
  switch (ask_) {
    case Ask::Colour:
      return "engine's colour in game " + std::to_string(game_.number) + " (red/blue) [" +
             (colour_ == Red ? "red" : "blue") + "]> ";
    case Ask::Setup:
      return "setup> ";
    case Ask::Die:
      return "die for " + who(game_.position().to_move) + "> ";
    case Ask::Move:
      if (!operator_mode()) return "your move (die " + std::to_string(die_.value_or(0)) + ")> ";
      return who(game_.position().to_move) + " move, die " + std::to_string(die_.value_or(0)) +
             "> ";
    case Ask::Confirm:
      return "is that right? [Y/n]> ";
    case Ask::After:
      return config_.best_of_7 ? "match over (undo, quit)> " : "game over (new, undo, quit)> ";
    case Ask::Done:
      return "";
  }
  return "> ";
}

void Console::handle(std::string_view raw) {
  if (ask_ == Ask::Done) return;
  std::string line = trim(raw);
  if (command(line)) return;
  switch (ask_) {
    case Ask::Colour:
      answer_colour(line);
      break;
    case Ask::Setup:
      answer_setup(line);
      break;
    case Ask::Die:
      answer_die(line);
      break;
    case Ask::Move:
      answer_move(line);
      break;
    case Ask::Confirm:
      answer_confirm(line);
      break;
    case Ask::After:
      answer_after(line);
      break;
    case Ask::Done:
      break;
  }
}

bool Console::command(std::string_view text) {
  auto [word, rest] = split_word(std::string(text));
  bool playing = ask_ == Ask::Die || ask_ == Ask::Move || ask_ == Ask::Confirm;
  if (word == "help" || word == "?") {
    show_help();
    return true;
  }
  if (word == "quit" || word == "exit") {
    if (playing || !game_.turns.empty()) {
      if (!game_.winner) log(format_game_summary(game_));
    }
    out_ << "Bye. Score: engine " << score_[0] << " - " << score_[1] << " " << opponent_word()
         << "\n";
    ask_ = Ask::Done;
    return true;
  }
  if (word == "undo" && ask_ != Ask::Confirm) {
    undo();
    return true;
  }
  if (word == "board" && rest.empty()) {
    show_position();
    if (playing) show_turn_info();
    return true;
  }
  if (word == "clock" || word == "clocks") {
    if (!clocks_shown()) {
      out_ << "Clocks are kept in operator mode only.\n";
      return true;
    }
    if (!rest.empty()) {
      if (!config_.clock.per_game) {
        out_ << "With a per-move limit there is no game clock to set.\n";
        return true;
      }
      auto [first, second] = split_word(rest);
      auto mine = parse_clock(first);
      std::optional<Duration> theirs;
      if (!second.empty()) theirs = parse_clock(second);
      if (!mine || (!second.empty() && !theirs)) {
        out_ << "Write the clocks as minutes:seconds, engine's first: clock 3:41 3:52\n";
        return true;
      }
      auto now = SteadyClock::now();
      clock_.set_left(game_.engine_side, *mine, now);
      if (theirs) clock_.set_left(opposite(game_.engine_side), *theirs, now);
      log("clock engine=" + format_clock(*mine) +
          (theirs ? " opponent=" + format_clock(*theirs) : "") + "\n");
    }
    show_clocks();
    return true;
  }
  if ((word == "win" || word == "loss") && playing && operator_mode()) {
    std::string reason = rest.empty() ? "declared" : "declared " + rest;
    Side winner = word == "win" ? game_.engine_side : opposite(game_.engine_side);
    log("declare " + word + (rest.empty() ? "" : " " + rest) + "\n");
    finish_game(winner, reason);
    return true;
  }
  if (word == "position" && playing) {
    try {
      ParsedPosition p = parse_position(rest);
      if (p.position.winner()) {
        out_ << "That position is already decided; use 'win' or 'loss' to end the game.\n";
        return true;
      }
      log("position " + format_position(p.position) + "\n");
      game_.start = p.position;
      game_.turns.clear();
      die_ = p.die;
      unconfirmed_.reset();
      clock_.start(p.position.to_move, SteadyClock::now());
      out_ << "Position set; the game goes on from here (undo cannot go back past it).\n";
      show_position();
      advance();
    } catch (const ParseError& e) {
      out_ << "Bad position: " << e.what() << "\n";
    }
    return true;
  }
  if (word == "moves" && rest.empty() && die_) {
    out_ << "Legal: " << legal_moves_text(game_.position(), *die_) << "\n";
    return true;
  }
  return false;
}

void Console::undo() {
  if (ask_ == Ask::Confirm) return;
  bool before_start = ask_ == Ask::Colour || ask_ == Ask::Setup || ask_ == Ask::After;
  if (before_start) {
    if (ask_ == Ask::After || (game_.turns.empty() && !finished_.empty())) {
      if (finished_.empty()) {
        out_ << "Nothing to undo.\n";
        return;
      }
      reopen_last_game();
      return;
    }
    out_ << "Nothing to undo.\n";
    return;
  }
  if (operator_mode() && config_.typed_dice) {
    // One typed input at a time: the pending die, else the last move (an opponent's move is
    // typed again with its die; the engine moves again once its die is typed again).
    if (die_) {
      out_ << "Die " << *die_ << " taken back.\n";
      log("undo die\n");
      die_.reset();
      advance();
      return;
    }
    if (game_.turns.empty()) {
      out_ << "Nothing to undo (the game is at its start).\n";
      return;
    }
    ContestTurn t = game_.turns.back();
    game_.turns.pop_back();
    log("undo turn " + std::to_string(game_.turns.size() + 1) + "\n");
    clock_.start(t.before.to_move, SteadyClock::now());
    out_ << "Took back " << who(t.before.to_move) << "'s move " << format_move(t.move) << ".\n";
    if (t.actor == Actor::Opponent) die_ = t.die;
    last_engine_.reset();
    for (const ContestTurn& x : game_.turns)
      if (x.engine) last_engine_ = x.engine;
    show_position();
    advance();
    return;
  }
  // Back to the person's (or opponent's) previous decision, with its die.
  int human_turn = -1;
  for (int i = int(game_.turns.size()) - 1; i >= 0; --i)
    if (game_.turns[size_t(i)].actor == Actor::Opponent) {
      human_turn = i;
      break;
    }
  if (human_turn < 0) {
    out_ << "Nothing to undo: you have not moved yet.\n";
    return;
  }
  ContestTurn t = game_.turns[size_t(human_turn)];
  game_.turns.resize(size_t(human_turn));
  log("undo to turn " + std::to_string(human_turn + 1) + "\n");
  out_ << "Took back your move " << format_move(t.move) << " and what followed.\n";
  die_ = t.die;
  last_engine_.reset();
  for (const ContestTurn& x : game_.turns)
    if (x.engine) last_engine_ = x.engine;
  clock_.start(t.before.to_move, SteadyClock::now());
  show_position();
  advance();
}

void Console::answer_colour(std::string_view line) {
  std::string w = lower(std::string(line));
  if (w == "red" || w == "r")
    colour_ = Red;
  else if (w == "blue" || w == "b")
    colour_ = Blue;
  else if (!w.empty()) {
    out_ << "Answer red or blue (Enter keeps " << colour_name(colour_) << ").\n";
    return;
  }
  ask_setup();
}

void Console::answer_setup(std::string_view line) {
  SetupInput in = parse_setup(line);
  std::string error = in.error;
  if (in.choice && apply_setup(*in.choice, error)) return;
  out_ << "Cannot use that setup: " << error << "\n";
}

void Console::answer_die(std::string_view line) {
  std::string s(line);
  if (s.empty()) {
    out_ << "Type the die (1-6).\n";
    return;
  }
  size_t space = s.find(' ');
  std::string first = s.substr(0, space);
  std::string rest = space == std::string::npos ? "" : trim(s.substr(space + 1));
  if (first.size() != 1 || first[0] < '1' || first[0] > '6') {
    out_ << "'" << first << "' is not a die: type a number 1-6 (or 'help').\n";
    return;
  }
  Position pos = game_.position();
  die_ = first[0] - '0';
  if (!rest.empty() && game_.actor(pos.to_move) == Actor::Engine) {
    out_ << "Only the die is needed for the engine's turn; '" << rest << "' is ignored.\n";
  }
  if (game_.actor(pos.to_move) == Actor::Opponent && !rest.empty()) {
    ask_ = Ask::Move;
    answer_move(rest);
    return;
  }
  advance();
}

void Console::answer_move(std::string_view line) {
  Position pos = game_.position();
  MoveInput in = parse_move_input(pos, *die_, line);
  if (!in.move) {
    out_ << "Cannot play that: " << in.error << "\n";
    return;
  }
  take_opponent_move(*in.move);
}

void Console::take_opponent_move(Move m) {
  Position pos = game_.position();
  ContestTurn turn;
  turn.before = pos;
  turn.die = *die_;
  turn.move = m;
  turn.actor = Actor::Opponent;
  if (config_.confirm) {
    unconfirmed_ = turn;
    ask_ = Ask::Confirm;
    Position after = pos;
    after.play(m);
    if (config_.draw_board) out_ << config_.draw_board(after, m, config_.colour);
    out_ << who(pos.to_move) << " plays " << describe_move(pos, m) << " with die " << *die_
         << ".\n";
    return;
  }
  commit(turn);
  advance();
}

void Console::answer_confirm(std::string_view line) {
  std::string w = lower(std::string(line));
  if (w.empty() || w == "y" || w == "yes") {
    ContestTurn t = *unconfirmed_;
    unconfirmed_.reset();
    commit(t);
    advance();
    return;
  }
  if (w == "n" || w == "no" || w == "undo") {
    unconfirmed_.reset();
    ask_ = Ask::Move;
    out_ << "Not played. Type the move again ('undo' to retype the die).\n";
    show_turn_info();
    return;
  }
  out_ << "Answer y (or Enter) to play it, n to type it again.\n";
}

void Console::answer_after(std::string_view line) {
  std::string w = lower(std::string(line));
  if (w.empty() || w == "quit" || w == "q" || w == "n" || w == "no") {
    out_ << "Score: engine " << score_[0] << " - " << score_[1] << " " << opponent_word() << "\n";
    ask_ = Ask::Done;
    return;
  }
  if ((w == "new" || w == "y" || w == "yes") && !config_.best_of_7) {
    begin_game();
    return;
  }
  out_ << (config_.best_of_7 ? "Type 'undo' to reopen the last game or Enter to leave.\n"
                             : "Type 'new' for another game, 'undo', or Enter to leave.\n");
}

void Console::end_of_input() {
  if (ask_ == Ask::Done) return;
  bool in_game = ask_ == Ask::Die || ask_ == Ask::Move || ask_ == Ask::Confirm;
  if (in_game) {
    game_.end = "input ended";
    log(format_game_summary(game_));
    out_ << "\nEnd of input: game " << game_.number << " stays unfinished.\n";
  } else {
    out_ << "\nEnd of input.\n";
  }
  out_ << "Score: engine " << score_[0] << " - " << score_[1] << " " << opponent_word() << "\n";
  ask_ = Ask::Done;
}

void Console::show_position() {
  Position pos = game_.position();
  std::optional<Move> last;
  if (!game_.turns.empty()) last = game_.turns.back().move;
  out_ << "\n";
  if (config_.draw_board) out_ << config_.draw_board(pos, last, config_.colour);
  if (!game_.turns.empty()) {
    const ContestTurn& t = game_.turns.back();
    out_ << "Last move: " << who(t.before.to_move) << " " << describe_move(t.before, t.move)
         << " (die " << t.die << ")\n";
  }
  out_ << format_position(pos) << "\n";
}

std::string Console::engine_chances() const {
  Position pos = game_.position();
  Side engine = game_.engine_side;
  std::optional<double> exact;
  if (die_) {
    if (auto v = engine_.exact_value(pos, *die_)) exact = pos.to_move == engine ? *v : 1 - *v;
  } else if (auto v = engine_.exact_value(pos)) {
    exact = pos.to_move == engine ? *v : 1 - *v;
  }
  if (exact) return "Engine's win probability: " + percent(*exact) + " (exact, from the tables)";
  if (last_engine_ && last_engine_->value >= 0)
    return "Engine's win probability: " + percent(last_engine_->value) +
           (last_engine_->exact ? " (exact)"
                                : " (its estimate at its last move, depth " +
                                      std::to_string(last_engine_->depth) + ")");
  return "";
}

void Console::show_turn_info() {
  Position pos = game_.position();
  Side side = pos.to_move;
  out_ << "Turn " << game_.turns.size() + 1 << ": " << who(side) << " to move";
  if (die_) out_ << ", die " << *die_;
  out_ << ".\n";
  if (clocks_shown()) show_clocks();
  std::string chances = engine_chances();
  if (!chances.empty()) out_ << chances << "\n";
  if (die_ && game_.actor(side) == Actor::Opponent) {
    out_ << die_rule_text(pos, *die_) << "\n";
    out_ << "Legal: " << legal_moves_text(pos, *die_) << "\n";
  }
}

void Console::show_clocks() {
  auto now = SteadyClock::now();
  Side engine = game_.engine_side;
  auto running = clock_.running();
  if (config_.clock.per_game) {
    auto side_text = [&](Side s) {
      std::string t = (s == engine ? "engine " : opponent_word() + " ") + colour_name(s) + " " +
                      format_clock(*clock_.left(s, now));
      if (running == s) t += " (running)";
      return t;
    };
    out_ << "Clocks: " << side_text(engine) << " | " << side_text(opposite(engine)) << "\n";
  } else if (config_.clock.per_move) {
    out_ << "Move clock: " << format_clock(clock_.this_move(now)) << " of "
         << format_clock(*config_.clock.per_move);
    if (running) out_ << " (" << who(*running) << ")";
    out_ << "\n";
  }
}

void Console::show_engine_move(const ContestTurn& t) {
  Side side = t.before.to_move;
  const EngineMove& em = *t.engine;
  uint8_t code = t.before.board[t.move.from];
  show_position();
  out_ << "\n  ############################################################\n";
  auto dir = direction_of(t.move);
  out_ << "  ENGINE (" << colour_name(side) << ") PLAYS " << piece_name(code) << "  "
       << square_name(t.move.from) << " -> " << square_name(t.move.to) << "   ("
       << (dir ? direction_name(*dir) : "?") << ", die " << t.die << ")\n\n";
  out_ << big_text(square_name(t.move.from) + " " + square_name(t.move.to), "    ");
  out_ << "  ############################################################\n";
  out_ << "Engine plays " << format_move(t.move) << " in " << seconds_text(t.took);
  if (em.exact)
    out_ << " (exact)";
  else if (em.depth > 0)
    out_ << " (depth " << em.depth << ", " << em.nodes << " nodes)";
  out_ << "\n";
  if (em.value >= 0)
    out_ << "Engine's win probability: " << percent(em.value) << (em.exact ? " (exact)" : "")
         << "\n";
}

void Console::show_help() {
  out_ << "Commands (at any question):\n"
          "  undo            take back: "
       << (operator_mode() ? "the last die or move typed (again and again)\n"
                           : "your last move and the engine's answer\n")
       << "  board           show the board again\n"
          "  moves           the legal moves for the die\n";
  if (operator_mode())
    out_ << "  clock [E [O]]   show the clocks, or set them to the official readings (m:ss),\n"
            "                  the engine's first\n"
            "  win [why]       the engine has won this game (opponent over time, illegal move)\n"
            "  loss [why]      the engine has lost this game\n";
  out_ << "  position <P>    go on from position P (SPEC notation, e.g. after a mix-up)\n"
          "  quit            leave (the log keeps everything)\n"
          "Moves: a5b4 (from, to), 3 down (piece, direction), c5 down, b4 (the only move there).\n"
          "Red moves right, down, rightdown; Blue left, up, leftup.\n";
  if (operator_mode())
    out_ << "For the opponent's turn the die and the move may share a line: 4 d2c3.\n";
}

void run_console(Console& console, std::istream& in, std::ostream& out, bool echo) {
  console.start();
  std::string line;
  while (!console.done()) {
    out << console.prompt() << std::flush;
    if (!std::getline(in, line)) {
      console.end_of_input();
      break;
    }
    if (echo) out << line << "\n";
    try {
      console.handle(line);
    } catch (const std::exception& e) {
      // A bug must not end a contest game: say so and ask again.
      out << "Internal error (" << e.what() << "); the input was not used. Please type it again.\n";
    }
  }
  out << std::flush;
}

}  // namespace ewn
