// A stand-in for the contest test server, for CTest: it listens on 127.0.0.1 (a free port),
// starts `ewn connect` against itself, plays games against it with a random opponent, checks
// that every answer is a legal move that came in time and that the client's own tally of wins
// and losses is the referee's, then says "close". Fault modes send what a broken server might
// and check that the client ends with a clear error instead of crashing; "late" holds back the
// end of one board past the time limit and expects that game counted as a loss on time.
//
// The board and the answers are written and read here without the client's protocol code, so
// the two check each other.
//
//   ewn_test_referee --ewn PATH --work DIR [--games N] [--seed S] [--limit-ms MS]
//                    [--fault none|split|late|garbage|bad-die|bad-board|decided|drop|cut|refused]
//                    [-- extra arguments for ewn connect]
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "movegen.h"
#include "notation.h"
#include "piped_child.h"
#include "position.h"
#include "rng.h"
#include "setup.h"
#include "tcp_listener.h"

using namespace ewn;
using ewn::test::PipedChild;
using ewn::test::TcpListener;

namespace {

struct Options {
  std::string ewn, work;
  int games = 4;
  uint64_t seed = 1;
  int limit_ms = 5000;
  std::string fault = "none";
  std::vector<std::string> client_args;
};

int failures = 0;
void fail(const std::string& what) {
  std::cerr << "FAIL: " << what << "\n";
  ++failures;
}

// The board as the server writes it: rows from rank 5 down, files a to e, codes 0-12.
std::string board_text(const Position& pos) {
  std::string out = "[";
  for (int rank = 5; rank >= 1; --rank) {
    out += rank == 5 ? "[" : ", [";
    for (int file = 0; file < 5; ++file) {
      if (file) out += ", ";
      out += std::to_string(pos.board[square_at(file, rank)]);
    }
    out += "]";
  }
  return out + "]";
}

std::string turn_text(const Position& pos, int die) {
  return board_text(pos) + "|" + std::to_string(pos.to_move == Red ? die : die + 6);
}

// "<piece>|<direction>" -> move, read the way the server reads it; nullopt if malformed.
std::optional<Move> read_answer(const Position& pos, const std::string& text, std::string& why) {
  size_t bar = text.find('|');
  if (bar == std::string::npos || bar == 0 || bar > 2) {
    why = "no <piece>|<direction>";
    return std::nullopt;
  }
  int code = std::atoi(text.substr(0, bar).c_str());
  std::string dir = text.substr(bar + 1);
  Side side = pos.to_move;
  if (code < 1 || code > 12 || (code > 6) != (side == Blue)) {
    why = "piece " + text.substr(0, bar) + " is not the mover's";
    return std::nullopt;
  }
  Square from = pos.square_of(side, code > 6 ? code - 6 : code);
  if (from == kNoSquare) {
    why = "piece " + std::to_string(code) + " is not on the board";
    return std::nullopt;
  }
  int dr = 0, dc = 0;
  if (side == Red && dir == "right")
    dc = 1;
  else if (side == Red && dir == "down")
    dr = 1;
  else if (side == Red && dir == "rightdown")
    dr = dc = 1;
  else if (side == Blue && dir == "left")
    dc = -1;
  else if (side == Blue && dir == "up")
    dr = -1;
  else if (side == Blue && dir == "leftup")
    dr = dc = -1;
  else {
    why = "direction '" + dir + "' is not one of the mover's";
    return std::nullopt;
  }
  int r = row_of(from) + dr, c = col_of(from) + dc;
  if (r < 0 || r > 4 || c < 0 || c > 4) {
    why = "the move leaves the board";
    return std::nullopt;
  }
  return Move{from, make_square(r, c)};
}

class Session {
 public:
  Session(TcpConnection& c, const Options& o) : conn_(c), opt_(o), rng_(o.seed) {}

  void send(const std::string& message) {
    if (opt_.fault == "split" && message.size() > 4) {
      // In pieces, the die with the last one (a lone "1" could be 1, 10, 11 or 12).
      size_t bar = message.rfind('|');
      size_t a = 1 + rng_.below(uint32_t(bar - 1)), b = a + rng_.below(uint32_t(bar - a + 1));
      for (auto [from, to] :
           {std::pair{size_t(0), a}, std::pair{a, b}, std::pair{b, message.size()}}) {
        if (to > from) conn_.send_all(message.substr(from, to - from));
        std::this_thread::sleep_for(std::chrono::milliseconds(5 + rng_.below(15)));
      }
      return;
    }
    conn_.send_all(message);
  }

