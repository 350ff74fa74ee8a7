#include "setup_advice.h"

#include <algorithm>
#include <stdexcept>

namespace ewn {

namespace {

void rank(std::vector<RankedArrangement>& list, int count) {
  std::stable_sort(list.begin(), list.end(),
                   [](const auto& a, const auto& b) { return a.value > b.value; });
  if (count >= 0 && list.size() > size_t(count)) list.resize(size_t(count));
}

}  // namespace

const char* role_name(SetupRole role) {
  return role == SetupRole::First ? "first" : "second";
}

SetupAdvisor::SetupAdvisor(SetupMatrix matrix) : matrix_(std::move(matrix)) {}

int SetupAdvisor::check_class(const Arrangement& a) const {
  int c = arrangement_class(a);
  if (c >= matrix_.rows || c >= matrix_.columns)
    throw std::out_of_range("the arrangement " + format_arrangement(a) +
                            " is not in this matrix of the first " + std::to_string(matrix_.rows) +
                            " classes");
  return c;
}

std::vector<RankedArrangement> SetupAdvisor::replies(SetupRole role, const Arrangement& theirs,
                                                     int count) const {
  int t = check_class(theirs);
  std::vector<RankedArrangement> list;
  int n = role == SetupRole::First ? matrix_.rows : matrix_.columns;
  for (int c = 0; c < n; ++c) {
    double v = role == SetupRole::First ? matrix_.value(c, t) : 1 - matrix_.value(t, c);
    list.push_back({class_arrangement(c), v, 0});
  }
  rank(list, count);
  return list;
}

std::vector<RankedArrangement> SetupAdvisor::against_uniform(SetupRole role, int count) const {
  std::vector<RankedArrangement> list;
  bool first = role == SetupRole::First;
  int n = first ? matrix_.rows : matrix_.columns, other = first ? matrix_.columns : matrix_.rows;
  for (int c = 0; c < n; ++c) {
    double sum = 0;
    for (int o = 0; o < other; ++o) sum += first ? matrix_.value(c, o) : 1 - matrix_.value(o, c);
    list.push_back({class_arrangement(c), sum / other, 0});
  }
  rank(list, count);
  return list;
}

const SetupEquilibrium& SetupAdvisor::equilibrium() const {
  if (equilibrium_) return *equilibrium_;
  std::vector<double> a(matrix_.codes.size());
  for (int r = 0; r < matrix_.rows; ++r)
    for (int c = 0; c < matrix_.columns; ++c)
      a[size_t(r) * size_t(matrix_.columns) + size_t(c)] = matrix_.value(r, c);
  MatrixGameSolution s = solve_matrix_game(a, matrix_.rows, matrix_.columns);
  SetupEquilibrium e;
  e.value = s.value;
  e.gap = s.gap;
  e.pivots = s.pivots;
  // Each class of a support with its value against the other side's equilibrium strategy.
  for (int r = 0; r < matrix_.rows; ++r) {
    if (s.row_strategy[size_t(r)] <= 0) continue;
    double v = 0;
    for (int c = 0; c < matrix_.columns; ++c)
      v += matrix_.value(r, c) * s.column_strategy[size_t(c)];
    e.first.push_back({class_arrangement(r), v, s.row_strategy[size_t(r)]});
  }
  for (int c = 0; c < matrix_.columns; ++c) {
    if (s.column_strategy[size_t(c)] <= 0) continue;
    double v = 0;
    for (int r = 0; r < matrix_.rows; ++r) v += matrix_.value(r, c) * s.row_strategy[size_t(r)];
    e.second.push_back({class_arrangement(c), 1 - v, s.column_strategy[size_t(c)]});
  }
  for (auto* side : {&e.first, &e.second})
    std::stable_sort(side->begin(), side->end(),
                     [](const auto& a, const auto& b) { return a.probability > b.probability; });
  equilibrium_ = std::move(e);
  return *equilibrium_;
}

Arrangement SetupAdvisor::equilibrium_draw(SetupRole role, double u, bool twin) const {
  const auto& support = role == SetupRole::First ? equilibrium().first : equilibrium().second;
  double sum = 0;
  Arrangement pick = support.back().arrangement;
  for (const auto& r : support) {
    sum += r.probability;
    if (u < sum) {
      pick = r.arrangement;
      break;
    }
  }
  return twin ? renumbered(pick) : pick;
}

}  // namespace ewn
