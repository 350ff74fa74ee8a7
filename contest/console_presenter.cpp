#include "console_presenter.h"

#include <cstdio>
#include <ostream>

#include "big_text.h"
#include "direction.h"
#include "game_log.h"
#include "move_input.h"
#include "movegen.h"
#include "notation.h"
#include "percent.h"
#include "setup_input.h"
#include "side_names.h"

namespace ewn {

namespace {

std::string seconds_text(Duration d) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f s", std::max(0.0, double(d.count()) / 1e9));
  return buf;
}

}  // namespace

ConsolePresenter::ConsolePresenter(const ConsoleConfig& config, const Engine& engine,
                                   std::ostream& out, std::ostream* log)
    : config_(config), engine_(engine), out_(out), log_(log) {}

bool ConsolePresenter::clocks_shown() const {
  return operator_mode() && (config_.clock.per_game || config_.clock.per_move);
}

std::string ConsolePresenter::opponent_word() const {
  return operator_mode() ? "opponent" : "you";
}

std::string ConsolePresenter::who(const ContestState& state, Side side) const {
  return std::string(side_name(side)) + " (" +
         (side == state.game().engine_side ? "engine" : opponent_word()) + ")";
}

void ConsolePresenter::say(const std::string& text) {
  out_ << text;
}

void ConsolePresenter::log(const std::string& text) {
  if (log_) *log_ << text << std::flush;
}

void ConsolePresenter::show_score(const ContestState& state, const char* before) {
  out_ << before << "Score: engine " << state.engine_score() << " - " << state.opponent_score()
       << " " << opponent_word() << "\n";
}

void ConsolePresenter::greet() {
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
}

std::string ConsolePresenter::prompt(const ContestState& state) const {
  const ContestGame& game = state.game();
  switch (state.asking()) {
    case Ask::Colour:
      return "engine's colour in game " + std::to_string(game.number) + " (red/blue) [" +
             side_word(state.colour()) + "]> ";
    case Ask::Setup:
      return "setup> ";
    case Ask::Die:
      return "die for " + who(state, game.position().to_move) + "> ";
    case Ask::Move: {
      std::string die = std::to_string(state.pending_die().value_or(0));
      if (!operator_mode()) return "your move (die " + die + ")> ";
      return who(state, game.position().to_move) + " move, die " + die + "> ";
    }
    case Ask::Confirm:
      return "is that right? [Y/n]> ";
    case Ask::After:
      return config_.best_of_7 ? "match over (undo, quit)> " : "game over (new, undo, quit)> ";
    case Ask::EngineMove:
    case Ask::Done:
      return "";
  }
  return "> ";
}

void ConsolePresenter::explain_colour(const ContestState& state) {
  out_ << "Answer red or blue (Enter keeps " << side_name(state.colour()) << ").\n";
}

std::string ConsolePresenter::setup_problem(const ContestState& state, SetupProblem problem) const {
  Side engine = state.game().engine_side;
  switch (problem) {
    case SetupProblem::EngineIsOtherSide:
      return std::string("the engine plays ") + side_name(engine) + ", so only " +
             side_name(engine) + " can be 'engine'";
    case SetupProblem::NotAsked:
      return "no setup is asked for now";
    case SetupProblem::None:
      break;
  }
  return "";
}

void ConsolePresenter::match_game_begins(const ContestState& state) {
  out_ << "\n=== Game " << state.game().number << " of the match (engine " << state.engine_score()
       << " - " << state.opponent_score() << " opponent) ===\n";
}

void ConsolePresenter::fixed_setup_refused(const ContestState& state, SetupProblem problem) {
  out_ << "The setup '" << config_.setup << "' cannot be used: " << setup_problem(state, problem)
       << "\n";
}

void ConsolePresenter::setup_asked(const ContestState& state) {
  // A setup given that does not even parse is never tried (the command line refuses it).
  if (!config_.setup.empty() && !config_.fixed_setup) {
    out_ << "The setup '" << config_.setup
         << "' cannot be used: " << parse_setup(config_.setup).error << "\n";
  }
  Side engine = state.game().engine_side;
  out_ << "Setup for game " << state.game().number << ": the engine plays " << side_name(engine)
       << ", " << side_name(state.first_mover(engine)) << " moves first.\n"
       << "  random | rolls 3 1 4 1 5 2 | red 123456 blue engine | a SPEC position\n";
}

void ConsolePresenter::setup_dice_rolled(const std::array<int, 6>& rolls) {
  out_ << "Setup dice rolled by the program:";
  for (int r : rolls) out_ << ' ' << r;
  out_ << "\n";
}

void ConsolePresenter::engine_arranging(Side) {
  out_ << "The engine chooses its arrangement...\n";
}

void ConsolePresenter::engine_arranged(Side side, const Arrangement& order,
                                       const std::string& how) {
  out_ << "The engine places " << side_name(side) << " as " << format_arrangement(order) << " (on "
       << (side == Red ? "a5 b5 c5 a4 b4 a3" : "e1 e2 e3 d1 d2 c1") << "): " << how << ".\n";
}

