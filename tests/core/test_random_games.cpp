// Random games played to the end, every move checked against rules worked out independently.
#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "movegen.h"
#include "notation.h"
#include "setup.h"
#include "test_util.h"

using namespace ewn;

namespace {

// The pieces a die lets `side` move, from the rule text: the rolled piece, else the nearest
// lower and the nearest higher ones it still has.
std::vector<int> allowed_numbers(const Position& pos, Side side, int die) {
  auto has = [&](int n) { return pos.square_of(side, n) != kNoSquare; };
  if (has(die)) return {die};
  std::vector<int> out;
  for (int n = die - 1; n >= 1; --n)
    if (has(n)) {
      out.push_back(n);
      break;
    }
  for (int n = die + 1; n <= 6; ++n)
    if (has(n)) {
      out.push_back(n);
      break;
    }
  return out;
}

// A move as one number, for comparing move lists quickly.
int move_code(Square from, Square to) {
  return from * kSquares + to;
}

// The legal moves by files and ranks: Red right, down, right-down; Blue left, up, left-up.
std::vector<int> moves_by_hand(const Position& pos, int die) {
  std::vector<int> out;
  Side side = pos.to_move;
  int df = side == Red ? 1 : -1, dr = side == Red ? -1 : 1;
  for (int n : allowed_numbers(pos, side, die)) {
    Square from = pos.square_of(side, n);
    int f = file_of(from), r = rank_of(from);
    const int steps[3][2] = {{df, 0}, {0, dr}, {df, dr}};
    for (auto [sf, sr] : steps)
      if (f + sf >= 0 && f + sf <= 4 && r + sr >= 1 && r + sr <= 5)
        out.push_back(move_code(from, square_at(f + sf, r + sr)));
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Progress towards the goal by files and ranks: Red counts files right and ranks down.
int progress_by_hand(Side side, Square s) {
  int red = file_of(s) + (5 - rank_of(s));
  return side == Red ? red : 8 - red;
}

}  // namespace

TEST_CASE("random games: every move follows the rules and every game ends") {
  test::Rng rng(31415);
  const int kGames = 100000;
  int longest = 0, red_wins = 0, goal_wins = 0;
  for (int game = 0; game < kGames; ++game) {
    Position pos;
    if (game % 2) {
      pos = random_setup(rng(), test::uniform(rng, 0, 1) ? Blue : Red);
    } else {  // a free setup: any two permutations
      std::array<int, 6> red = {1, 2, 3, 4, 5, 6}, blue = red;
      std::shuffle(red.begin(), red.end(), rng);
      std::shuffle(blue.begin(), blue.end(), rng);
      pos = free_setup(red, blue, test::uniform(rng, 0, 1) ? Blue : Red);
    }
    int ply = 0;
    while (!pos.winner()) {
      // No piece can make more than 8 steps, so 12 * 8 plies end any game.
      if (++ply > 96) FAIL("game " << game << " does not end: " << format_position(pos));
      int die = test::uniform(rng, 1, 6);
      MoveList moves = legal_moves(pos, die);
      std::vector<int> codes;
      for (Move m : moves) codes.push_back(move_code(m.from, m.to));
      std::sort(codes.begin(), codes.end());
      if (codes != moves_by_hand(pos, die))
        FAIL("legal moves differ in " << format_position(pos, die));
      Move m = moves.moves[size_t(test::uniform(rng, 0, moves.size - 1))];

      const Side mover = pos.to_move;
      const uint8_t piece = pos.board[m.from], victim = pos.board[m.to];
      const int counts[2] = {pos.count(Red), pos.count(Blue)};
      const int total_before = pos.total_progress();
      Position before = pos;
      pos.play(m);

      // The piece steps forward by 1 (straight) or 2 (diagonal); nothing else moves.
      int gain = progress_by_hand(mover, m.to) - progress_by_hand(mover, m.from);
      bool diagonal = file_of(m.from) != file_of(m.to) && rank_of(m.from) != rank_of(m.to);
      if (gain != (diagonal ? 2 : 1) || pos.board[m.to] != piece || pos.board[m.from] != kEmpty)
        FAIL("bad step " << format_move(m) << " in " << format_position(before));
      for (int s = 0; s < kSquares; ++s)
        if (s != m.from && s != m.to && pos.board[s] != before.board[s])
          FAIL("a bystander moved: " << format_move(m) << " in " << format_position(before));
      // Piece counts only fall: by one for the victim's side on a capture, else not at all.
      for (Side side : {Red, Blue}) {
        int lost = victim != kEmpty && code_side(victim) == side ? 1 : 0;
        if (pos.count(side) != counts[side] - lost)
          FAIL("piece count wrong after " << format_move(m) << " in " << format_position(before));
      }
      if (victim == kEmpty && pos.total_progress() != total_before + gain)
        FAIL("total progress did not rise by " << gain << " in " << format_position(before));
      if (pos.to_move != opposite(mover)) FAIL("side to move not passed on");

      // The winner: the mover reached its goal or took the last enemy piece; else nobody yet.
      bool reached_goal = m.to == square_at(mover == Red ? 4 : 0, mover == Red ? 1 : 5);
      bool last_taken = pos.count(opposite(mover)) == 0;
      auto w = pos.winner();
      if ((reached_goal || last_taken) != bool(w) || (w && *w != mover))
        FAIL("winner wrong after " << format_move(m) << " in " << format_position(before));
      if (w) {
        red_wins += *w == Red;
        goal_wins += reached_goal;
      }
    }
    longest = std::max(longest, ply);
  }
  // Both sides win, both ways, in a sample this large.
  CHECK(red_wins > kGames / 4);
  CHECK(red_wins < kGames * 3 / 4);
  CHECK(goal_wins > 0);
  CHECK(goal_wins < kGames);
  INFO("longest game: " << longest << " plies");
  CHECK(longest <= 96);
}
