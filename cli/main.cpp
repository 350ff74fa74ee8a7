// ewn: one command for the EinStein wuerfelt nicht! tablebase system.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>

#include "commands.h"
#include "printable.h"

namespace {

// Exit code of every usage error (unknown command or option, bad or out-of-range value), the
// same as the "bad use" code the subcommands document.
constexpr int kUsageError = 2;

// "show, gen, probe, ..."
std::string command_names(const CLI::App& app) {
  std::string names;
  for (const CLI::App* sub : app.get_subcommands({}))
    names += (names.empty() ? "" : ", ") + sub->get_name();
  return names;
}

const CLI::App* known_command(const CLI::App& app, const std::string& name) {
  for (const CLI::App* sub : app.get_subcommands({}))
    if (sub->check_name(name)) return sub;
  return nullptr;
}

// The first word of the command line that names no command where one is wanted ("nosuch" in
// `ewn setup nosuch --help`), or 0: CLI11 answers such a line, with --help, by the help of the
// command above it and exit 0, as if the command were there.
int unknown_command_at(const CLI::App& app, int argc, char** argv) {
  const CLI::App* level = &app;
  for (int i = 1; i < argc && argv[i][0] != '-'; ++i) {
    if (level->get_subcommands({}).empty()) return 0;
    level = known_command(*level, argv[i]);
    if (!level) return i;
  }
  return 0;
}

// One line naming what was wrong and the help to read, instead of CLI11's own message and its
// exit codes (105, 106, 109, ...).
int usage_error(const CLI::App& app, const CLI::ParseError& e, int argc, char** argv) {
  std::vector<CLI::App*> parsed = app.get_subcommands();
  if (parsed.empty()) {
    std::string first = argc > 1 ? ewn::printable(argv[1]) : "";
    std::string what = first.empty()     ? "no command given"
                       : first[0] == '-' ? "unknown option '" + first + "'"
                                         : "unknown command '" + first + "'";
    std::cerr << "ewn: " << what << "; the commands are " << command_names(app)
              << " (see 'ewn --help')\n";
    return kUsageError;
  }
  const CLI::App* sub = parsed.back();
  std::string what = ewn::printable(e.what());
  // The first argument it could not place, an unknown option or one positional too many, comes
  // first (CLI11 reports a missing required option before it).
  std::vector<std::string> extras = sub->remaining();
  if (!extras.empty()) {
    const std::string& x = extras.front();
    what = (x[0] == '-' ? "unknown option '" : "unexpected argument '") + ewn::printable(x) + "'";
  }
  std::cerr << "ewn " << sub->get_name() << ": " << what << " (see 'ewn " << sub->get_name()
            << " --help')\n";
  return kUsageError;
}

// An unknown subcommand of a command (`ewn setup nosuch`, argv[at] the unknown word).
int unknown_subcommand(const CLI::App& app, char** argv, int at) {
  std::string path;
  const CLI::App* cmd = &app;
  for (int i = 1; i < at; ++i) {
    cmd = known_command(*cmd, argv[i]);
    path += (path.empty() ? "" : " ") + cmd->get_name();
  }
  std::cerr << "ewn " << path << ": unknown command '" << ewn::printable(argv[at])
            << "'; the commands are " << command_names(*cmd) << " (see 'ewn " << path
            << " --help')\n";
  return kUsageError;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "ewn - exact endgame tablebases and a player for EinStein wuerfelt nicht!\n\n"
      "Positions are written as in SPEC section 3, e.g.\n"
      "  \"r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r\"  (ranks 5..1, side to move, optional die)\n"};
  app.require_subcommand(1);
  app.set_version_flag("--version", EWN_VERSION_STRING, "Print the version (VERSION) and exit");
  app.fallthrough(false);
  app.footer("Each command's details and examples: ewn COMMAND --help");
  ewn::cli::register_commands(app);
  // An unknown command is an error whatever follows it: CLI11 would answer `ewn nosuch --help`
  // with the main help and exit 0, as if the command were there.
  if (int at = unknown_command_at(app, argc, argv); at == 1)
    return usage_error(app, CLI::ExtrasError({argv[1]}), argc, argv);
  else if (at > 1)
    return unknown_subcommand(app, argv, at);
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help, --version
  } catch (const CLI::ParseError& e) {
    return usage_error(app, e, argc, argv);
  } catch (const std::exception& e) {
    // A failure no command reported itself (e.g. out of memory) still ends with a message.
    std::vector<CLI::App*> parsed = app.get_subcommands();
    std::cerr << "ewn" << (parsed.empty() ? "" : " " + parsed.back()->get_name()) << ": "
              << ewn::printable(e.what()) << "\n";
    return 1;
  }
  return ewn::cli::exit_code();
}
