// `ewn tcg`: the engine as a course agent, speaking the course protocol (tcg_protocol.h) on its
// standard input and output.
//
// Replies: `name` -> "ewn", `version` -> the program's version, `time_setting` and
// `board_setting` -> "ok" (or "error ..." for a board other than 5 x 5 with 6 pieces a side),
// `ini <R|B>` -> the squares of pieces 1..6, `get ...` -> the move ("C3 D4"), `exit` -> none
// (the agent ends). Every reply is one line, flushed at once. A line that is not a command of
// the protocol, or a `get` whose position cannot be played (a square off the board, two pieces
// on one square, a side without pieces, a decided game), is answered "error <what is wrong>"
// and said on standard error with its line number; the agent goes on. Blank lines are ignored.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

#include "engine.h"
#include "rng.h"
#include "setup_advice.h"

namespace ewn {

struct TcgAgentConfig {
  std::string version;          // the answer to `version`
  Side first = Red;             // who moves first, for `ini` (the protocol does not say)
  bool spec_sets_time = false;  // the spec's movetime= caps a move; time_setting is ignored
  const SetupAdvisor* advisor = nullptr;  // the setup matrix, if any
  int setup_depth = 3;                    // the search that places the pieces without a matrix
  uint64_t seed = 1;                      // draws from the equilibrium mix
};

class TcgAgent {
 public:
  TcgAgent(Engine& engine, TcgAgentConfig config);
  // Answers lines until `exit` or the end of the input; the number of lines refused.
  int run(std::istream& in, std::ostream& out, std::ostream& err);
  // The reply to one line (nullopt: none); `done` set by exit. Refusals are told to `err`.
  std::optional<std::string> answer(const std::string& line, std::ostream& err, bool& done);

 private:
  std::string get(const std::vector<std::string>& args, std::ostream& err);
  std::string ini(const std::vector<std::string>& args, std::ostream& err);
  std::string refuse(const std::string& what, std::ostream& err);
  Engine& engine_;
  TcgAgentConfig config_;
  Rng rng_;
  double seconds_a_move_ = 1;  // time_setting
  int line_ = 0, refused_ = 0;
};

}  // namespace ewn
