#include "match_placement.h"

#include <array>

#include "printable.h"
#include "setup.h"

namespace ewn {

Arrangement matrix_arrangement(const SetupAdvisor& advisor, SetupRole role,
                               const std::optional<Arrangement>& opponent, Rng& rng) {
  const SetupMatrix& m = advisor.matrix();
  int inside = role == SetupRole::First ? m.columns : m.rows;  // the opponent's classes
  if (opponent && arrangement_class(*opponent) < inside)
    return advisor.replies(role, *opponent, 1).front().arrangement;
  double u = double(rng.next() >> 11) * 0x1.0p-53;
  bool twin = rng.next() & 1;
  return advisor.equilibrium_draw(role, u, twin);
}

MatchPlacement match_placement(const MatrixPlacement& placement) {
  placement.advisor->equilibrium();  // the cache written here, read on every thread after
  return [placement](const Position& shared, Side a_side, uint64_t seed) {
    Side first = shared.to_move;
    std::array<Arrangement, 2> order = {arrangement_of(shared, Red), arrangement_of(shared, Blue)};
    std::array<bool, 2> by_matrix{};
    by_matrix[a_side] = placement.a;
    by_matrix[opposite(a_side)] = placement.b;
    Rng rng(seed);
    for (Side side : {Red, Blue}) {
      if (!by_matrix[side]) continue;
      Side other = opposite(side);
      std::optional<Arrangement> opponent;
      if (placement.reply && !by_matrix[other]) opponent = order[other];
      SetupRole role = side == first ? SetupRole::First : SetupRole::Second;
      order[side] = matrix_arrangement(*placement.advisor, role, opponent, rng);
    }
    return free_setup(order[Red], order[Blue], first);
  };
}

MatchPlacement placement_by_matrix(const std::string& who, const std::string& file, bool reply,
                                   std::string& description) {
  std::string path = file.empty() ? default_setup_matrix_path().string() : file;
  MatrixPlacement placement;
  placement.advisor = std::make_shared<SetupAdvisor>(read_setup_matrix(path));
  placement.a = who == "A" || who == "both";
  placement.b = who == "B" || who == "both";
  placement.reply = reply && who != "both";
  const SetupMatrix& m = placement.advisor->matrix();
  description = who == "both" ? std::string("A and B place themselves") : who + " places itself";
  description += " by the setup matrix " + printable(path) + " (" + std::to_string(m.rows) +
                 " classes; " +
                 (placement.reply ? "the best reply to the other's dealt arrangement"
                                  : "a draw from the equilibrium mix for its turn order") +
                 ")";
  if (who != "both") description += ", the other by the referee's random procedure";
  return match_placement(placement);
}

}  // namespace ewn
