#include "eval_tuning.h"

#include <algorithm>
#include <cmath>

#include "search.h"

namespace ewn {

namespace {

constexpr int kParams = kEvalFeatureCount + 1;  // bias first
using Vector = std::array<double, kParams>;
using Matrix = std::array<Vector, kParams>;

Vector inputs(const EvalInputs& in) {
  Vector x{};
  x[0] = 1;
  for (int i = 0; i < kEvalFeatureCount; ++i) x[i + 1] = in.f[i];
  return x;
}

// Solves a x = b for a symmetric positive definite a (Gaussian elimination, partial pivoting).
Vector solve(Matrix a, Vector b) {
  for (int c = 0; c < kParams; ++c) {
    int pivot = c;
    for (int r = c + 1; r < kParams; ++r)
      if (std::abs(a[r][c]) > std::abs(a[pivot][c])) pivot = r;
    std::swap(a[c], a[pivot]);
    std::swap(b[c], b[pivot]);
    for (int r = c + 1; r < kParams; ++r) {
      double f = a[r][c] / a[c][c];
      for (int k = c; k < kParams; ++k) a[r][k] -= f * a[c][k];
      b[r] -= f * b[c];
    }
  }
  Vector x{};
  for (int r = kParams - 1; r >= 0; --r) {
    double s = b[r];
    for (int k = r + 1; k < kParams; ++k) s -= a[r][k] * x[k];
    x[r] = s / a[r][r];
  }
  return x;
}

}  // namespace

EvalWeights fit_eval_weights(const std::vector<EvalSample>& samples, int iterations, double l2) {
  Vector theta{};
  theta[1 + kRaceLogit] = 1;  // start from the plain race model
  auto to_weights = [](const Vector& t) {
    EvalWeights w;
    w.bias = t[0];
    for (int i = 0; i < kEvalFeatureCount; ++i) w.w[i] = t[i + 1];
    return w;
  };
  if (samples.empty()) return to_weights(theta);
  // Robust weights: IRLS for the absolute error, 1 / max(|r|, floor), refreshed every step.
  std::vector<double> robust(samples.size(), 1.0);
  auto objective = [&](const Vector& t) {
    EvalWeights w = to_weights(t);
    double sum = 0;
    for (size_t j = 0; j < samples.size(); ++j) {
      double r = eval_from_inputs(samples[j].inputs, w) - samples[j].target;
      sum += robust[j] * r * r;
    }
    double penalty = 0;
    for (int i = 1; i < kParams; ++i) penalty += t[i] * t[i];
    return sum / double(samples.size()) + l2 * penalty;
  };
  double lambda = 1e-3;  // Levenberg-Marquardt damping
  for (int it = 0; it < iterations; ++it) {
    EvalWeights w = to_weights(theta);
    Vector grad{};
    Matrix jtj{};
    for (size_t j = 0; j < samples.size(); ++j) {
      const EvalSample& s = samples[j];
      Vector x = inputs(s.inputs);
      double v = eval_from_inputs(s.inputs, w), r = v - s.target;
      robust[j] = 1 / std::max(std::abs(r), 0.02);
      // dV/dz = (1 - W) p (1 - p), with p the sigmoid part.
      double p = (v - s.inputs.wins_now) / std::max(1 - s.inputs.wins_now, 1e-12);
      double dz = (1 - s.inputs.wins_now) * p * (1 - p);
      for (int i = 0; i < kParams; ++i) {
        grad[i] += robust[j] * r * dz * x[i];
        for (int k = 0; k < kParams; ++k) jtj[i][k] += robust[j] * dz * dz * x[i] * x[k];
      }
    }
    for (int i = 1; i < kParams; ++i) {
      grad[i] += l2 * double(samples.size()) * theta[i];
      jtj[i][i] += l2 * double(samples.size());
    }
    double before = objective(theta);
    Vector next{};
    bool improved = false;
    for (int tries = 0; tries < 20 && !improved; ++tries) {
      Matrix a = jtj;
      for (int i = 0; i < kParams; ++i) a[i][i] += lambda * (jtj[i][i] + 1e-9);
      Vector step = solve(a, grad);
      for (int i = 0; i < kParams; ++i) next[i] = theta[i] - step[i];
      if (objective(next) <= before) {
        improved = true;
        lambda = std::max(lambda / 3, 1e-9);
      } else {
        lambda *= 4;
      }
    }
    if (!improved) break;
    theta = next;
  }
  return to_weights(theta);
}

std::vector<EvalSample> search_targets(const std::vector<Position>& positions,
                                       std::shared_ptr<const ExactValues> tables,
                                       const EvalWeights& weights, int depth) {
  SearchOptions options;
  options.eval_weights = weights;
  options.tt_bytes = 4u << 20;
  Search search(options, std::move(tables));
  std::vector<EvalSample> out;
  out.reserve(positions.size());
  for (const Position& pos : positions)
    out.push_back(EvalSample{eval_inputs(pos), search.chance_value(pos, depth)});
  return out;
}

std::vector<EvalWeights> bootstrap_eval_weights(const std::vector<EvalSample>& exact,
                                                const std::vector<Position>& beyond,
                                                std::shared_ptr<const ExactValues> tables,
                                                EvalWeights start, int rounds, int depth) {
  std::vector<EvalWeights> history;
  EvalWeights weights = start;
  for (int r = 0; r < rounds; ++r) {
    std::vector<EvalSample> samples = search_targets(beyond, tables, weights, depth);
    samples.insert(samples.end(), exact.begin(), exact.end());
    weights = fit_eval_weights(samples);
    history.push_back(weights);
  }
  return history;
}

double mean_absolute_error(const std::vector<EvalSample>& samples, const EvalWeights& weights) {
  if (samples.empty()) return 0;
  double sum = 0;
  for (const EvalSample& s : samples)
    sum += std::abs(eval_from_inputs(s.inputs, weights) - s.target);
  return sum / double(samples.size());
}

}  // namespace ewn