  // One line from the client (up to its '\n'), or nullopt if none came in `ms`.
  std::optional<std::string> read_line(int ms, bool& closed) {
    auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    closed = false;
    while (true) {
      size_t nl = pending_.find('\n');
      if (nl != std::string::npos) {
        std::string line = pending_.substr(0, nl);
        pending_.erase(0, nl + 1);
        return line;
      }
      auto left = until - std::chrono::steady_clock::now();
      if (left <= std::chrono::steady_clock::duration(0)) return std::nullopt;
      auto data = conn_.receive(left);
      if (!data) return std::nullopt;
      if (data->empty()) {
        closed = true;
        return std::nullopt;
      }
      pending_ += *data;
    }
  }

  // Plays one game; returns the winner, or nullopt if the session was cut (fault modes).
  std::optional<Side> play_game(int number) {
    Side engine = number % 2 == 1 ? Red : Blue;
    Side first = ((number - 1) / 2) % 2 == 0 ? Red : Blue;
    Position pos = random_setup(rng_.next(), first);
    int engine_turns = 0;
    while (!pos.winner()) {
      int die = rng_.die();
      if (pos.to_move != engine) {
        MoveList legal = legal_moves(pos, die);
        pos.play(legal.moves[rng_.below(uint32_t(legal.size))]);
        continue;
      }
      ++engine_turns;
      if (number == 2 && engine_turns == 2 && opt_.fault == "late") {
        // The board's first half, then the rest once the limit is past (within the client's
        // patience of 1 s for a split message): its answer is late, and the game lost on time.
        std::string t = turn_text(pos, die);
        conn_.send_all(t.substr(0, t.size() / 2));
        std::this_thread::sleep_for(std::chrono::milliseconds(opt_.limit_ms + 100));
        conn_.send_all(t.substr(t.size() / 2));
        bool closed;
        if (!read_line(opt_.limit_ms + 3000, closed)) fail("no answer to the late board");
        return opposite(engine);
      }
      if (number == 2 && engine_turns == 2 && inject_fault(pos, die)) return std::nullopt;
      send(turn_text(pos, die));
      auto sent = std::chrono::steady_clock::now();
      bool closed;
      auto answer = read_line(opt_.limit_ms + 3000, closed);
      auto took = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - sent)
                      .count();
      if (!answer) {
        fail(std::string("game ") + std::to_string(number) + ": " +
             (closed ? "the client closed the connection" : "no answer") + " to " +
             turn_text(pos, die));
        return std::nullopt;
      }
      if (took > opt_.limit_ms)
        fail("game " + std::to_string(number) + ": the answer took " + std::to_string(took) +
             " ms, over the limit of " + std::to_string(opt_.limit_ms) + " ms");
      max_ms_ = std::max<long>(max_ms_, long(took));
      ++answers_;
      std::string why;
      auto m = read_answer(pos, *answer, why);
      if (!m) {
        fail("game " + std::to_string(number) + ": bad answer '" + *answer + "' (" + why + ") to " +
             turn_text(pos, die));
        return std::nullopt;
      }
      if (!legal_moves(pos, die).contains(*m)) {
        fail("game " + std::to_string(number) + ": illegal move " + format_move(*m) + " ('" +
             *answer + "') in " + format_position(pos, die));
        return std::nullopt;
      }
      if (!pending_.empty()) fail("the client sent more than one answer: '" + pending_ + "'");
      pos.play(*m);
    }
    return pos.winner();
  }

