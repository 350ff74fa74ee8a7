// Analyses a position with the tables and the engine:
//   analyse TABLES POSITION
// prints the value, each die's best move from the tables, the engine's move for a die, and
// plays the tables' best moves to the end of the game for the dice 1, 2, ..., 6, 1, ...
#include <cstdio>
#include <ewn/ewn.hpp>
#include <iostream>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: " << argv[0] << " TABLES POSITION\n";
    return 1;
  }
  try {
    ewn::Tablebase tables(argv[1]);
    ewn::Position pos(argv[2]);
    std::printf("%s (tables up to %d pieces)\n", pos.str().c_str(), tables.complete_up_to());
    if (pos.die()) std::printf("(the rolled %d is ignored: every die is shown)\n", *pos.die());
    std::printf("value %.6f\n", tables.value(pos.str()));
    std::printf("%s\n", tables.probe_json(pos.str()).c_str());
    for (int die = 1; die <= 6; ++die) {
      std::printf("die %d:", die);
      for (const ewn::MoveValue& m : tables.moves(pos.str(), die))
        std::printf(" %s %.6f%s", m.move.c_str(), m.move_value, m.wins ? " wins" : "");
      std::printf("\n");
    }
    ewn::Engine engine(argv[1], 100);
    ewn_engine_choice choice = engine.search(pos.str(), 3);
    std::printf("engine, die 3: %s (value %.6f, depth %d)\n", choice.move, choice.move_value,
                choice.depth);
    for (int die = 1; !pos.winner(); die = die % 6 + 1) {
      std::string best = tables.best_move(pos.str(), die);
      std::printf("%s rolls %d: %s of %zu moves\n", pos.side() == EWN_RED ? "red" : "blue", die,
                  best.c_str(), pos.legal_moves(die).size());
      pos = pos.play(best);
    }
    std::printf("%s wins\n", *pos.winner() == EWN_RED ? "red" : "blue");
  } catch (const ewn::Error& e) {
    std::cerr << "analyse: " << e.what() << " (" << ewn_strerror(e.code()) << ")\n";
    return 1;
  }
  return 0;
}