void ConsolePresenter::setup_mover_differs(Side to_move, Side planned) {
  out_ << "Note: in this position " << side_name(to_move) << " is to move, not "
       << side_name(planned) << " as planned; it is played as given.\n";
}

void ConsolePresenter::game_started(const ContestState& state) {
  const ContestGame& game = state.game();
  const Position& pos = game.start;
  std::optional<char> seat;
  if (config_.best_of_7) seat = config_.engine_is_a ? 'A' : 'B';
  log(game_log::play_game_line(game.number, operator_mode(), game.engine_side, pos.to_move, seat) +
      game_log::setup_line(pos));
  out_ << "\nGame " << game.number << ": the engine plays " << side_name(game.engine_side) << " ("
       << (game.engine_side == Red ? "r1-r6, moves right/down" : "b1-b6, moves left/up") << "), "
       << opponent_word() << " play" << (operator_mode() ? "s " : " ")
       << side_name(opposite(game.engine_side)) << ". " << who(state, pos.to_move)
       << " moves first.\n";
  out_ << "Start: " << format_position(pos) << "\n";
  show_position(state);
}

void ConsolePresenter::die_rolled(const ContestState& state) {
  out_ << who(state, state.position().to_move) << " rolls " << *state.pending_die() << ".\n";
}

void ConsolePresenter::turn_asked(const ContestState& state) {
  show_turn_info(state);
}

void ConsolePresenter::engine_thinks(const Deadline& deadline, SteadyClock::time_point now) {
  Duration reading = now.time_since_epoch();  // the wall clock as deadlines read it
  if (deadline.hard && *deadline.hard - reading > std::chrono::milliseconds(500))
    out_ << "The engine thinks (about " << seconds_text(*deadline.soft - reading) << ", at most "
         << seconds_text(*deadline.hard - reading) << ")...\n"
         << std::flush;
}

void ConsolePresenter::engine_failed(const std::string& what) {
  out_ << "The engine failed (" << what << "); it plays its first legal move.\n";
}

void ConsolePresenter::engine_move_replaced(Move illegal) {
  out_ << "The engine chose an illegal move " << format_move(illegal)
       << "; it plays its first legal move instead.\n";
}

void ConsolePresenter::turn_played(const ContestState& state, bool over_time) {
  const ContestGame& game = state.game();
  const ContestTurn& turn = game.turns.back();
  log(format_turn_log(int(game.turns.size()), turn));
  if (turn.actor == Actor::Engine)
    show_engine_move(state, turn);
  else
    show_position(state);
  if (over_time && clocks_shown()) {
    if (turn.actor == Actor::Opponent)
      out_ << "Note: the opponent's clock is past its limit. If the referee agrees, type "
              "'win time'.\n";
    else
      out_ << "WARNING: the engine's clock is past its limit.\n";
  }
}

void ConsolePresenter::move_to_confirm(const ContestState& state, const ContestTurn& turn) {
  Position after = turn.before;
  after.play(turn.move);
  if (config_.draw_board) out_ << config_.draw_board(after, turn.move, config_.colour);
  out_ << who(state, turn.before.to_move) << " plays " << describe_move(turn.before, turn.move)
       << " with die " << turn.die << ".\n";
}

void ConsolePresenter::move_not_confirmed(const ContestState& state) {
  out_ << "Not played. Type the move again ('undo' to retype the die).\n";
  show_turn_info(state);
}

void ConsolePresenter::game_finished(const ContestState& state) {
  const ContestGame& game = state.finished_games().back();
  out_ << "\n*** Game " << game.number << ": " << side_name(*game.winner) << " wins ("
       << (game.engine_won() ? "the engine"
           : operator_mode() ? "the opponent"
                             : "you")
       << ", " << game.end << ") ***\n";
  log(format_game_summary(game));
  if (config_.best_of_7 || state.finished_games().size() > 1) show_score(state, "");
}

void ConsolePresenter::match_finished(const ContestState& state) {
  int engine = state.engine_score(), opponent = state.opponent_score();
  out_ << "*** Match over: "
       << (engine >= 4       ? "the engine"
           : operator_mode() ? "the opponent"
                             : "you")
       << " won the match " << engine << " - " << opponent << ". ***\n";
  log(game_log::match_score_lines(engine, opponent));
}

void ConsolePresenter::game_reopened(const ContestState& state, bool declared) {
  const ContestGame& game = state.game();
  log(game_log::reopen_line(game.number));
  out_ << "Game " << game.number << " is open again (score engine " << state.engine_score() << " - "
       << state.opponent_score() << ").\n";
  if (declared) show_position(state);
}