  // Fault modes that strike at the engine's second turn of game 2; true if the session ends.
  bool inject_fault(const Position& pos, int die) {
    const std::string& f = opt_.fault;
    if (f == "none" || f == "split") return false;
    if (f == "garbage") conn_.send_all("this is not a board");
    if (f == "bad-die") conn_.send_all(board_text(pos) + "|13");
    if (f == "bad-board") {
      std::string b = board_text(pos);
      conn_.send_all(b.substr(0, b.rfind(", [")) + "]|" + std::to_string(die));
    }
    if (f == "decided") {
      Position won = pos;
      Square e1 = square_at(4, 1);
      if (won.board[e1] != kEmpty)
        won.where[code_side(won.board[e1])][code_number(won.board[e1]) - 1] = kNoSquare;
      Side red_mover = Red;
      int n = std::countr_zero(won.mask(red_mover)) + 1;
      Square from = won.square_of(Red, n);
      won.board[from] = kEmpty;
      won.put(Red, n, e1);
      conn_.send_all(turn_text(won, die));
    }
    if (f == "cut") {
      std::string t = turn_text(pos, die);
      conn_.send_all(t.substr(0, t.size() / 2));
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    // "drop" sends nothing: the connection just ends; "cut" ends it inside a message. After
    // the other faults the connection stays open, as a confused server would leave it.
    if (f == "drop" || f == "cut") conn_.close();
    return true;
  }

  long max_ms() const { return max_ms_; }
  int answers() const { return answers_; }

 private:
  TcpConnection& conn_;
  const Options& opt_;
  Rng rng_;
  std::string pending_;
  long max_ms_ = 0;
  int answers_ = 0;
};

// The client's closing line: "<n> games: won <w>, lost <l>[, unfinished <u>]".
struct Tally {
  bool found = false;
  int games = 0, won = 0, lost = 0, unfinished = 0, on_time = 0;
};
Tally read_tally(const std::string& out) {
  Tally t;
  size_t at = out.find(" games: won ");
  if (at == std::string::npos) return t;
  size_t line = out.rfind('\n', at);
  line = line == std::string::npos ? 0 : line + 1;
  std::string text = out.substr(line, out.find('\n', at) - line);
  int n = std::sscanf(text.c_str(), "%d games: won %d, lost %d, unfinished %d", &t.games, &t.won,
                      &t.lost, &t.unfinished);
  t.found = n >= 3;
  size_t time = text.find("; ");
  if (time != std::string::npos)
    t.found =
        t.found && std::sscanf(text.c_str() + time, "; %d of the losses on time", &t.on_time) == 1;
  return t;
}

Options parse_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << "missing value after " << a << "\n";
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--ewn")
      o.ewn = next();
    else if (a == "--work")
      o.work = next();
    else if (a == "--games")
      o.games = std::atoi(next().c_str());
    else if (a == "--seed")
      o.seed = std::strtoull(next().c_str(), nullptr, 10);
    else if (a == "--limit-ms")
      o.limit_ms = std::atoi(next().c_str());
    else if (a == "--fault")
      o.fault = next();
    else if (a == "--") {
      for (++i; i < argc; ++i) o.client_args.push_back(argv[i]);
    } else {
      std::cerr << "unknown argument " << a << "\n";
      std::exit(2);
    }
  }
  if (o.ewn.empty() || o.work.empty()) {
    std::cerr << "usage: ewn_test_referee --ewn PATH --work DIR [--games N] [--seed S] "
                 "[--limit-ms MS] [--fault F] [-- client args]\n";
    std::exit(2);
  }
  return o;
}

}  // namespace

