// Drives `ewn play --operator` through its stdin and stdout as an operator would, for CTest:
// it answers every question (colour, setup, dice, the opponent's moves as a random player,
// typed in the different accepted forms, with typing mistakes and takebacks now and then)
// until the game or the best-of-7 match is over, then checks the log: every game replays
// legally from its start with its dice to the winner it names, and a match keeps to its
// schedule (the engine's seat moves first in games 1, 4, 5 as A) and ends at 4 wins.
//
//   ewn_test_operator --ewn PATH --work DIR [--seed S] [--bo7] [--eof-after N]
//                     [-- extra arguments for ewn play]
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "movegen.h"
#include "notation.h"
#include "piped_child.h"
#include "rng.h"

using namespace ewn;
using ewn::test::PipedChild;

namespace {

int failures = 0;
void fail(const std::string& what) {
  std::cerr << "FAIL: " << what << "\n";
  ++failures;
}

bool starts_with(const std::string& s, const std::string& p) {
  return s.rfind(p, 0) == 0;
}

// The move typed in one of the forms the console accepts.
std::string typed_move(const Position& pos, Move m, Rng& rng) {
  static const char* red_words[] = {"right", "down", "rightdown"};
  static const char* blue_words[] = {"left", "up", "leftup"};
  int dr = row_of(m.to) - row_of(m.from), dc = col_of(m.to) - col_of(m.from);
  int k = dr == 0 ? 0 : dc == 0 ? 1 : 2;
  const char* word = pos.to_move == Red ? red_words[k] : blue_words[k];
  int number = code_number(pos.board[m.from]);
  switch (rng.below(5)) {
    case 0:
      return format_move(m);
    case 1:
      return square_name(m.from) + "-" + square_name(m.to);
    case 2:
      return std::to_string(number) + " " + word;
    case 3:
      return std::string(pos.to_move == Red ? "R" : "B") + std::to_string(number) + " " + word;
    default:
      return square_name(m.from) + " " + word;
  }
}

struct Driver {
  Driver(PipedChild& c, uint64_t seed) : child(c), rng(seed) {}
  PipedChild& child;
  Rng rng;
  std::string transcript;  // everything the console wrote
  size_t seen = 0;         // how far the transcript has been looked at for positions
  Position position;       // the latest position the console printed
  int answers = 0;

  // Reads until the console asks something; the question, or "" if it ended.
  std::string next_prompt() {
    std::string buffer;
    while (true) {
      size_t nl = buffer.rfind('\n');
      std::string last = nl == std::string::npos ? buffer : buffer.substr(nl + 1);
      if (!last.empty() && last.size() >= 2 && last.substr(last.size() - 2) == "> " &&
          is_prompt(last))
        return last;
      auto data = child.read_stdout(60000);
      if (!data) {
        fail("the console said nothing for 60 s; last output:\n" + buffer);
        return "";
      }
      if (data->empty()) return "";
      buffer += *data;
      transcript += *data;
      track_position();
    }
  }

  static bool is_prompt(const std::string& line) {
    return starts_with(line, "setup> ") || starts_with(line, "die for ") ||
           starts_with(line, "engine's colour") || line.find(" move, die ") != std::string::npos ||
           starts_with(line, "is that right?") || starts_with(line, "game over") ||
           starts_with(line, "match over");
  }

  // The console prints the position in SPEC notation after every move.
  void track_position() {
    size_t end;
    while ((end = transcript.find('\n', seen)) != std::string::npos) {
      std::string line = transcript.substr(seen, end - seen);
      seen = end + 1;
      if (line.find('/') == std::string::npos || line.find(' ') == std::string::npos) continue;
      try {
        ParsedPosition p = parse_position(line);
        if (!p.die) position = p.position;
      } catch (const ParseError&) {
      }
    }
  }

  void say(const std::string& line) {
    ++answers;
    if (!child.write_stdin(line + "\n")) fail("the console stopped reading");
  }

