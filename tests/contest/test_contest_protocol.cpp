// The contest test server's protocol: messages, answers, cutting a byte stream into messages,
// and following games (and their results) from the boards alone.
#include <catch2/catch.hpp>

#include "movegen.h"
#include "notation.h"
#include "position_sampler.h"
#include "rng.h"
#include "server_client.h"
#include "server_protocol.h"
#include "setup.h"

using namespace ewn;

namespace {
const char* kExample =
    "[[1, 6, 3, 0, 0], [5, 2, 0, 0, 0], [4, 0, 0, 0, 12], [0, 0, 0, 11, 8], [0, 0, 10, 9, 7]]";

std::string error_of(const std::string& text) {
  try {
    parse_server_message(text);
  } catch (const ProtocolError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("server boards: rows from rank 5, columns from file a, blue pieces as 7-12",
          "[contest][protocol]") {
  ServerMessage m = parse_server_message(std::string(kExample) + "|3");
  REQUIRE_FALSE(m.close);
  CHECK(format_position(m.turn.position) == "r1r6r32/r5r23/r43b6/3b5b2/2b4b3b1 r");
  CHECK(m.turn.die == 3);

  // A die of 7-12 says the engine plays Blue; its die is the number minus 6.
  m = parse_server_message(std::string(kExample) + "|8");
  CHECK(m.turn.position.to_move == Blue);
  CHECK(m.turn.die == 2);

  // Spacing does not matter; the board comes back as the server writes it.
  m = parse_server_message("[[1,6,3,0,0],[5,2,0,0,0],[4,0,0,0,12],[0,0,0,11,8],[0,0,10,9,7]] | 12");
  CHECK(m.turn.die == 6);
  CHECK(format_server_turn(m.turn.position, m.turn.die) == std::string(kExample) + "|12");
  CHECK(parse_server_message("close").close);
  CHECK(parse_server_message(" close\n").close);
}

TEST_CASE("server boards: malformed messages are refused with the reason", "[contest][protocol]") {
  std::string b = kExample;
  CHECK_THAT(error_of(""), Catch::Contains("empty message"));
  CHECK_THAT(error_of("hello"), Catch::Contains("expected a board"));
  CHECK_THAT(error_of(b), Catch::Contains("ends where '|'"));
  CHECK_THAT(error_of(b + "|"), Catch::Contains("the die 1-12"));
  CHECK_THAT(error_of(b + "|0"), Catch::Contains("the die 0 is not 1-12"));
  CHECK_THAT(error_of(b + "|13"), Catch::Contains("the die 13 is not 1-12"));
  CHECK_THAT(error_of(b + "|123"), Catch::Contains("the die 123 is not 1-12"));
  CHECK_THAT(error_of(b + "|1234"), Catch::Contains("too many digits"));
  CHECK_THAT(error_of(b + "|3 x"), Catch::Contains("unexpected text after the die"));
  CHECK_THAT(error_of(b + "|x"), Catch::Contains("expected the die"));
  CHECK_THAT(error_of("[[1, 6, 3, 0], [5, 2, 0, 0, 0], [4, 0, 0, 0, 12], [0, 0, 0, 11, 8], "
                      "[0, 0, 10, 9, 7]]|3"),
             Catch::Contains("between the squares of a row"));
  CHECK_THAT(error_of("[[1, 6, 3, 0, 0, 0], [5, 2, 0, 0, 0], [4, 0, 0, 0, 12], [0, 0, 0, 11, 8], "
                      "[0, 0, 10, 9, 7]]|3"),
             Catch::Contains("more than five squares"));
  CHECK_THAT(error_of("[[1, 6, 3, 0, 0], [5, 2, 0, 0, 0], [4, 0, 0, 0, 12], [0, 0, 0, 11, 8]]|3"),
             Catch::Contains("between rows"));
  CHECK_THAT(error_of("[[1, 6, 3, 0, 0], [5, 2, 0, 0, 0], [4, 0, 0, 0, 12], [0, 0, 0, 11, 8], "
                      "[0, 0, 10, 9, 7], [0, 0, 0, 0, 0]]|3"),
             Catch::Contains("more than five rows"));
  CHECK_THAT(error_of("[[1, 6, 3, 0, 0], [5, 2, 0, 0, 0], [4, 0, 0, 0, 13], [0, 0, 0, 11, 8], "
                      "[0, 0, 10, 9, 7]]|3"),
             Catch::Contains("holds 13"));
  CHECK_THAT(error_of("[[1, 6, 3, 0, 0], [5, 2, 0, 0, 0], [4, 0, 0, 0, 12], [0, 0, 0, 11, 8], "
                      "[0, 0, 10, 9, 9]]|3"),
             Catch::Contains("piece 9 appears twice"));
  CHECK_THAT(error_of("[[1, 6, 3, 0, 0], [5, 2, 0, 0, 0], [4, 0, 0, 0, 12], [0, 0, 0, 11, 8], "
                      "[0, 0, 10, 9, -7]]|3"),
             Catch::Contains("a square's number"));
  // Red on e1 has already won; Blue without pieces cannot be told to move.
  CHECK_THAT(error_of("[[6, 0, 3, 0, 0], [5, 2, 0, 0, 0], [4, 0, 0, 0, 12], [0, 0, 0, 11, 8], "
                      "[0, 0, 10, 9, 1]]|3"),
             Catch::Contains("already decided"));
  CHECK_THAT(error_of("[[1, 6, 3, 0, 0], [5, 2, 0, 0, 0], [4, 0, 0, 0, 0], [0, 0, 0, 0, 0], "
                      "[0, 0, 0, 0, 0]]|9"),
             Catch::Contains("which has no pieces"));
  // Binary junk is shown escaped, not passed to the terminal.
  CHECK_THAT(error_of(std::string("\x01\x02", 2)), Catch::Contains("\\x01"));
}

TEST_CASE("answers: the piece in the server's numbering and the direction word",
          "[contest][protocol]") {
  Position start = parse_position("r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r").position;
  CHECK(format_answer(start, parse_move("c5d4")) == "3|rightdown");
  CHECK(format_answer(start, parse_move("a3a2")) == "6|down");
  Position blue = start;
  blue.to_move = Blue;
  CHECK(format_answer(blue, parse_move("d2c2")) == "11|left");
  CHECK(format_answer(blue, parse_move("e3e4")) == "9|up");
  CHECK(format_answer(blue, parse_move("c1b2")) == "12|leftup");
  CHECK_THROWS_AS(format_answer(blue, parse_move("c5d4")), std::invalid_argument);

  // Every legal move of many positions goes there and back.
  Rng rng(7);
  for (int i = 0; i < 300; ++i) {
    Position pos = random_position(rng, 2 + int(rng.below(11)));
    for (int die = 1; die <= 6; ++die)
      for (Move m : legal_moves(pos, die)) REQUIRE(parse_answer(pos, format_answer(pos, m)) == m);
  }
  CHECK_THROWS_AS(parse_answer(start, "3|up"), ProtocolError);
  CHECK_THROWS_AS(parse_answer(start, "9|left"), ProtocolError);
  CHECK_THROWS_AS(parse_answer(start, "3"), ProtocolError);
  CHECK_THROWS_AS(parse_answer(start, "1|right2"), ProtocolError);
}

TEST_CASE("message assembly: any split of a message is put back together", "[contest][protocol]") {
  using State = MessageAssembler::State;
  for (std::string msg :
       {std::string(kExample) + "|3", std::string(kExample) + "|12", std::string("close")}) {
    for (size_t cut = 0; cut <= msg.size(); ++cut) {
      MessageAssembler a;
      a.feed(msg.substr(0, cut));
      State s = a.state();
      if (cut == 0) CHECK(s == State::Empty);
      if (cut > 0 && cut < msg.size()) {
        bool lone_one = msg.substr(0, cut).ends_with("|1");
        CHECK(s == (lone_one ? State::Ambiguous : State::Partial));
      }
      a.feed(msg.substr(cut));
      REQUIRE(a.state() == State::Complete);
      CHECK(a.take() == msg);
      CHECK(a.state() == State::Empty);
    }
  }
  // A lone die 1 is ambiguous until the caller decides nothing more is coming.
  MessageAssembler a;
  a.feed(std::string(kExample) + "|1");
  CHECK(a.state() == State::Ambiguous);
  CHECK(parse_server_message(a.take()).turn.die == 1);
  // Whitespace between messages is dropped; two messages in one read come out one by one.
  a.feed(std::string("\n") + kExample + "|4\nclose");
  REQUIRE(a.state() == State::Complete);
  CHECK(parse_server_message(a.take()).turn.die == 4);
  REQUIRE(a.state() == State::Complete);
  CHECK(a.take() == "close");
  // Junk stays partial (the client waits, then reports it whole).
  a.feed("garbage");
  CHECK(a.state() == State::Partial);
  CHECK(a.take() == "garbage");
  a.feed("[[[[[[[");
  CHECK(a.state() == State::Partial);
}

namespace {
// A position after `moves` random moves from a random setup, with `side` to move.
Position play_random(Position pos, Rng& rng, int moves) {
  for (int i = 0; i < moves && !pos.winner(); ++i) {
    MoveList l = legal_moves(pos, rng.die());
    pos.play(l.moves[rng.below(uint32_t(l.size))]);
  }
  return pos;
}
}  // namespace

TEST_CASE("game tracking: continuations, new games and who won", "[contest][protocol]") {
  Rng rng(3);
  for (int trial = 0; trial < 200; ++trial) {
    GameTracker t;
    Side engine = trial % 2 ? Red : Blue;
    Position pos = random_setup(rng.next(), trial % 3 ? Red : Blue);
    if (pos.to_move != engine) pos = play_random(pos, rng, 1);  // the opponent opened
    auto u = t.observe(pos);
    REQUIRE(u.new_game);
    REQUIRE_FALSE(u.ended);
    CHECK(u.note.empty());
    std::optional<bool> engine_won;
    bool refused = false;
    while (true) {
      MoveList l = legal_moves(pos, rng.die());
      Move m = l.moves[rng.below(uint32_t(l.size))];
      t.engine_moved(m, false);
      pos.play(m);
      if (pos.winner()) {
        engine_won = true;
        break;
      }
      MoveList reply = legal_moves(pos, rng.die());
      Move r = reply.moves[rng.below(uint32_t(reply.size))];
      if (rng.below(30) == 0) {
        // The server stops the game here (as after a late answer).
        engine_won = false;
        refused = true;
        for (Move x : all_moves(pos)) refused = refused && !wins_at_once(pos, x);
        break;
      }
      pos.play(r);
      if (pos.winner()) {
        engine_won = false;
        break;
      }
      u = t.observe(pos);
      REQUIRE_FALSE(u.new_game);
      REQUIRE(u.opponent_move == r);
    }
    // The next game's first board tells how this one ended.
    Position next = random_setup(rng.next(), Red);
    u = t.observe(next);
    REQUIRE(u.new_game);
    REQUIRE(u.ended);
    CHECK(u.ended->engine_won == *engine_won);
    CHECK(u.ended->engine_side == engine);
    if (refused) CHECK_THAT(u.ended->how, Catch::Contains("no winning reply"));
    CHECK(t.game_number() == 2);
    // The connection ends in game 2: unfinished.
    auto last = t.end(false);
    REQUIRE(last);
    CHECK_FALSE(last->finished);
  }
}

TEST_CASE("game tracking: a board that neither continues nor starts a game is noted",
          "[contest][protocol]") {
  GameTracker t;
  Position pos = parse_position("r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r").position;
  t.observe(pos);
  t.engine_moved(parse_move("c5d4"), false);
  Position odd = parse_position("5/1r13/2b22/5/5 r").position;
  auto u = t.observe(odd);
  CHECK(u.new_game);
  REQUIRE(u.ended);
  CHECK_FALSE(u.ended->engine_won);
  CHECK_THAT(u.note, Catch::Contains("neither continues"));
  // "close" right after the engine's winning move: a win.
  t.engine_moved(parse_move("b4c3"), false);
  auto last = t.end(true);
  REQUIRE(last);
  CHECK(last->finished);
  CHECK(last->engine_won);
  CHECK_THAT(last->how, Catch::Contains("took the last piece"));
}

TEST_CASE("game tracking: a game whose last answer came too late is lost on time",
          "[contest][protocol]") {
  for (bool late : {false, true}) {
    GameTracker t;
    t.observe(parse_position("r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r").position);
    t.engine_moved(parse_move("c5d4"), late);
    auto u = t.observe(parse_position("r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r").position);
    REQUIRE(u.ended);
    CHECK_FALSE(u.ended->engine_won);
    CHECK(u.ended->on_time == late);
    CHECK(u.ended->outcome() == (late ? "lost on time" : "lost"));
    if (late) CHECK_THAT(u.ended->how, Catch::Contains("came after the server's limit"));
    ClientReport report;
    report.games.push_back(*u.ended);
    CHECK(report.losses() == 1);
    CHECK(report.time_losses() == (late ? 1 : 0));
  }
}