int main(int argc, char** argv) {
  Options opt = parse_options(argc, argv);
  if (opt.fault == "refused") {
    // Nobody listens on the port: a clear error, not a crash, and no waiting. The port stays
    // bound meanwhile, so that no other test's listener can be given it.
    ewn::test::ClosedPort closed;
    if (!closed.ok()) {
      std::cerr << "FAIL: cannot bind a port on 127.0.0.1\n";
      return 1;
    }
    int port = closed.port();
    std::string tag = opt.work + "/referee-refused";
    std::vector<std::string> args = {opt.ewn, "connect", "--port", std::to_string(port),
                                     "--log", "none"};
    args.insert(args.end(), opt.client_args.begin(), opt.client_args.end());
    PipedChild client(args, false, false, tag + ".out", tag + ".err");
    int status = client.wait(30000);
    std::string err = ewn::test::read_text_file(tag + ".err");
    std::cout << "client " << PipedChild::describe(status) << "\n--- client stderr\n" << err;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 1) fail("the client should exit with 1");
    if (err.find("cannot connect to 127.0.0.1:" + std::to_string(port)) == std::string::npos)
      fail("the error does not say where it could not connect");
    return failures ? 1 : 0;
  }
  bool faulty = opt.fault != "none" && opt.fault != "split" && opt.fault != "late";
  TcpListener listener;
  std::string tag = opt.work + "/referee-" + opt.fault + "-" + std::to_string(opt.seed);
  std::string out_file = tag + ".out", err_file = tag + ".err", log_file = tag + ".log";
  std::remove(log_file.c_str());
  std::vector<std::string> args = {opt.ewn,  "connect", "--port", std::to_string(listener.port()),
                                   "--name", "tester",  "--log",  log_file};
  args.insert(args.end(), opt.client_args.begin(), opt.client_args.end());
  PipedChild client(args, false, false, out_file, err_file);

  auto conn = listener.accept(std::chrono::seconds(20));
  if (!conn) {
    std::cerr << "FAIL: the client did not connect\n" << ewn::test::read_text_file(err_file);
    return 1;
  }
  Session session(*conn, opt);
  bool closed;
  auto id = session.read_line(5000, closed);
  if (!id || id->empty())
    fail("no ID line from the client");
  else if (*id != "tester")
    fail("the ID is '" + *id + "', not 'tester'");

  int engine_wins = 0, played = 0;
  bool cut = false;
  for (int g = 1; g <= opt.games && failures == 0; ++g) {
    auto winner = session.play_game(g);
    if (!winner) {
      cut = true;
      break;
    }
    ++played;
    Side engine = g % 2 == 1 ? Red : Blue;
    engine_wins += *winner == engine;
  }
  if (!cut && failures == 0) conn->send_all("close");

  int status = client.wait(30000);
  conn->close();
  std::string out = ewn::test::read_text_file(out_file);
  std::string err = ewn::test::read_text_file(err_file);
  std::cout << "referee: " << played << " games, engine won " << engine_wins << ", "
            << session.answers() << " answers, slowest " << session.max_ms() << " ms; client "
            << PipedChild::describe(status) << "\n--- client stdout\n"
            << out << "--- client stderr\n"
            << err;
  if (client.timed_out()) fail("the client did not end by itself");
  if (!WIFEXITED(status)) fail("the client crashed: " + PipedChild::describe(status));

  if (!faulty) {
    if (WIFEXITED(status) && WEXITSTATUS(status) != 0) fail("the client did not exit with 0");
    Tally t = read_tally(out);
    if (!t.found) {
      fail("no tally in the client's output");
    } else if (t.games != played || t.won != engine_wins || t.lost != played - engine_wins ||
               t.unfinished != 0 || t.on_time != (opt.fault == "late")) {
      fail("the client's tally (" + std::to_string(t.games) + " games, won " +
           std::to_string(t.won) + ", " + std::to_string(t.on_time) +
           " lost on time) is not the referee's: " + std::to_string(played) + " games, won " +
           std::to_string(engine_wins) + (opt.fault == "late" ? ", 1 lost on time" : ""));
    }
    std::string log = ewn::test::read_text_file(log_file);
    size_t results = 0;
    for (size_t p = 0; (p = log.find("\nresult game ", p)) != std::string::npos; ++p) ++results;
    if (int(results) != played)
      fail("the client's log holds " + std::to_string(results) + " results for " +
           std::to_string(played) + " games");
    if ((log.find("\nresult game 2 lost on time (") != std::string::npos) != (opt.fault == "late"))
      fail("the client's log does not report game 2 as the referee saw it");
    if ((log.find(" lost_on_time=1 ") != std::string::npos) != (opt.fault == "late"))
      fail("the client's log summary does not count the losses on time");
  } else {
    if (WIFEXITED(status) && WEXITSTATUS(status) != 1)
      fail("the client should fail with exit code 1 after the fault '" + opt.fault + "'");
    const char* expect = opt.fault == "garbage"     ? "bad message from the server"
                         : opt.fault == "bad-die"   ? "the die 13 is not 1-12"
                         : opt.fault == "bad-board" ? "bad message from the server"
                         : opt.fault == "decided"   ? "already decided"
                         : opt.fault == "drop"      ? "without saying 'close'"
                         : opt.fault == "cut"       ? "in the middle of a message"
                                                    : "?";
    if (err.find(expect) == std::string::npos)
      fail(std::string("the client's error does not say '") + expect + "'");
    // The finished first game is still reported, the second as unfinished.
    Tally t = read_tally(out);
    if (!t.found || t.games != played + 1 || t.won != engine_wins || t.unfinished != 1)
      fail(
          "the client's tally does not show game 1 as the referee saw it and game 2 "
          "unfinished");
  }
  if (failures) return 1;
  std::cout << "PASS\n";
  return 0;
}
