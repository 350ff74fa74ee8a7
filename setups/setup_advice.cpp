#include "setup_advice.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace ewn {

namespace {

// Best first; every class within `tie_margin` of the best marked tied with it.
void rank(std::vector<RankedArrangement>& list, int count, double tie_margin) {
  std::stable_sort(list.begin(), list.end(),
                   [](const auto& a, const auto& b) { return a.value > b.value; });
  for (auto& r : list) r.tied = list.front().value - r.value <= tie_margin;
  if (count >= 0 && list.size() > size_t(count)) list.resize(size_t(count));
}

int count_tied(const std::vector<RankedArrangement>& list) {
  return int(std::count_if(list.begin(), list.end(), [](const auto& r) { return r.tied; }));
}

SetupPrecision precision_of(const SetupMatrix& m, double value_error) {
  return {m.entry_error, m.depth_bias, value_error, 2 * std::sqrt(2.0) * value_error};
}

// The classes of `strategy`'s support with their value against the opponent's strategy
// (`values`, the first mover's), for `role`; most probable first.
std::vector<RankedArrangement> mix_of(const std::vector<double>& strategy,
                                      const std::vector<double>& values, SetupRole role) {
  std::vector<RankedArrangement> mix;
  for (size_t c = 0; c < strategy.size(); ++c) {
    if (strategy[c] <= 0) continue;
    double v = role == SetupRole::First ? values[c] : 1 - values[c];
    mix.push_back({class_arrangement(int(c)), v, strategy[c], false});
  }
  std::stable_sort(mix.begin(), mix.end(),
                   [](const auto& a, const auto& b) { return a.probability > b.probability; });
  return mix;
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
    list.push_back({class_arrangement(c), v, 0, false});
  }
  rank(list, count, reply_precision().tie_margin);
  return list;
}

SetupPrecision SetupAdvisor::reply_precision() const {
  return precision_of(matrix_, matrix_.entry_error);
}

SetupPrecision SetupAdvisor::mean_precision(SetupRole role) const {
  return precision_of(matrix_,
                      kMeanErrorRatio[role == SetupRole::First ? 0 : 1] * matrix_.entry_error);
}

int SetupAdvisor::tied_replies(SetupRole role, const Arrangement& theirs) const {
  return count_tied(replies(role, theirs, -1));
}

int SetupAdvisor::tied_against_uniform(SetupRole role) const {
  return count_tied(against_uniform(role, -1));
}

std::vector<RankedArrangement> SetupAdvisor::against_uniform(SetupRole role, int count) const {
  std::vector<RankedArrangement> list;
  bool first = role == SetupRole::First;
  int n = first ? matrix_.rows : matrix_.columns, other = first ? matrix_.columns : matrix_.rows;
  for (int c = 0; c < n; ++c) {
    double sum = 0;
    for (int o = 0; o < other; ++o) sum += first ? matrix_.value(c, o) : 1 - matrix_.value(o, c);
    list.push_back({class_arrangement(c), sum / other, 0, false});
  }
  rank(list, count, mean_precision(role).tie_margin);
  return list;
}

const SetupEquilibrium& SetupAdvisor::equilibrium() const {
  if (equilibrium_) return *equilibrium_;
  const int rows = matrix_.rows, columns = matrix_.columns;
  std::vector<double> a(matrix_.codes.size());
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c)
      a[size_t(r) * size_t(columns) + size_t(c)] = matrix_.value(r, c);
  MatrixGameSolution s = solve_matrix_game(a, rows, columns);
  SetupEquilibrium e;
  e.value = s.value;
  e.gap = s.gap;
  e.pivots = s.pivots;
  // Each class of a mix with its value against the other side's mix.
  std::vector<double> row_value = row_values(a, rows, columns, s.column_strategy);
  std::vector<double> column_value = column_values(a, rows, columns, s.row_strategy);
  e.first = mix_of(s.row_strategy, row_value, SetupRole::First);
  e.second = mix_of(s.column_strategy, column_value, SetupRole::Second);
  // Other optimal choices: equal within the arithmetic's own accuracy.
  MatrixGameAlternatives alt = find_alternatives(a, rows, columns, s, 1e-9 + s.gap);
  for (int r : alt.row.equally_good)
    e.first_alternatives.equally_good.push_back(
        {class_arrangement(r), row_value[size_t(r)], 0, false});
  for (int c : alt.column.equally_good)
    e.second_alternatives.equally_good.push_back(
        {class_arrangement(c), 1 - column_value[size_t(c)], 0, false});
  for (const auto& mix : alt.row.other_mixes)
    e.first_alternatives.other_mixes.push_back(mix_of(mix, row_value, SetupRole::First));
  for (const auto& mix : alt.column.other_mixes)
    e.second_alternatives.other_mixes.push_back(mix_of(mix, column_value, SetupRole::Second));
  e.within_noise.margin = std::max(equilibrium_precision().tie_margin, 1e-9 + s.gap);
  for (double v : row_value) e.within_noise.first += v >= e.value - e.within_noise.margin;
  for (double v : column_value) e.within_noise.second += v <= e.value + e.within_noise.margin;
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
