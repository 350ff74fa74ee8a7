// A player that is an outside program speaking the course protocol (tcg_protocol.h): the spec
// "tcg:COMMAND", everything after "tcg:" the command line, run through the shell.
//
// Processes live in a pool shared by the players of one spec (one process per game played at
// once): a game borrows a process, and gives it back when the game is over. Each process is
// started and greeted once (name, version, time_setting, board_setting); a game then sends it
// `get` commands only, the referee dealing the setups (the match's paired setups, so `ini` is
// never asked). A process that fails a game (ended, silent past its time, an unreadable or
// illegal answer) is stopped and never given back: the next game starts a fresh one.
//
// Time: an answer counts when it arrives within the limit plus kTcgMargin(limit) (pipes cost a
// fraction of a millisecond, a busy machine tens of them). The referee measures the time from
// the `get` sent to the answer read, on the wall clock, whatever the match's clock: the
// program's thinking is not on this process's CPU clock.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "player.h"
#include "tcg_process.h"

namespace ewn {

// The time an outside program's answer may take beyond its limit: 10% of the limit, at least
// 100 ms and at most 1 s.
Duration tcg_margin(Duration limit);

// The limits the referee enforces on an outside program with these nominal limits (each plus
// its margin), and the seconds a move `time_setting` tells it: the per-move limit, or without
// one a tenth of the game budget.
TimeLimits tcg_enforced_limits(const TimeLimits& nominal);
double tcg_time_setting(const TimeLimits& nominal);

struct TcgSetting {
  std::string command;      // the shell command line
  TimeLimits limits;        // nominal, as told to the program
  std::string stderr_path;  // where the programs' standard error is appended
  std::string label;        // how the log and messages name it ("A", "B")
};

// One greeted process of an outside program.
struct TcgProcess {
  std::unique_ptr<ChildProcess> child;
  std::string name, version;  // its answers to name and version
  int serial = 0;             // 1 for the first process of the pool, ...
};

class TcgPool {
 public:
  explicit TcgPool(TcgSetting setting) : setting_(std::move(setting)) {}
  ~TcgPool();
  // An idle greeted process, or a new one started and greeted; throws PlayerFault (Crash) when
  // a new one does not start or does not answer the greeting in time.
  std::unique_ptr<TcgProcess> take();
  void give_back(std::unique_ptr<TcgProcess> p);
  const TcgSetting& setting() const { return setting_; }
  int started() const;  // processes started so far

 private:
  std::unique_ptr<TcgProcess> start();
  TcgSetting setting_;
  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<TcgProcess>> idle_;
  int started_ = 0;
};

class TcgPlayer : public Player {
 public:
  // Takes its process from the pool at once, so that starting one is not on a move's clock (a
  // start that fails is the fault of its first move).
  explicit TcgPlayer(std::shared_ptr<TcgPool> pool);
  ~TcgPlayer() override;
  // Sends `get`, reads the answer; throws PlayerFault when there is no legal move to read.
  Move choose(const Position& pos, int die, const MoveRequest& request) override;

 private:
  [[noreturn]] void fault(PlayerFault::Kind kind, const std::string& what);
  std::shared_ptr<TcgPool> pool_;
  std::unique_ptr<TcgProcess> process_;
  std::optional<PlayerFault> start_fault_;
};

}  // namespace ewn
