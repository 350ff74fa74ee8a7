#include "server_client.h"

#include <cstdio>
#include <ostream>
#include <thread>

#include "game_log.h"
#include "movegen.h"
#include "notation.h"
#include "setup.h"
#include "side_names.h"

namespace ewn {

namespace {

// All six of the side's pieces on its start triangle: how every game begins.
bool on_start_triangle(const Position& pos, Side side) {
  if (pos.count(side) != kPiecesPerSide) return false;
  for (Square red_square : kRedStartSquares) {
    Square s = side == Red ? red_square : blue_setup_square(red_square);
    if (pos.board[s] == kEmpty || code_side(pos.board[s]) != side) return false;
  }
  return true;
}

std::string ms_text(Duration d) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f ms", double(d.count()) / 1e6);
  return buf;
}

}  // namespace

int ClientReport::wins() const {
  int n = 0;
  for (const auto& g : games) n += g.finished && g.engine_won;
  return n;
}
int ClientReport::losses() const {
  int n = 0;
  for (const auto& g : games) n += g.finished && !g.engine_won;
  return n;
}
int ClientReport::time_losses() const {
  int n = 0;
  for (const auto& g : games) n += g.finished && g.on_time;
  return n;
}
std::string ClientGameResult::outcome() const {
  using namespace game_log;
  return !finished ? kUnfinished : engine_won ? kWon : on_time ? kLostOnTime : kLost;
}
int ClientReport::unfinished() const {
  int n = 0;
  for (const auto& g : games) n += !g.finished;
  return n;
}

ClientGameResult GameTracker::result_of_last_game() const {
  ClientGameResult r;
  r.number = number_;
  r.engine_side = engine_side_;
  r.engine_moves = engine_moves_;
  if (moved_ && wins_at_once(before_, last_move_)) {
    r.engine_won = true;
    r.how = "the engine's move " + format_move(last_move_) + " " +
            (last_move_.to == goal_of(engine_side_) ? game_log::kReachedCorner
                                                    : game_log::kTookLastPiece);
    return r;
  }
  r.engine_won = false;
  if (!moved_) {
    r.how = std::string("the engine ") + game_log::kHadNotAnswered + " the last board";
    return r;
  }
  Position after = before_;
  after.play(last_move_);
  std::vector<std::string> winning;
  for (Move m : all_moves(after))
    if (wins_at_once(after, m)) winning.push_back(format_move(m));
  if (late_) {
    // The server does not wait: a late answer is refused, whatever the board.
    r.on_time = true;
    r.how =
        "the engine's answer " + format_move(last_move_) + " came " + game_log::kAfterServerLimit;
  } else if (!winning.empty()) {
    r.how = std::string("the opponent ") + game_log::kCouldWinAtOnce + " (" + winning.front() + ")";
  } else {
    r.how =
        "the opponent had no winning reply: the server must have refused the engine's answer "
        "or stopped the game";
  }
  return r;
}

GameTracker::Update GameTracker::observe(const Position& board) {
  Update u;
  bool continues = false;
  if (in_game_ && moved_ && board.to_move == engine_side_ && !wins_at_once(before_, last_move_)) {
    Position after = before_;
    after.play(last_move_);
    for (Move m : all_moves(after)) {
      Position next = after;
      next.play(m);
      if (next == board) {
        continues = true;
        u.opponent_move = m;
        break;
      }
    }
  }
  if (!continues) {
    if (in_game_) u.ended = result_of_last_game();
    u.new_game = true;
    if (!on_start_triangle(board, board.to_move))
      u.note = in_game_ ? "this board neither continues game " + std::to_string(number_) +
                              " nor starts a game; played as a new game"
                        : "the first board is not a start position; played as it is";
    in_game_ = true;
    ++number_;
    engine_side_ = board.to_move;
    engine_moves_ = 0;
  }
  before_ = board;
  moved_ = false;
  return u;
}

void GameTracker::engine_moved(Move m, bool late) {
  last_move_ = m;
  moved_ = true;
  late_ = late;
  ++engine_moves_;
}

std::optional<ClientGameResult> GameTracker::end(bool closed) {
  if (!in_game_) return std::nullopt;
  ClientGameResult r = result_of_last_game();
  in_game_ = false;
  if (!closed && !r.engine_won) {
    r.finished = false;
    r.how = "the connection ended during the game";
  }
  return r;
}

ServerClient::ServerClient(ClientConfig config, Engine& engine, std::ostream& out,
                           std::ostream* log)
    : config_(std::move(config)), engine_(engine), out_(out), log_(log) {}

void ServerClient::log(const std::string& text) {
  if (log_) *log_ << text << std::flush;
}

