#include "console_commands.h"

#include "game_log.h"
#include "move_input.h"
#include "notation.h"
#include "typed_line.h"

namespace ewn {

namespace {

bool operator_mode(const ConsoleParts& parts) {
  return parts.config.mode == ConsoleMode::Operator;
}

bool always(const ConsoleParts&, const std::string&) {
  return true;
}

void help(ConsoleParts& parts, const std::string&, const std::string&) {
  parts.screen.say(console_help(parts.config.mode));
}

void quit(ConsoleParts& parts, const std::string&, const std::string&) {
  parts.state.leave();
  parts.screen.show_score(parts.state, "Bye. ");
}

void undo(ConsoleParts& parts, const std::string&, const std::string&) {
  bool one_input = operator_mode(parts) && parts.config.typed_dice;
  parts.state.undo(one_input ? Takeback::LastInput : Takeback::OwnMove, SteadyClock::now());
}

void board(ConsoleParts& parts, const std::string&, const std::string&) {
  parts.screen.show_position(parts.state);
  if (parts.state.playing()) parts.screen.show_turn_info(parts.state);
}

void moves(ConsoleParts& parts, const std::string&, const std::string&) {
  parts.screen.say(
      "Legal: " + legal_moves_text(parts.state.position(), *parts.state.pending_die()) + "\n");
}

void clock(ConsoleParts& parts, const std::string&, const std::string& rest) {
  if (!parts.screen.clocks_shown()) {
    parts.screen.say("Clocks are kept in operator mode only.\n");
    return;
  }
  if (!rest.empty()) {
    if (!parts.config.clock.per_game) {
      parts.screen.say("With a per-move limit there is no game clock to set.\n");
      return;
    }
    auto [first, second] = first_word(rest);
    auto mine = parse_clock(lower(first));
    std::optional<Duration> theirs;
    if (!second.empty()) theirs = parse_clock(second);
    if (!mine || (!second.empty() && !theirs)) {
      parts.screen.say("Write the clocks as minutes:seconds, engine's first: clock 3:41 3:52\n");
      return;
    }
    parts.state.set_clocks(*mine, theirs, SteadyClock::now());
    std::optional<std::string> opponent;
    if (theirs) opponent = format_clock(*theirs);
    parts.screen.log(game_log::clock_line(format_clock(*mine), opponent));
  }
  parts.screen.show_clocks(parts.state);
}

// The operator declares the game's result (the opponent over time, an illegal move).
void declare(ConsoleParts& parts, const std::string& word, const std::string& rest) {
  Side engine = parts.state.game().engine_side;
  parts.screen.log(game_log::declare_line(word, rest));
  parts.state.declare(word == "win" ? engine : opposite(engine),
                      rest.empty() ? std::string(game_log::kDeclared)
                                   : std::string(game_log::kDeclared) + " " + rest,
                      SteadyClock::now());
}

void position(ConsoleParts& parts, const std::string&, const std::string& rest) {
  try {
    ParsedPosition p = parse_position(rest);
    if (p.position.winner()) {
      parts.screen.say("That position is already decided; use 'win' or 'loss' to end the game.\n");
      return;
    }
    parts.state.set_position(p.position, p.die, SteadyClock::now());
  } catch (const ParseError& e) {
    parts.screen.say(std::string("Bad position: ") + e.what() + "\n");
  }
}

}  // namespace

const std::vector<ConsoleCommand>& console_commands() {
  using Shown = ConsoleCommand::Shown;
  static const std::vector<ConsoleCommand> commands = {
      {{"help", "?"}, "", "", "", Shown::Never, always, help},
      {{"undo"},
       "",
       "take back: your last move and the engine's answer",
       "take back: the last die or move typed (again and again)",
       Shown::Always,
       // At the confirmation 'undo' answers no.
       [](const ConsoleParts& p, const std::string&) { return p.state.asking() != Ask::Confirm; },
       undo},
      {{"board"},
       "",
       "show the board again",
       "",
       Shown::Always,
       [](const ConsoleParts&, const std::string& rest) { return rest.empty(); },
       board},
      {{"moves"},
       "",
       "the legal moves for the die",
       "",
       Shown::Always,
       [](const ConsoleParts& p, const std::string& rest) {
         return rest.empty() && p.state.pending_die().has_value();
       },
       moves},
      {{"clock", "clocks"},
       "[E [O]]",
       "show the clocks, or set them to the official readings (m:ss),\nthe engine's first",
       "",
       Shown::InOperatorMode,
       always,
       clock},
      {{"win"},
       "[why]",
       "the engine has won this game (opponent over time, illegal move)",
       "",
       Shown::InOperatorMode,
       [](const ConsoleParts& p, const std::string&) {
         return p.state.playing() && operator_mode(p);
       },
       declare},
      {{"loss"},
       "[why]",
       "the engine has lost this game",
       "",
       Shown::InOperatorMode,
       [](const ConsoleParts& p, const std::string&) {
         return p.state.playing() && operator_mode(p);
       },
       declare},
      {{"position"},
       "<P>",
       "go on from position P (SPEC notation, e.g. after a mix-up)",
       "",
       Shown::Always,
       [](const ConsoleParts& p, const std::string&) { return p.state.playing(); },
       position},
      {{"quit", "exit"}, "", "leave (the log keeps everything)", "", Shown::Always, always, quit},
  };
  return commands;
}

bool run_command(ConsoleParts& parts, const std::string& line) {
  auto [word, rest] = first_word(line);
  word = lower(word);
  for (const ConsoleCommand& command : console_commands())
    for (std::string_view name : command.names)
      if (word == name && command.applies(parts, rest)) {
        command.run(parts, word, rest);
        return true;
      }
  return false;
}

std::string console_help(ConsoleMode mode) {
  bool operator_mode = mode == ConsoleMode::Operator;
  const std::string indent(18, ' ');  // the help's second column
  std::string out = "Commands (at any question):\n";
  for (const ConsoleCommand& command : console_commands()) {
    using Shown = ConsoleCommand::Shown;
    if (command.shown == Shown::Never || (command.shown == Shown::InOperatorMode && !operator_mode))
      continue;
    std::string usage = "  " + std::string(command.names[0]);
    if (!command.arguments.empty()) usage += " " + std::string(command.arguments);
    usage.resize(std::max(usage.size() + 1, indent.size()), ' ');
    std::string_view text =
        operator_mode && !command.operator_help.empty() ? command.operator_help : command.help;
    for (size_t line = 0; !text.empty(); ++line) {
      size_t end = text.find('\n');
      out += (line == 0 ? usage : indent) + std::string(text.substr(0, end)) + "\n";
      text = end == std::string_view::npos ? "" : text.substr(end + 1);
    }
  }
  out +=
      "Moves: a5b4 (from, to), 3 down (piece, direction), c5 down, b4 (the only move there).\n"
      "Red moves right, down, rightdown; Blue left, up, leftup.\n";
  if (operator_mode)
    out += "For the opponent's turn the die and the move may share a line: 4 d2c3.\n";
  return out;
}

}  // namespace ewn