  // Expects the console to answer a wrong input with an explanation and the same question.
  void expect_complaint(const std::string& question, const std::string& bad) {
    say(bad);
    size_t from = transcript.size();
    std::string again = next_prompt();
    std::string said = transcript.substr(from);
    if (again != question)
      fail("after the wrong input '" + bad + "' the console asked '" + again + "', not '" +
           question + "' again");
    if (said.find("Cannot play that") == std::string::npos &&
        said.find("not a die") == std::string::npos)
      fail("the console did not explain what was wrong with '" + bad + "': " + said);
  }
};

// Replays the games in the log: start, dice and moves must make a legal game won by the
// colour the result line names. Returns the games' (engine colour, first mover, engine won).
struct LoggedGame {
  Side engine = Red, first = Red;
  bool engine_won = false, finished = false;
};

std::vector<LoggedGame> check_log(const std::string& log) {
  std::vector<LoggedGame> games;
  std::istringstream in(log);
  std::string line;
  LoggedGame g;
  std::string result;
  Position start;
  std::vector<int> dice;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string key;
    words >> key;
    if (key == "game") {
      g = LoggedGame{};
      g.engine = line.find("engine=red") != std::string::npos ? Red : Blue;
      g.first = line.find("first=red") != std::string::npos ? Red : Blue;
    } else if (key == "result") {
      result = line;
    } else if (key == "start") {
      start = parse_position(line.substr(6)).position;
    } else if (key == "dice") {
      dice.clear();
      for (int d; words >> d;) dice.push_back(d);
    } else if (key == "moves") {
      Position pos = start;
      std::vector<std::string> moves;
      for (std::string m; words >> m;) moves.push_back(m);
      if (moves.size() != dice.size())
        fail("a logged game has " + std::to_string(dice.size()) + " dice for " +
             std::to_string(moves.size()) + " moves");
      for (size_t i = 0; i < moves.size() && i < dice.size(); ++i) {
        Move m = parse_move(moves[i]);
        if (!legal_moves(pos, dice[i]).contains(m)) {
          fail("logged move " + moves[i] + " is illegal in " + format_position(pos, dice[i]));
          break;
        }
        pos.play(m);
      }
      g.finished = result.find("result none") == std::string::npos;
      if (g.finished) {
        bool declared = result.find("declared") != std::string::npos;
        auto w = pos.winner();
        Side named = result.find("result red") != std::string::npos ? Red : Blue;
        if (!declared && (!w || *w != named))
          fail("the logged game does not end with the named winner: " + result);
        g.engine_won = named == g.engine;
      }
      games.push_back(g);
    }
  }
  return games;
}

}  // namespace

