// ewn: one command for the EinStein wuerfelt nicht! tablebase system.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <string_view>

#include "commands.h"
#include "failures.h"
#include "printable.h"

namespace {

using ewn::Failure;
using ewn::cli::fail;

// --json among the arguments (before a "--"): a failure found before the command runs (a usage
// error) or one no command reported itself also prints the error document on stdout.
bool json_wanted(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--") return false;
    if (a == "--json") return true;
  }
  return false;
}

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
  bool json = json_wanted(argc, argv);
  std::vector<CLI::App*> parsed = app.get_subcommands();
  if (parsed.empty()) {
    std::string first = argc > 1 ? ewn::printable(argv[1]) : "";
    std::string what = first.empty()     ? "no command given"
                       : first[0] == '-' ? "unknown option '" + first + "'"
                                         : "unknown command '" + first + "'";
    return fail("", json, Failure::BadUse,
                what + "; the commands are " + command_names(app) + " (see 'ewn --help')");
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
  return fail(sub->get_name(), json, Failure::BadUse,
              what + " (see 'ewn " + sub->get_name() + " --help')");
}

// An unknown subcommand of a command (`ewn setup nosuch`, argv[at] the unknown word).
int unknown_subcommand(const CLI::App& app, int argc, char** argv, int at) {
  std::string path;
  const CLI::App* cmd = &app;
  for (int i = 1; i < at; ++i) {
    cmd = known_command(*cmd, argv[i]);
    path += (path.empty() ? "" : " ") + cmd->get_name();
  }
  return fail(path, json_wanted(argc, argv), Failure::BadUse,
              "unknown command '" + ewn::printable(argv[at]) + "'; the commands are " +
                  command_names(*cmd) + " (see 'ewn " + path + " --help')");
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
    return unknown_subcommand(app, argc, argv, at);
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help, --version
  } catch (const CLI::ParseError& e) {
    return usage_error(app, e, argc, argv);
  } catch (...) {
    // A failure no command reported itself (a bad duration, out of memory) ends as every
    // other: its message, its code by the one classifier and map, with --json its document.
    std::vector<CLI::App*> parsed = app.get_subcommands();
    return fail(parsed.empty() ? "" : parsed.back()->get_name(), json_wanted(argc, argv),
                ewn::failure_of_current_exception(), ewn::message_of_current_exception());
  }
  return ewn::cli::exit_code();
}
