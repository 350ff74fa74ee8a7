#include "setup_entry.h"

#include <algorithm>

namespace ewn {

Position setup_start(const Arrangement& first_mover, const Arrangement& second_mover, Side colour) {
  Position pos;
  place_side(pos, colour, first_mover);
  place_side(pos, opposite(colour), second_mover);
  pos.to_move = colour;
  return pos;
}

SetupEntry setup_entry(Search& search, const Arrangement& first_mover,
                       const Arrangement& second_mover, uint64_t node_budget, int max_depth,
                       Side colour) {
  Position pos = setup_start(first_mover, second_mover, colour);
  search.clear();
  SetupEntry entry;
  for (int d = 1; d <= max_depth; ++d) {
    bool first = d == 1;
    uint64_t left = node_budget - std::min(node_budget, entry.nodes);
    double v = search.chance_value(pos, d, Deadline::none(), first ? Search::kNoNodeLimit : left);
    entry.nodes += search.nodes();
    if (search.last_stopped()) break;
    entry.value = v;
    entry.depth = d;
    if (search.last_exact()) break;
  }
  return entry;
}

SearchOptions setup_search_options() {
  SearchOptions options;
  options.tt_bytes = 4u << 20;
  return options;
}

}  // namespace ewn