int main(int argc, char** argv) {
  std::string ewn_path, work;
  uint64_t seed = 1;
  bool bo7 = false;
  int eof_after = -1;
  std::vector<std::string> extra;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--ewn" && i + 1 < argc)
      ewn_path = argv[++i];
    else if (a == "--work" && i + 1 < argc)
      work = argv[++i];
    else if (a == "--seed" && i + 1 < argc)
      seed = std::strtoull(argv[++i], nullptr, 10);
    else if (a == "--bo7")
      bo7 = true;
    else if (a == "--eof-after" && i + 1 < argc)
      eof_after = std::atoi(argv[++i]);
    else if (a == "--") {
      for (++i; i < argc; ++i) extra.push_back(argv[i]);
    } else {
      std::cerr << "usage: ewn_test_operator --ewn PATH --work DIR [--seed S] [--bo7] "
                   "[--eof-after N] [-- args]\n";
      return 2;
    }
  }
  std::string tag = work + "/operator-" + std::to_string(seed) + (bo7 ? "-bo7" : "") +
                    (eof_after >= 0 ? "-eof" : "");
  std::string log_file = tag + ".log", err_file = tag + ".err";
  std::remove(log_file.c_str());
  std::vector<std::string> args = {ewn_path, "play",   "--operator",        "--log",
                                   log_file, "--seed", std::to_string(seed)};
  if (bo7) args.push_back("--bo7");
  args.insert(args.end(), extra.begin(), extra.end());
  PipedChild child(args, true, true, "", err_file);
  Driver d(child, seed);

  int games_started = 0;
  std::string engine_colour = "red";
  while (failures == 0) {
    std::string q = d.next_prompt();
    if (q.empty()) break;
    if (eof_after >= 0 && d.answers >= eof_after) {
      child.close_stdin();
      continue;
    }
    if (starts_with(q, "engine's colour")) {
      const char* answers[] = {"", "blue", "red", "b", "r"};
      std::string a = answers[d.rng.below(5)];
      if (!a.empty()) engine_colour = a[0] == 'r' ? "red" : "blue";
      d.say(a);
    } else if (starts_with(q, "setup> ")) {
      ++games_started;
      std::string other = engine_colour == "red" ? "blue" : "red";
      const std::string setups[] = {"random", "rolls 3 1 4 1 5 2", "rolls 615243",
                                    engine_colour + " engine " + other + " 654321",
                                    "red 162534 blue 243516"};
      if (d.rng.below(4) == 0) {
        d.say("rolls 1 2 3");  // a mistake first: it must be explained and asked again
        if (d.next_prompt() != "setup> ") fail("a bad setup was not asked for again");
      }
      d.say(setups[d.rng.below(5)]);
    } else if (starts_with(q, "die for ")) {
      bool opponent = q.find("(opponent)") != std::string::npos;
      if (d.rng.below(8) == 0) d.expect_complaint(q, "7");
      int die = int(d.rng.below(6)) + 1;
      if (opponent && d.rng.below(2) == 0) {
        MoveList legal = legal_moves(d.position, die);
        Move m = legal.moves[d.rng.below(uint32_t(legal.size))];
        d.say(std::to_string(die) + " " + typed_move(d.position, m, d.rng));
      } else {
        d.say(std::to_string(die));
      }
    } else if (q.find(" move, die ") != std::string::npos) {
      int die = q[q.find(" move, die ") + 11] - '0';
      if (d.rng.below(8) == 0) d.expect_complaint(q, "xyz");
      if (d.rng.below(8) == 0) d.expect_complaint(q, "a5a5");
      MoveList legal = legal_moves(d.position, die);
      if (legal.size == 0) {
        fail("no legal move in the position the console showed: " + format_position(d.position));
        break;
      }
      Move m = legal.moves[d.rng.below(uint32_t(legal.size))];
      if (d.rng.below(6) == 0) {
        // A mistyped move taken back before the engine answers, then the right one.
        d.say(typed_move(d.position, m, d.rng));
        std::string after = d.next_prompt();
        if (after.empty()) break;
        if (starts_with(after, "die for ")) {
          d.say("undo");
          std::string back = d.next_prompt();
          if (back != q) fail("'undo' did not return to '" + q + "' but to '" + back + "'");
          d.say(format_move(m));
        } else {
          // The move ended the game, or the confirm step came: answer as usual next time.
          if (starts_with(after, "is that right?"))
            d.say("y");
          else if (starts_with(after, "game over") || starts_with(after, "match over"))
            d.say("quit");
          else if (starts_with(after, "engine's colour"))
            d.say("");
          else if (starts_with(after, "setup> ")) {
            ++games_started;
            d.say("random");
          } else
            fail("unexpected question after a move: " + after);
        }
      } else {
        d.say(typed_move(d.position, m, d.rng));
      }
    } else if (starts_with(q, "is that right?")) {
      d.say("y");
    } else if (starts_with(q, "game over") || starts_with(q, "match over")) {
      d.say("quit");
    } else {
      fail("unexpected question: " + q);
      break;
    }
  }
  child.close_stdin();
  int status = child.wait(30000);
  std::string log = ewn::test::read_text_file(log_file);
  std::string err = ewn::test::read_text_file(err_file);
  std::cout << "--- console transcript (end)\n"
            << d.transcript.substr(d.transcript.size() > 3000 ? d.transcript.size() - 3000 : 0)
            << "\n--- stderr\n"
            << err << "--- console " << PipedChild::describe(status) << " after " << d.answers
            << " answers\n";
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    fail("the console did not exit cleanly: " + PipedChild::describe(status));

  std::vector<LoggedGame> games = check_log(log);
  if (eof_after >= 0) {
    if (d.transcript.find("End of input") == std::string::npos)
      fail("the end of the input was not reported");
    if (games.empty() || games.back().finished) fail("the log does not show an unfinished game");
  } else if (!bo7) {
    if (games.size() != 1 || !games[0].finished) fail("the log does not hold one finished game");
    if (d.transcript.find("*** Game 1: ") == std::string::npos) fail("no result was announced");
  } else {
    int engine = 0, opponent = 0;
    for (size_t i = 0; i < games.size(); ++i) {
      int g = int(i) + 1;
      bool a_first = g == 1 || g == 4 || g == 5;  // the engine is A by default
      if ((games[i].first == games[i].engine) != a_first)
        fail("game " + std::to_string(g) + ": the wrong side moved first");
      if (!games[i].finished) fail("game " + std::to_string(g) + " is unfinished");
      (games[i].engine_won ? engine : opponent)++;
    }
    if (std::max(engine, opponent) != 4 || games.size() > 7)
      fail("the match did not end at 4 wins: " + std::to_string(engine) + " - " +
           std::to_string(opponent));
    std::string final =
        "match engine " + std::to_string(engine) + " - " + std::to_string(opponent) + " opponent";
    if (log.find(final) == std::string::npos) fail("the log does not end with '" + final + "'");
  }
  if (failures) return 1;
  std::cout << "PASS (" << games.size() << " games)\n";
  return 0;
}
