// The console's commands: what may be typed at any question instead of its answer. One table
// holds each command's names, arguments, help line and handler; the help is made from it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "console_config.h"
#include "console_presenter.h"
#include "contest_state.h"

namespace ewn {

// What a command acts on.
struct ConsoleParts {
  ContestState& state;
  ConsolePresenter& screen;
  const ConsoleConfig& config;
};

struct ConsoleCommand {
  enum class Shown { Always, InOperatorMode, Never };  // in the help

  std::vector<std::string_view> names;  // the first is the one the help shows
  std::string_view arguments;           // as the help writes them: "<P>", "[why]"
  std::string_view help;                // lines after the first are indented under it
  std::string_view operator_help;       // in operator mode, where it says something else
  Shown shown = Shown::Always;
  // Whether the word is this command here, `rest` following it (else the line is an answer).
  bool (*applies)(const ConsoleParts& parts, const std::string& rest);
  void (*run)(ConsoleParts& parts, const std::string& word, const std::string& rest);
};

// All commands, in the order the help lists them.
const std::vector<ConsoleCommand>& console_commands();

// Runs the command `line` begins with, if it is one here; false if the line is an answer.
bool run_command(ConsoleParts& parts, const std::string& line);

// The help: the commands' lines for the mode, then how moves are typed.
std::string console_help(ConsoleMode mode);

}  // namespace ewn
