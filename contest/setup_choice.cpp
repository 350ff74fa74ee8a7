#include "setup_choice.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "rng.h"
#include "search.h"

namespace ewn {

Arrangement choose_arrangement(Side side, Side first, const std::optional<Arrangement>& opponent,
                               int depth) {
  std::vector<Arrangement> opponents;
  if (opponent) {
    opponents.push_back(*opponent);
  } else {
    // Ordered, reversed and a few shuffled ones: no arrangement is favoured by the sample.
    opponents.push_back({1, 2, 3, 4, 5, 6});
    opponents.push_back({6, 5, 4, 3, 2, 1});
    Rng rng(20240601);
    for (int k = 0; k < 4; ++k) {
      Arrangement a = {1, 2, 3, 4, 5, 6};
      for (int i = 5; i > 0; --i) std::swap(a[size_t(i)], a[rng.below(uint32_t(i + 1))]);
      opponents.push_back(a);
    }
  }
  SearchOptions options;
  options.tt_bytes = 1u << 20;
  Search search(options);
  Arrangement best{}, order = {1, 2, 3, 4, 5, 6};
  double best_value = -1;
  do {
    // Renumbering a side x -> 7 - x keeps every value (SPEC 5): half the orders suffice.
    if (order[0] > 7 - order[0]) continue;
    double sum = 0;
    for (const Arrangement& other : opponents) {
      Position pos;
      place_side(pos, side, order);
      place_side(pos, opposite(side), other);
      pos.to_move = first;
      double v = search.chance_value(pos, depth);
      sum += first == side ? v : 1 - v;
    }
    if (sum > best_value + 1e-12) {
      best_value = sum;
      best = order;
    }
  } while (std::next_permutation(order.begin(), order.end()));
  return best;
}

namespace {
std::string percent(double value) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100 * value);
  return buf;
}
}  // namespace

EngineArrangement engine_arrangement(const SetupAdvisor* advisor, Side side, Side first,
                                     const std::optional<Arrangement>& opponent, int depth,
                                     Rng& rng) {
  SetupRole role = side == first ? SetupRole::First : SetupRole::Second;
  // A matrix of a few classes (tests, trials) cannot answer every arrangement.
  bool whole = advisor && advisor->matrix().rows == kArrangementClasses &&
               advisor->matrix().columns == kArrangementClasses;
  if (whole && opponent) {
    RankedArrangement best = advisor->replies(role, *opponent, 1).front();
    return {best.arrangement, "the setup matrix's best reply to " + format_arrangement(*opponent) +
                                  " (wins " + percent(best.value) + ")"};
  }
  if (whole) {
    double u = double(rng.next() >> 11) * 0x1.0p-53;
    bool twin = rng.next() & 1;
    Arrangement order = advisor->equilibrium_draw(role, u, twin);
    const SetupEquilibrium& e = advisor->equilibrium();
    double value = role == SetupRole::First ? e.value : 1 - e.value;
    return {order, "drawn from the setup matrix's equilibrium for the " +
                       std::string(role_name(role)) + " mover (wins " + percent(value) +
                       " against the opponent's equilibrium mix)"};
  }
  return {choose_arrangement(side, first, opponent, depth),
          "a depth-" + std::to_string(depth) + " search against " +
              (opponent ? "the opponent's arrangement" : "six sample arrangements") +
              " (no setup matrix; ewn setup make makes one)"};
}

}  // namespace ewn
