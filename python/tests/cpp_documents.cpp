// The C++ surface's documents (ewn.hpp), one a line, for test_schemas.py to check against the
// schemas and against the other surfaces:
//   cpp_documents TABLES MATRIX GAME_FILE NODES POSITION...
// prints each position's probe (or "error CODE MESSAGE" where ewn::Error is thrown), then the
// analysis of the game in GAME_FILE at NODES nodes on one thread, then the setup answers reply
// 654321 (count 2), best (count 2) and the equilibrium.
#include <ewn/ewn.hpp>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

int main(int argc, char** argv) {
  if (argc < 5) {
    std::cerr << "usage: cpp_documents TABLES MATRIX GAME_FILE NODES POSITION...\n";
    return 2;
  }
  try {
    ewn::Tablebase tables(argv[1]);
    for (int i = 5; i < argc; ++i) {
      try {
        std::cout << tables.probe_json(argv[i]) << '\n';
      } catch (const ewn::Error& e) {
        std::cout << "error " << e.code() << ' ' << e.what() << '\n';
      }
    }
    std::ifstream game(argv[3]);
    std::stringstream text;
    text << game.rdbuf();
    std::cout << ewn::analyse_json(text.str(), &tables, 0, std::strtoull(argv[4], nullptr, 10), 1)
              << '\n';
    ewn::Setups setups(argv[2]);
    std::cout << setups.reply_json("654321", 2) << '\n'
              << setups.best_json(2) << '\n'
              << setups.equilibrium_json() << '\n';
  } catch (const ewn::Error& e) {
    std::cerr << "cpp_documents: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