void ConsolePresenter::took_back(const ContestState& state, const TakenBack& taken) {
  const ContestTurn& t = taken.undone;
  switch (taken.kind) {
    case TakenBack::Nothing:
      out_ << "Nothing to undo.\n";
      return;
    case TakenBack::NothingInGame:
      out_ << "Nothing to undo (the game is at its start).\n";
      return;
    case TakenBack::NoOwnMove:
      out_ << "Nothing to undo: you have not moved yet.\n";
      return;
    case TakenBack::Die:
      out_ << "Die " << taken.die << " taken back.\n";
      log(game_log::undo_die_line());
      return;
    case TakenBack::Turn:
      log(game_log::undo_turn_line(taken.turn));
      out_ << "Took back " << who(state, t.before.to_move) << "'s move " << format_move(t.move)
           << ".\n";
      break;
    case TakenBack::OwnMoveAndAfter:
      log(game_log::undo_to_turn_line(taken.turn));
      out_ << "Took back your move " << format_move(t.move) << " and what followed.\n";
      break;
  }
  show_position(state);
}

void ConsolePresenter::position_set(const ContestState& state) {
  log(game_log::position_line(state.game().start));
  out_ << "Position set; the game goes on from here (undo cannot go back past it).\n";
  show_position(state);
}

void ConsolePresenter::game_left(const ContestState& state) {
  log(format_game_summary(state.game()));
}

void ConsolePresenter::input_ended(const ContestState& state, bool in_game) {
  if (in_game) {
    log(format_game_summary(state.game()));
    out_ << "\nEnd of input: game " << state.game().number << " stays unfinished.\n";
  } else {
    out_ << "\nEnd of input.\n";
  }
  show_score(state, "");
}

void ConsolePresenter::show_position(const ContestState& state) {
  const ContestGame& game = state.game();
  Position pos = game.position();
  std::optional<Move> last;
  if (!game.turns.empty()) last = game.turns.back().move;
  out_ << "\n";
  if (config_.draw_board) out_ << config_.draw_board(pos, last, config_.colour);
  if (!game.turns.empty()) {
    const ContestTurn& t = game.turns.back();
    out_ << "Last move: " << who(state, t.before.to_move) << " " << describe_move(t.before, t.move)
         << " (die " << t.die << ")\n";
  }
  out_ << format_position(pos) << "\n";
}

std::string ConsolePresenter::engine_chances(const ContestState& state) const {
  Position pos = state.position();
  Side engine = state.game().engine_side;
  std::optional<double> exact;
  if (auto die = state.pending_die()) {
    if (auto v = engine_.exact_value(pos, *die)) exact = pos.to_move == engine ? *v : 1 - *v;
  } else if (auto v = engine_.exact_value(pos)) {
    exact = pos.to_move == engine ? *v : 1 - *v;
  }
  if (exact) return "Engine's win probability: " + percent(*exact) + " (exact, from the tables)";
  const std::optional<EngineMove>& last = state.last_engine_move();
  if (last && last->value >= 0)
    return "Engine's win probability: " + percent(last->value) +
           (last->exact
                ? " (exact)"
                : " (its estimate at its last move, depth " + std::to_string(last->depth) + ")");
  return "";
}

void ConsolePresenter::show_turn_info(const ContestState& state) {
  Position pos = state.position();
  Side side = pos.to_move;
  std::optional<int> die = state.pending_die();
  out_ << "Turn " << state.game().turns.size() + 1 << ": " << who(state, side) << " to move";
  if (die) out_ << ", die " << *die;
  out_ << ".\n";
  if (clocks_shown()) show_clocks(state);
  std::string chances = engine_chances(state);
  if (!chances.empty()) out_ << chances << "\n";
  if (die && state.game().actor(side) == Actor::Opponent) {
    out_ << die_rule_text(pos, *die) << "\n";
    out_ << "Legal: " << legal_moves_text(pos, *die) << "\n";
  }
}

void ConsolePresenter::show_clocks(const ContestState& state) {
  auto now = SteadyClock::now();
  const GameClock& clock = state.clock();
  Side engine = state.game().engine_side;
  auto running = clock.running();
  if (config_.clock.per_game) {
    auto side_text = [&](Side s) {
      std::string t = (s == engine ? "engine " : opponent_word() + " ") + side_name(s) + " " +
                      format_clock(*clock.left(s, now));
      if (running == s) t += " (running)";
      return t;
    };
    out_ << "Clocks: " << side_text(engine) << " | " << side_text(opposite(engine)) << "\n";
  } else if (config_.clock.per_move) {
    out_ << "Move clock: " << format_clock(clock.this_move(now)) << " of "
         << format_clock(*config_.clock.per_move);
    if (running) out_ << " (" << who(state, *running) << ")";
    out_ << "\n";
  }
}

void ConsolePresenter::show_engine_move(const ContestState& state, const ContestTurn& t) {
  Side side = t.before.to_move;
  const EngineMove& em = *t.engine;
  uint8_t code = t.before.board[t.move.from];
  show_position(state);
  out_ << "\n  ############################################################\n";
  auto dir = direction_of(t.move);
  out_ << "  ENGINE (" << side_name(side) << ") PLAYS " << piece_name(code) << "  "
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

}  // namespace ewn
