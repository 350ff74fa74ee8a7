// How a game's initial setup is given at the console or on the command line:
//
//   random                 the referee procedure of SPEC 2 with dice the program rolls
//   rolls 3 1 4 1 5 2      the same procedure with the six rolls typed in (also "rolls 314152")
//   red 123456 blue 654321 free setup: each side's numbers on its start squares in the order
//                          the referee fills them (Red a5 b5 c5 a4 b4 a3, Blue e1 e2 e3 d1 d2 c1);
//                          instead of the numbers a side may say `engine` (the engine's choice,
//                          for the engine's side) or `random` (the referee procedure for it)
//   <position>             a whole position in SPEC 3 notation (its side moves first)
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "arrangement.h"
#include "position.h"

namespace ewn {

struct SideSetup {
  enum Kind { Given, Engine, Random } kind = Random;
  Arrangement order{};  // Given
};

struct SetupChoice {
  enum Kind { Random, Rolls, Free, Whole } kind = Random;
  std::array<int, 6> rolls{};      // Rolls
  std::array<SideSetup, 2> sides;  // Free, by colour
  Position position;               // Whole
};

struct SetupInput {
  std::optional<SetupChoice> choice;
  std::string error;  // what is wrong, when no choice
};

SetupInput parse_setup(std::string_view text);

}  // namespace ewn
