// A side's arrangement for a free setup (SPEC 2) and its classes under renumbering (SPEC 5c).
//
// An arrangement lists the piece numbers on the side's start squares in the order the referee
// fills them (Red a5 b5 c5 a4 b4 a3, Blue e1 e2 e3 d1 d2 c1), written as six digits: 162534.
// Renumbering a side's pieces x -> 7 - x keeps every value, so the 720 arrangements form 360
// classes of two, the arrangement and its twin. A class is named by its member whose first
// digit is 1, 2 or 3, and numbered 0..359 in the lexicographic order of those members (which
// are exactly the first 360 permutations of 1..6 in that order).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "position.h"

namespace ewn {

using Arrangement = std::array<int, 6>;  // piece numbers on the side's start squares, fill order

inline constexpr int kArrangementClasses = 360;

// The position with `side`'s pieces placed by `order` (the other side untouched).
void place_side(Position& pos, Side side, const Arrangement& order);
// The side's arrangement as found on its start squares (empty squares count as 0).
Arrangement arrangement_of(const Position& pos, Side side);
// "123456"
std::string format_arrangement(const Arrangement& order);
// Six digits, a permutation of 1..6; nothing otherwise (`error` says what is wrong).
std::optional<Arrangement> parse_arrangement(std::string_view text, std::string* error = nullptr);

// The arrangement with every number x replaced by 7 - x.
Arrangement renumbered(const Arrangement& order);
// The arrangement reflected in the a5-e1 diagonal (SPEC 5b): the pieces on b5 and a4 trade
// places, and those on c5 and a3 (Blue's: e2 and d1, e3 and c1); a5 and b4 stay. Reflecting
// the whole start reflects both sides' arrangements this way, so the start with `a` against
// `b` has the value of the start with mirrored(a) against mirrored(b).
Arrangement mirrored(const Arrangement& order);
// The class's name: the arrangement or its twin, whichever starts with 1, 2 or 3.
Arrangement class_member(const Arrangement& order);
// The class's number 0..359, and back to its name.
int arrangement_class(const Arrangement& order);
Arrangement class_arrangement(int class_index);
// The class of the mirrored members of a class (renumbering and mirroring commute, so it is
// one class). No class is its own image (b5 and a4 would hold one number, or a5 a number x
// with x = 7 - x): the 360 classes form 180 pairs.
int mirror_class(int class_index);

}  // namespace ewn
