// ewn: one command for the EinStein wuerfelt nicht! tablebase system.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>

#include "commands.h"

int main(int argc, char** argv) {
  CLI::App app{
      "ewn - exact endgame tablebases and a player for EinStein wuerfelt nicht!\n\n"
      "Positions are written as in SPEC section 3, e.g.\n"
      "  \"r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r\"  (ranks 5..1, side to move, optional die)\n"};
  app.require_subcommand(1);
  app.fallthrough(false);
  ewn::cli::register_commands(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  return ewn::cli::exit_code();
}