std::optional<ServerClient::Received> ServerClient::receive(TcpConnection& connection) {
  using State = MessageAssembler::State;
  while (true) {
    State state = assembler_.state();
    if (state == State::Complete) return Received{assembler_.take(), first_byte_};
    std::optional<Duration> wait;
    if (state == State::Ambiguous) wait = config_.die_grace;
    if (state == State::Partial) wait = config_.partial_wait;
    std::optional<std::string> data = connection.receive(wait);
    if (!data) {
      // Nothing more came: die 1 after all, or a message that will not be completed.
      return Received{assembler_.take(), first_byte_};
    }
    if (data->empty()) {
      if (state == State::Empty) return std::nullopt;
      if (state == State::Ambiguous) return Received{assembler_.take(), first_byte_};
      return Received{assembler_.take(), first_byte_, true};
    }
    if (state == State::Empty) first_byte_ = SteadyClock::now();
    assembler_.feed(*data);
  }
}

void ServerClient::game_ended(const ClientGameResult& r, ClientReport& report) {
  report.games.push_back(r);
  std::string outcome = r.outcome();
  out_ << "game " << r.number << ": engine " << side_word(r.engine_side) << ", " << r.engine_moves
       << " moves, " << outcome << " (" << r.how << ")\n"
       << std::flush;
  log(game_log::connect_result_lines(r.number, outcome, r.how));
}

ClientReport ServerClient::run() {
  ClientReport report;
  std::string where = config_.host + ":" + std::to_string(config_.port);
  TcpConnection connection;
  auto give_up = SteadyClock::now() + config_.connect_wait;
  while (true) {
    try {
      connection = TcpConnection::connect(config_.host, config_.port);
      break;
    } catch (const NetError& e) {
      if (SteadyClock::now() >= give_up) {
        report.error = e.what();
        return report;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  }
  out_ << "connected to " << where << " as '" << config_.name << "'\n" << std::flush;
  log(game_log::connect_line(where, config_.name));
  try {
    connection.send_all(config_.name + "\n");
    play(connection, report);
  } catch (const NetError& e) {
    report.error = std::string("connection to the server failed: ") + e.what();
  } catch (const ProtocolError& e) {
    report.error = e.what();
  } catch (const std::exception& e) {
    report.error = std::string("internal error: ") + e.what();
  }
  if (!report.closed)
    if (auto r = tracker_.end(false)) game_ended(*r, report);
  if (!report.error.empty()) log(game_log::error_line(report.error));
  return report;
}

void ServerClient::play(TcpConnection& connection, ClientReport& report) {
  while (true) {
    std::optional<Received> msg = receive(connection);
    if (!msg) {
      report.error =
          "the server closed the connection without saying 'close'" +
          (tracker_.game_number() ? " (during game " + std::to_string(tracker_.game_number()) + ")"
                                  : std::string(" (before the first game)"));
      return;
    }
    log(game_log::recv_line(msg->text));
    if (msg->cut_off && (msg->text.starts_with("[") || std::string("close").starts_with(msg->text)))
      throw ProtocolError("the server closed the connection in the middle of a message: \"" +
                          msg->text.substr(0, 120) + "\"");
    ServerMessage parsed = parse_server_message(msg->text);
    if (parsed.close) {
      report.closed = true;
      if (auto r = tracker_.end(true)) game_ended(*r, report);
      out_ << "the server closed the session\n";
      log(game_log::close_line());
      return;
    }
    const Position& pos = parsed.turn.position;
    int die = parsed.turn.die;
    GameTracker::Update u = tracker_.observe(pos);
    if (u.ended) game_ended(*u.ended, report);
    if (u.new_game) {
      engine_.new_game();
      log(game_log::connect_game_line(tracker_.game_number(), pos.to_move));
      if (config_.verbose)
        out_ << "game " << tracker_.game_number() << ": engine plays " << side_word(pos.to_move)
             << "\n";
    }
    if (!u.note.empty()) {
      out_ << "note: " << u.note << "\n";
      log(game_log::note_line(u.note));
    }
    if (u.opponent_move) log(game_log::opponent_line(*u.opponent_move));

    Deadline deadline =
        plan_move(TimeLimits{config_.server_limit - config_.margin, std::nullopt}, std::nullopt, 1,
                  ClockKind::Wall, msg->first_byte.time_since_epoch());
    EngineMove em = engine_.choose(pos, die, deadline);
    if (!legal_moves(pos, die).contains(em.move)) {
      // Never send an illegal move: it loses the game at once.
      out_ << "warning: the engine chose an illegal move " << format_move(em.move)
           << "; sending the first legal move\n";
      em.move = legal_moves(pos, die).moves[0];
    }
    std::string answer = format_answer(pos, em.move);
    connection.send_all(answer + "\n");
    Duration took = SteadyClock::now() - msg->first_byte;
    tracker_.engine_moved(em.move, took > config_.server_limit);
    std::string line = game_log::connect_turn_line(
        pos, die, em.move, answer, double(took.count()) / 1e6, {em.value, em.exact, em.depth});
    log(line);
    if (config_.verbose) out_ << line << std::flush;
    if (took > config_.server_limit)
      out_ << "warning: the answer took " << ms_text(took) << ", over the server's limit\n";
  }
}

}  // namespace ewn
