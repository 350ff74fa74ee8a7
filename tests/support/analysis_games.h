// Hand-made games for the tests of the analysis, whose values the tables of <= 3 pieces know.
#pragma once

namespace ewn::test {

// Red blunders (c3d3 instead of the winning c3d2), Blue blunders back (d2c2 instead of d2d3,
// which takes Red's piece and wins for sure), and Red wins on e1.
inline constexpr const char* kBlunderGameStart = "5/1r13/2r22/3b11/5 r";
inline constexpr const char* kBlunderGame =
    "5/1r13/2r22/3b11/5 r\n"
    "r 2 c3d3\n"
    "b 4 d2c2\n"
    "r 5 d3e2\n"
    "b 1 c2b3\n"
    "r 6 e2e1\n";

// An `ewn play` log of two games: the blunder game above (with a move taken back), then a game
// cut short when the program was killed (no summary).
inline constexpr const char* kPlayLog =
    "# ewn play: engine expectimax\n"
    "game 1 mode=play engine=blue first=red\n"
    "setup 5/1r13/2r22/3b11/5 r\n"
    "turn 1 5/1r13/2r22/3b11/5 r 2 c3c2 opponent time=1.00s\n"
    "undo turn 1\n"
    "turn 1 5/1r13/2r22/3b11/5 r 2 c3d3 opponent time=1.00s\n"
    "turn 2 5/1r13/3r21/3b11/5 b 4 d2c2 engine time=0.10s move_value=0.0231 exact\n"
    "turn 3 5/1r13/3r21/2b12/5 r 5 d3e2 opponent time=1.00s\n"
    "turn 4 5/1r13/5/2b11r2/5 b 1 c2b3 engine time=0.10s move_value=0.0000 exact\n"
    "turn 5 5/1r13/1b13/4r2/5 r 6 e2e1 opponent time=1.00s\n"
    "result red opponent goal\n"
    "start 5/1r13/2r22/3b11/5 r\n"
    "dice 2 4 5 1 6\n"
    "moves c3d3 d2c2 d3e2 c2b3 e2e1\n\n"
    "game 2 mode=play engine=red first=blue\n"
    "setup 5/1r13/2r22/3b11/5 b\n"
    "turn 1 5/1r13/2r22/3b11/5 b 3 d2c2 opponent time=1.00s\n";

// An `ewn match` log of two games: the blunder game above and a one-move win.
inline constexpr const char* kMatchLog =
    "game 1 round 1 red=A blue=B first=red\n"
    "A expectimax:depth=2\n"
    "B random\n"
    "setup 5/1r13/2r22/3b11/5 r\n"
    "dice 2 4 5 1 6\n"
    "moves c3d3 d2c2 d3e2 c2b3 e2e1\n"
    "times 0.1 0.0 0.1 0.0 0.1\n"
    "result red A goal\n\n"
    "game 2 round 1 red=B blue=A first=red\n"
    "A expectimax:depth=2\n"
    "B random\n"
    "setup 5/1r13/2r22/3b11/5 r\n"
    "dice 2\n"
    "moves c3d2\n"
    "times 0.0\n"
    "result red B goal\n";

}  // namespace ewn::test
