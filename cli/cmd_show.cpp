// ewn show: draw a position and list the legal moves for each die.
#include <unistd.h>

#include <iostream>

#include "board_view.h"
#include "commands.h"
#include "failures.h"
#include "json.h"
#include "movegen.h"
#include "notation.h"
#include "position_answer.h"
#include "printable.h"
#include "search.h"
#include "side_names.h"

namespace ewn::cli {

namespace {

struct ShowOptions {
  std::string position;
  bool json = false;
  bool no_colour = false;
};

int run_show(const ShowOptions& opt) {
  ParsedPosition parsed;
  try {
    parsed = parse_position(opt.position);
  } catch (const ParseError& e) {
    return fail("show", opt.json, Failure::BadPosition, bad_position_message(printable(e.what())));
  }
  const Position& pos = parsed.position;
  auto winner = pos.winner();
  std::vector<int> dice;
  if (parsed.die)
    dice = {*parsed.die};
  else
    dice = {1, 2, 3, 4, 5, 6};

  if (opt.json) {
    print_json(show_answer(parsed));
    return 0;
  }

  BoardStyle style;
  style.colour = !opt.no_colour && isatty(STDOUT_FILENO);
  std::cout << draw_board(pos, style) << "\n";
  std::cout << format_position(pos, parsed.die) << "\n";
  if (winner) {
    std::cout << "Decided: " << side_name(*winner) << " has won.\n";
    return 0;
  }
  std::cout << side_name(pos.to_move) << " to move";
  if (pos.count(pos.to_move) == 1) std::cout << " (a single piece: it moves whatever the die)";
  std::cout << ".\n";
  for (int d : dice) {
    std::cout << "  die " << d << ":";
    for (Move m : legal_moves(pos, d)) std::cout << " " << format_move(m);
    std::cout << "\n";
  }
  return 0;
}

}  // namespace

void register_show(CLI::App& app) {
  auto opt = std::make_shared<ShowOptions>();
  auto* cmd = app.add_subcommand("show", "Draw a position and list the legal moves for each die");
  cmd->footer(
      "Example:\n  ewn show \"r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r\"\n"
      "  ewn show \"5/5/2r1b11/5/5 b 3\"   (only the moves for die 3)");
  cmd->add_option("position", opt->position, "Position in SPEC notation (quote it)")->required();
  cmd->add_flag("--json", opt->json, "Machine-readable output");
  cmd->add_flag("--no-colour,--no-color", opt->no_colour, "Plain text even on a terminal");
  list_exit_codes(cmd, {Failure::BadPosition});
  cmd->callback([opt] { set_exit_code(run_show(*opt)); });
}

}  // namespace ewn::cli
