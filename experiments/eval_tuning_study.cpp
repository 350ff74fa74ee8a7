#include "eval_tuning_study.h"

#include <chrono>
#include <cmath>

#include "eval_tuning.h"
#include "position_sampler.h"
#include "race.h"

namespace ewn {

EvalTuningStudy run_eval_tuning(std::shared_ptr<const ExactValues> tables,
                                const EvalTuningOptions& opt) {
  auto t0 = std::chrono::steady_clock::now();
  Rng rng(opt.seed);
  std::vector<Position> positions =
      positions_from_games(rng, size_t(opt.positions), opt.min_pieces, opt.max_pieces);
  // Hold out the last fifth (whole games apart from one at the seam) to measure on.
  std::vector<EvalSample> train, test;
  std::vector<double> race_error;
  for (size_t i = 0; i < positions.size(); ++i) {
    EvalSample s{eval_inputs(positions[i]), *tables->value(positions[i])};
    bool held_out = i >= positions.size() * 4 / 5;
    (held_out ? test : train).push_back(s);
    if (held_out) race_error.push_back(std::abs(race_win_probability(positions[i]) - s.target));
  }
  EvalTuningStudy study;
  study.positions = positions.size();
  study.train = train.size();
  study.test = test.size();
  for (double e : race_error) study.race_test += e / double(race_error.size());
  EvalWeights fitted = fit_eval_weights(train);

  // Bootstrapping beyond the tables (see eval_tuning.h).
  if (opt.rounds > 0) {
    std::vector<Position> beyond =
        positions_from_games(rng, size_t(opt.beyond), tables->complete_up_to() + 1, 12);
    size_t cut = beyond.size() * 4 / 5;
    std::vector<Position> beyond_train(beyond.begin(), beyond.begin() + long(cut));
    std::vector<Position> beyond_test(beyond.begin() + long(cut), beyond.end());
    EvalWeights w = fitted;
    for (int r = 0; r < opt.rounds; ++r) {
      w = bootstrap_eval_weights(train, beyond_train, tables, w, 1, opt.depth).back();
      // Consistency beyond the tables: the evaluation against a search that uses it.
      auto targets = search_targets(beyond_test, tables, w, opt.depth);
      study.rounds.push_back({mean_absolute_error(test, w), mean_absolute_error(targets, w)});
    }
    fitted = w;
  }
  study.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  auto error_of = [&](const EvalWeights& w) {
    return EvalError{mean_absolute_error(train, w), mean_absolute_error(test, w)};
  };
  study.untuned = error_of(race_only_weights());
  study.compiled = error_of(tuned_eval_weights());
  study.fitted = error_of(fitted);
  study.weights = fitted;
  return study;
}

}  // namespace ewn
