#include "tcg_agent.h"

#include <istream>
#include <ostream>

#include "movegen.h"
#include "printable.h"
#include "setup_choice.h"
#include "tcg_protocol.h"

namespace ewn {

TcgAgent::TcgAgent(Engine& engine, TcgAgentConfig config)
    : engine_(engine), config_(std::move(config)), rng_(config_.seed) {}

int TcgAgent::run(std::istream& in, std::ostream& out, std::ostream& err) {
  std::string line;
  bool done = false;
  while (!done && std::getline(in, line)) {
    if (auto reply = answer(line, err, done)) out << *reply << '\n' << std::flush;
  }
  return refused_;
}

std::string TcgAgent::refuse(const std::string& what, std::ostream& err) {
  ++refused_;
  err << "ewn tcg: line " << line_ << ": " << what << "\n" << std::flush;
  return "error " + what;
}

std::optional<std::string> TcgAgent::answer(const std::string& line, std::ostream& err,
                                            bool& done) {
  ++line_;
  std::vector<std::string> w = tcg::words(line);
  if (w.empty()) return std::nullopt;
  std::vector<std::string> args(w.begin() + 1, w.end());
  const std::string& command = w[0];
  if (command == "name") return "ewn";
  if (command == "version") return config_.version;
  if (command == "exit") {
    done = true;
    return std::nullopt;
  }
  if (command == "time_setting") {
    char* end = nullptr;
    double s = args.size() == 1 ? std::strtod(args[0].c_str(), &end) : -1;
    if (args.size() != 1 || end != args[0].c_str() + args[0].size() || !(s > 0) || s > 1e6)
      return refuse("time_setting takes the seconds a move, a number above 0 (e.g. 10)", err);
    seconds_a_move_ = s;
    return "ok";
  }
  if (command == "board_setting") {
    if (args.empty() || args.front() != "5" || args.back() != "6")
      return refuse(
          "board_setting: this game is played on 5 x 5 with 6 pieces a side "
          "(board_setting 5 6), not '" +
              printable(line) + "'",
          err);
    return "ok";
  }
  if (command == "ini") return ini(args, err);
  if (command == "get") return get(args, err);
  return refuse("unknown command '" + printable(command) +
                    "' (name, version, time_setting, board_setting, ini, get, exit)",
                err);
}

std::string TcgAgent::ini(const std::vector<std::string>& args, std::ostream& err) {
  auto side = args.size() == 1 ? tcg::parse_side(args[0]) : std::nullopt;
  if (!side) return refuse("ini takes the colour to place, R or B", err);
  EngineArrangement chosen = engine_arrangement(config_.advisor, *side, config_.first, std::nullopt,
                                                config_.setup_depth, rng_);
  return tcg::ini_reply(*side, chosen.order);
}

std::string TcgAgent::get(const std::vector<std::string>& args, std::ostream& err) {
  std::string error;
  auto request = tcg::parse_get(args, error);
  if (!request) return refuse("get: " + error, err);
  auto start = SteadyClock::now();
  Deadline deadline = Deadline::none();
  if (!config_.spec_sets_time) {
    Duration limit =
        std::chrono::duration_cast<Duration>(std::chrono::duration<double>(seconds_a_move_));
    deadline =
        Deadline::after(ClockKind::Wall, start.time_since_epoch(), limit - safety_margin(limit));
  }
  EngineMove m = engine_.choose(request->position, request->die, deadline);
  if (!legal_moves(request->position, request->die).contains(m.move))
    return refuse("the engine found no legal move here", err);
  return tcg::move_text(m.move);
}

}  // namespace ewn
