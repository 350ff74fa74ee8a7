#include "tcg_player.h"

#include <algorithm>
#include <fstream>

#include "movegen.h"
#include "notation.h"
#include "printable.h"
#include "tcg_protocol.h"

namespace ewn {

using namespace std::chrono_literals;

Duration tcg_margin(Duration limit) {
  return std::clamp<Duration>(limit / 10, 100ms, 1s);
}

TimeLimits tcg_enforced_limits(const TimeLimits& nominal) {
  TimeLimits out = nominal;
  if (out.per_move) *out.per_move += tcg_margin(*out.per_move);
  if (out.per_game) *out.per_game += tcg_margin(nominal.per_move.value_or(Duration(0)));
  return out;
}

double tcg_time_setting(const TimeLimits& nominal) {
  Duration d = nominal.per_move ? *nominal.per_move : nominal.per_game.value_or(10s) / 10;
  return std::chrono::duration<double>(d).count();
}

namespace {

// The time a process has to start and answer the greeting: seconds, for a program that loads
// tables or a network first.
constexpr Duration kGreetingTime = 10s;

// One exchange of the greeting: the command sent, a line read back by the deadline.
std::string exchange(ChildProcess& child, const TcgSetting& s, const std::string& command,
                     SteadyClock::time_point deadline) {
  std::string line;
  if (!child.send(command))
    throw PlayerFault(PlayerFault::Kind::Crash,
                      s.label + " ended before its greeting ('" + command + "')");
  switch (child.read_line(line, deadline)) {
    case ChildProcess::Read::Line:
      return line;
    case ChildProcess::Read::Late:
      throw PlayerFault(PlayerFault::Kind::Time, s.label + " did not answer '" + command +
                                                     "' within " + format_duration(kGreetingTime) +
                                                     " of its start");
    case ChildProcess::Read::TooLong:
      throw PlayerFault(PlayerFault::Kind::Unreadable,
                        s.label + " answered '" + command + "' with an endless line");
    case ChildProcess::Read::Ended:
      break;
  }
  child.stop();
  throw PlayerFault(PlayerFault::Kind::Crash, s.label + " ended before answering '" + command +
                                                  "' (" + child.how_it_ended() + "; see " +
                                                  s.stderr_path + ")");
}

}  // namespace

TcgPool::~TcgPool() {
  for (auto& p : idle_) p->child->stop("exit", 200ms);
}

int TcgPool::started() const {
  std::lock_guard lock(mutex_);
  return started_;
}

std::unique_ptr<TcgProcess> TcgPool::start() {
  int serial;
  {
    std::lock_guard lock(mutex_);
    serial = ++started_;
  }
  {
    std::ofstream err(setting_.stderr_path, std::ios::app);
    err << "# ewn match: " << setting_.label << "'s process " << serial << ": " << setting_.command
        << "\n";
  }
  auto p = std::make_unique<TcgProcess>();
  p->serial = serial;
  try {
    p->child = std::make_unique<ChildProcess>(setting_.command, setting_.stderr_path);
  } catch (const std::runtime_error& e) {
    throw PlayerFault(PlayerFault::Kind::Crash, e.what());
  }
  auto deadline = SteadyClock::now() + kGreetingTime;
  ChildProcess& c = *p->child;
  p->name = exchange(c, setting_, "name", deadline);
  p->version = exchange(c, setting_, "version", deadline);
  exchange(c, setting_, "time_setting " + tcg::seconds_text(tcg_time_setting(setting_.limits)),
           deadline);
  exchange(c, setting_, "board_setting 5 6", deadline);
  return p;
}

std::unique_ptr<TcgProcess> TcgPool::take() {
  {
    std::lock_guard lock(mutex_);
    if (!idle_.empty()) {
      auto p = std::move(idle_.back());
      idle_.pop_back();
      return p;
    }
  }
  return start();
}

void TcgPool::give_back(std::unique_ptr<TcgProcess> p) {
  std::lock_guard lock(mutex_);
  idle_.push_back(std::move(p));
}

TcgPlayer::TcgPlayer(std::shared_ptr<TcgPool> pool)
    : Player(tcg_enforced_limits(pool->setting().limits)), pool_(std::move(pool)) {
  try {
    process_ = pool_->take();
  } catch (const PlayerFault& e) {
    start_fault_ = e;
  }
}

TcgPlayer::~TcgPlayer() {
  if (process_) pool_->give_back(std::move(process_));
}

void TcgPlayer::fault(PlayerFault::Kind kind, const std::string& what) {
  if (process_) {
    process_->child->stop();
    process_.reset();
  }
  throw PlayerFault(kind, what);
}

Move TcgPlayer::choose(const Position& pos, int die, const MoveRequest& request) {
  if (start_fault_) {
    PlayerFault e = *start_fault_;
    start_fault_.reset();
    throw e;
  }
  if (!process_) process_ = pool_->take();
  const std::string& label = pool_->setting().label;
  std::string who = label + " (process " + std::to_string(process_->serial) + ")";
  auto start = SteadyClock::now();
  Duration allowed = limits_.per_move.value_or(Duration::max() / 4);
  if (request.game_time_left && limits_.per_game)
    allowed = std::min(allowed, *request.game_time_left);
  auto deadline = start + std::max(allowed, Duration(0));
  std::string command = tcg::get_line(pos, die), line;
  if (!process_->child->send(command))
    fault(PlayerFault::Kind::Crash, who + " had ended before '" + command + "'");
  switch (process_->child->read_line(line, deadline)) {
    case ChildProcess::Read::Line:
      break;
    case ChildProcess::Read::Late:
      fault(PlayerFault::Kind::Time, who + " did not answer '" + command + "' within " +
                                         format_duration(allowed) + " (the limit and its margin)");
    case ChildProcess::Read::TooLong:
      fault(PlayerFault::Kind::Unreadable,
            who + " answered '" + command + "' with an endless line");
    case ChildProcess::Read::Ended: {
      process_->child->stop();
      fault(PlayerFault::Kind::Crash, who + " ended before answering '" + command + "' (" +
                                          process_->child->how_it_ended() + ")");
    }
  }
  auto move = tcg::parse_move_reply(line);
  if (!move)
    fault(PlayerFault::Kind::Unreadable, who + " answered '" + printable(line) + "' to '" +
                                             command + "': not two squares such as C3 D4");
  if (!legal_moves(pos, die).contains(*move))
    fault(PlayerFault::Kind::Illegal, who + " answered '" + printable(line) + "' (" +
                                          format_move(*move) + ") to '" + command +
                                          "': not a legal move for die " + std::to_string(die));
  return *move;
}

}  // namespace ewn
