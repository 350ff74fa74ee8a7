#include "setup.h"

#include <random>
#include <stdexcept>
#include <vector>

namespace ewn {

namespace {
void check_permutation(std::span<const int, 6> order, const char* who) {
  unsigned seen = 0;
  for (int n : order) {
    if (n < 1 || n > 6 || (seen & (1u << n)))
      throw std::invalid_argument(std::string(who) + " setup must be a permutation of 1..6");
    seen |= 1u << n;
  }
}
}  // namespace

Position free_setup(std::span<const int, 6> red_order, std::span<const int, 6> blue_order,
                    Side first) {
  check_permutation(red_order, "Red's");
  check_permutation(blue_order, "Blue's");
  Position pos;
  for (int i = 0; i < 6; ++i) {
    pos.put(Red, red_order[i], kRedStartSquares[i]);
    pos.put(Blue, blue_order[i], blue_setup_square(kRedStartSquares[i]));
  }
  pos.to_move = first;
  return pos;
}

std::array<int, 6> referee_order(std::span<const int, 6> rolls) {
  std::vector<int> unplaced = {1, 2, 3, 4, 5, 6};
  std::array<int, 6> order{};
  for (int i = 0; i < 6; ++i) {
    if (rolls[i] < 1 || rolls[i] > 6) throw std::invalid_argument("a die roll must be 1..6");
    size_t k = size_t(rolls[i]) % unplaced.size();
    order[i] = unplaced[k];
    unplaced.erase(unplaced.begin() + long(k));
  }
  return order;
}

Position referee_setup(std::span<const int, 6> rolls, Side first) {
  auto order = referee_order(rolls);
  return free_setup(order, order, first);
}

Position random_setup(uint64_t seed, Side first) {
  // std::mt19937_64's raw output is fixed by the C++ standard (the same on every platform, as
  // rng.h asks; only the std distributions differ), so it stays: Rng would change every setup
  // a seed gives, and with them the benchmarks' positions and the seeded matches.
  std::mt19937_64 rng(seed);
  std::array<int, 6> rolls{};
  for (int& r : rolls) r = int(rng() % 6) + 1;
  return referee_setup(rolls, first);
}

}  // namespace ewn
