#include "setup_entry.h"

#include <ctime>

namespace ewn {

Position setup_start(const Arrangement& first_mover, const Arrangement& second_mover, Side colour) {
  Position pos;
  place_side(pos, colour, first_mover);
  place_side(pos, opposite(colour), second_mover);
  pos.to_move = colour;
  return pos;
}

namespace {

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

}  // namespace

std::vector<SetupEntry> setup_entry_deepening(Search& search, const Arrangement& first_mover,
                                              const Arrangement& second_mover, int depth,
                                              Side colour) {
  Position pos = setup_start(first_mover, second_mover, colour);
  double start = thread_cpu_seconds();
  search.clear();
  std::vector<SetupEntry> out;
  SetupEntry entry;
  bool exact = false;
  for (int d = 1; d <= depth; ++d) {
    if (!exact) {
      entry.value = search.chance_value(pos, d);
      entry.nodes += search.nodes();
      entry.seconds = thread_cpu_seconds() - start;
      exact = search.last_exact();
    }
    out.push_back(entry);
  }
  return out;
}

SetupEntry setup_entry(Search& search, const Arrangement& first_mover,
                       const Arrangement& second_mover, int depth, Side colour) {
  return setup_entry_deepening(search, first_mover, second_mover, depth, colour).back();
}

SearchOptions setup_search_options() {
  SearchOptions options;
  options.tt_bytes = 4u << 20;
  return options;
}

}  // namespace ewn
