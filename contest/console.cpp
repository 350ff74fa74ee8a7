#include "console.h"

#include <istream>
#include <ostream>

#include "console_commands.h"
#include "move_input.h"
#include "side_names.h"
#include "typed_line.h"

namespace ewn {

namespace {

// The configuration with its setup text parsed into the rules. A setup that does not parse is
// never tried: the presenter says so each time it asks for a setup.
ConsoleConfig with_fixed_setup(ConsoleConfig config) {
  config.fixed_setup.reset();
  if (!config.setup.empty()) config.fixed_setup = parse_setup(config.setup).choice;
  return config;
}

}  // namespace

Console::Console(ConsoleConfig config, Engine& engine, std::ostream& out, std::ostream* log)
    : config_(with_fixed_setup(std::move(config))),
      engine_(engine),
      engine_reset_(engine),
      screen_(config_, engine, out, log),
      state_(static_cast<const ContestRules&>(config_)) {
  state_.watch(engine_reset_);
  state_.watch(screen_);
}

void Console::start() {
  screen_.greet();
  state_.begin(SteadyClock::now());
  play_engine();
}

void Console::handle(std::string_view raw) {
  if (done()) return;
  std::string line = trim(raw);
  ConsoleParts parts{state_, screen_, config_};
  if (!run_command(parts, line)) answer(line);
  play_engine();
}

void Console::play_engine() {
  while (state_.asking() == Ask::EngineMove) {
    auto now = SteadyClock::now();
    Deadline deadline = engine_.capped(state_.engine_deadline(now), now);
    screen_.engine_thinks(deadline, now);
    EngineMove move;
    try {
      move = engine_.choose(state_.position(), *state_.pending_die(), deadline);
    } catch (const std::exception& e) {
      screen_.engine_failed(e.what());
      state_.engine_failed(SteadyClock::now());
      continue;
    }
    state_.engine_move(move, SteadyClock::now());
  }
}

// The answer to the open question, as an event of the state.
void Console::answer(const std::string& line) {
  auto now = SteadyClock::now();
  std::string word = lower(line);
  switch (state_.asking()) {
    case Ask::Colour:
      if (auto side = parse_side(word))
        state_.choose_colour(*side, now);
      else if (word.empty())
        state_.choose_colour(std::nullopt, now);
      else
        screen_.explain_colour(state_);
      return;
    case Ask::Setup: {
      SetupInput in = parse_setup(line);
      std::string error = in.error;
      if (in.choice) {
        SetupProblem problem = state_.setup(*in.choice, now);
        if (problem == SetupProblem::None) return;
        error = screen_.setup_problem(state_, problem);
      }
      screen_.say("Cannot use that setup: " + error + "\n");
      return;
    }
    case Ask::Die:
      answer_die(line);
      return;
    case Ask::Move:
      answer_move(line);
      return;
    case Ask::Confirm:
      if (word.empty() || word == "y" || word == "yes")
        state_.confirm(true, now);
      else if (word == "n" || word == "no" || word == "undo")
        state_.confirm(false, now);
      else
        screen_.say("Answer y (or Enter) to play it, n to type it again.\n");
      return;
    case Ask::After:
      if (word.empty() || word == "quit" || word == "q" || word == "n" || word == "no") {
        screen_.show_score(state_, "");
        state_.close();
      } else if (!((word == "new" || word == "y" || word == "yes") && state_.new_game(now))) {
        screen_.say(config_.best_of_7
                        ? "Type 'undo' to reopen the last game or Enter to leave.\n"
                        : "Type 'new' for another game, 'undo', or Enter to leave.\n");
      }
      return;
    case Ask::EngineMove:
    case Ask::Done:
      return;
  }
}

// A die, and for the opponent's turn perhaps its move on the same line: "4 d2c3".
void Console::answer_die(const std::string& line) {
  if (line.empty()) {
    screen_.say("Type the die (1-6).\n");
    return;
  }
  auto [die, move] = first_word(line);
  if (die.size() != 1 || die[0] < '1' || die[0] > '6') {
    screen_.say("'" + die + "' is not a die: type a number 1-6 (or 'help').\n");
    return;
  }
  bool engine_turn = state_.game().actor(state_.position().to_move) == Actor::Engine;
  if (!move.empty() && engine_turn)
    screen_.say("Only the die is needed for the engine's turn; '" + move + "' is ignored.\n");
  state_.die(die[0] - '0', SteadyClock::now(), !move.empty());
  if (!move.empty() && !engine_turn) answer_move(move);
}

void Console::answer_move(const std::string& line) {
  MoveInput in = parse_move_input(state_.position(), *state_.pending_die(), line);
  if (!in.move) {
    screen_.say("Cannot play that: " + in.error + "\n");
    return;
  }
  state_.opponent_move(*in.move, SteadyClock::now());
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
