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

}  // namespace ewn::test
