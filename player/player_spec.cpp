#include "player_spec.h"

#include <charconv>
#include <cmath>
#include <vector>

#include "engine_defaults.h"
#include "expectimax_player.h"
#include "greedy_player.h"
#include "race.h"
#include "random_player.h"
#include "tablebase_values.h"
#include "tcg_player.h"

namespace ewn {

namespace {

template <class T>
T parse_number(std::string_view kind, std::string_view key, std::string_view value, T min, T max) {
  T out{};
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), out);
  if (ec != std::errc() || end != value.data() + value.size() || out < min || out > max)
    throw SpecError(std::string(kind) + ": option " + std::string(key) + "='" + std::string(value) +
                    "' must be a number in [" + std::to_string(min) + ", " + std::to_string(max) +
                    "]");
  return out;
}

double parse_real(std::string_view kind, std::string_view key, std::string_view value) {
  std::string s(value);
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || !(v >= 0) || v > 100)
    throw SpecError(std::string(kind) + ": option " + std::string(key) + "='" + s +
                    "' must be a number in [0, 100]");
  return v;
}

Duration parse_time(std::string_view kind, std::string_view key, std::string_view value) {
  auto d = parse_duration(value);
  if (!d || d->count() <= 0)
    throw SpecError(std::string(kind) + ": option " + std::string(key) + "='" + std::string(value) +
                    "' is not a duration (write e.g. 100ms, 30s, 4min)");
  return *d;
}

// "tuned" (none: the default), "untuned", or bias/w1/.../wn, all the weights of eval.h.
std::optional<EvalWeights> parse_eval_weights(const std::string& kind, std::string_view value) {
  if (value == "tuned") return std::nullopt;
  if (value == "untuned") return race_only_weights();
  std::vector<double> numbers;
  std::string text(value);
  for (size_t start = 0; start <= text.size();) {
    size_t slash = text.find('/', start);
    std::string item =
        text.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
    char* end = nullptr;
    double v = std::strtod(item.c_str(), &end);
    if (item.empty() || end != item.c_str() + item.size() || !std::isfinite(v)) break;
    numbers.push_back(v);
    if (slash == std::string::npos) {
      start = text.size() + 1;
      if (numbers.size() == size_t(kEvalFeatureCount) + 1) {
        EvalWeights w;
        w.bias = numbers[0];
        for (int i = 0; i < kEvalFeatureCount; ++i) w.w[i] = numbers[size_t(i) + 1];
        return w;
      }
    } else {
      start = slash + 1;
    }
  }
  throw SpecError(kind + ": eval='" + std::string(value) + "' must be tuned, untuned or " +
                  std::to_string(kEvalFeatureCount + 1) + " numbers bias/w1/... (eval.h)");
}

}  // namespace

bool thinks_long(const TimeLimits& limits) {
  using std::chrono::seconds;
  return (limits.per_move && *limits.per_move >= seconds(5)) ||
         (limits.per_game && *limits.per_game >= seconds(60));
}

namespace {

// The options a player kind takes, for the message about an unknown one.
std::string options_of(const std::string& kind) {
  if (kind == "random" || kind == "greedy") return "movetime, gametime";
  if (kind == "mcts") return "movetime, gametime, playouts, c";
  if (kind == "expectimax")
    return "movetime, gametime, depth, tables, hash, prune, eval, net, model";
  throw SpecError("unknown player '" + kind +
                  "' (players: random, greedy, mcts, expectimax, tcg:COMMAND; e.g. "
                  "mcts:movetime=100ms)");
}

// Applies option key=value of an expectimax spec; false when there is no such option. Sets
// `fixed_work` when the option bounds the work (so no default move time is needed).
bool set_expectimax_option(PlayerSpec& spec, const std::string& key, std::string_view value,
                           bool& fixed_work) {
  const std::string& kind = spec.kind;
  SearchOptions& search = spec.search;
  if (key == "depth") {
    search.max_depth = parse_number<int>(kind, key, value, 1, 100);
    fixed_work = true;
  } else if (key == "tables") {
    if (value.empty()) throw SpecError(kind + ": tables= needs a directory or none");
    spec.tables = std::string(value);
  } else if (key == "hash") {
    search.tt_bytes = size_t(parse_number<int>(kind, key, value, 1, 65536)) << 20;
  } else if (key == "prune") {
    if (value == "star2")
      search.star1 = search.star2 = true;
    else if (value == "star1")
      search.star1 = true, search.star2 = false;
    else if (value == "none")
      search.star1 = search.star2 = false;
    else
      throw SpecError(kind + ": prune='" + std::string(value) + "' must be star2, star1 or none");
  } else if (key == "eval") {
    search.eval_weights = parse_eval_weights(kind, value);
  } else if (key == "net") {
    if (value.empty()) throw SpecError(kind + ": net= needs a network file or none");
    spec.network = std::string(value);
  } else if (key == "model") {
    if (value == "best")
      search.model = OpponentModel::Best;
    else if (value == "random")
      search.model = OpponentModel::Random;
    else
      throw SpecError(kind + ": model='" + std::string(value) +
                      "' must be best (the opponent plays its best move) or random (it picks "
                      "any legal move with equal chance)");
  } else {
    return false;
  }
  return true;
}

// As set_expectimax_option(), for an mcts spec.
bool set_mcts_option(PlayerSpec& spec, const std::string& key, std::string_view value,
                     bool& fixed_work) {
  if (key == "playouts") {
    spec.mcts.playouts = parse_number<uint64_t>(spec.kind, key, value, 1, uint64_t(1) << 40);
    fixed_work = true;
  } else if (key == "c") {
    spec.mcts.exploration = parse_real(spec.kind, key, value);
  } else {
    return false;
  }
  return true;
}

// Applies option key=value, any kind's; false when the kind has no such option.
bool set_option(PlayerSpec& spec, const std::string& key, std::string_view value,
                bool& fixed_work) {
  if (key == "movetime") {
    spec.limits.per_move = parse_time(spec.kind, key, value);
    return true;
  }
  if (key == "gametime") {
    spec.limits.per_game = parse_time(spec.kind, key, value);
    return true;
  }
  if (spec.kind == "expectimax") return set_expectimax_option(spec, key, value, fixed_work);
  if (spec.kind == "mcts") return set_mcts_option(spec, key, value, fixed_work);
  return false;
}

}  // namespace

PlayerSpec parse_player_spec(std::string_view text) {
  PlayerSpec spec;
  spec.text = std::string(text);
  if (text.starts_with("tcg:")) {
    spec.kind = "tcg";
    spec.command = std::string(text.substr(4));
    if (spec.command.find_first_not_of(" \t") == std::string::npos)
      throw SpecError(
          "tcg: needs the program's command line, e.g. tcg:./agent or "
          "'tcg:python3 agent.py --depth 3'");
    spec.limits.per_move = std::chrono::milliseconds(kDefaultMovetimeMs);
    return spec;
  }
  size_t colon = text.find(':');
  spec.kind = std::string(text.substr(0, colon));
  std::string_view options = colon == std::string_view::npos ? "" : text.substr(colon + 1);
  const std::string& kind = spec.kind;
  const std::string known = options_of(kind);

  bool fixed_work = false;
  while (!options.empty()) {
    size_t comma = options.find(',');
    std::string_view item = options.substr(0, comma);
    options = comma == std::string_view::npos ? "" : options.substr(comma + 1);
    size_t eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0)
      throw SpecError(kind + ": option '" + std::string(item) + "' must be key=value");
    std::string key(item.substr(0, eq));
    spec.keys.push_back(key);
    if (!set_option(spec, key, item.substr(eq + 1), fixed_work))
      throw SpecError(kind + ": unknown option '" + key + "' (options: " + known + ")");
  }
  // The defaults: a searching player without a bound on its work thinks a default move time;
  // a long-thinking expectimax gets a larger transposition table.
  bool searches = kind == "mcts" || kind == "expectimax";
  if (searches && !fixed_work && !spec.limits.per_move && !spec.limits.per_game)
    spec.limits.per_move = std::chrono::milliseconds(kDefaultMovetimeMs);
  if (kind == "expectimax" && !spec.gives("hash") && !spec.gives("depth") &&
      thinks_long(spec.limits))
    spec.search.tt_bytes = kLongSearchTTBytes;
  return spec;
}

PlayerFactory::PlayerFactory(PlayerSpec spec) : spec_(std::move(spec)) {
  prepare_race_tables();  // shared by all players; not to be built on some player's clock
  if (spec_.kind == "tcg") {
    tcg_ = std::make_shared<TcgPool>(
        TcgSetting{spec_.command, spec_.limits, spec_.stderr_path, spec_.label});
    try {  // a program that does not start fails the match at once, not every game
      tcg_->give_back(tcg_->take());
    } catch (const PlayerFault& e) {
      throw SpecError(std::string(e.what()) + " (its standard error: " + spec_.stderr_path + ")");
    }
    return;
  }
  if (spec_.kind == "expectimax" && spec_.tables != "none") {
    try {
      tables_ = open_tablebase(spec_.tables);
    } catch (const PathError& e) {
      // The kind kept: the program exits by it (no directory, not a directory, ...).
      throw PathError(e.kind(), std::string(e.what()) + "; or play without tables: tables=none");
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(std::string(e.what()) + "; or play without tables: tables=none");
    }
  }
  load_network(spec_);
}

void load_network(PlayerSpec& spec) {
  if (spec.kind == "expectimax" && spec.network != "none" && !spec.search.network)
    spec.search.network = std::make_shared<const EvalNetwork>(EvalNetwork::load(spec.network));
}

PlayerFactory::PlayerFactory(PlayerSpec spec, std::shared_ptr<const ExactValues> tables)
    : spec_(std::move(spec)), tables_(std::move(tables)) {
  prepare_race_tables();
  load_network(spec_);
}

int PlayerFactory::tcg_processes() const {
  return tcg_ ? tcg_->started() : 0;
}

std::unique_ptr<Player> PlayerFactory::make(uint64_t seed) const {
  if (tcg_) return std::make_unique<TcgPlayer>(tcg_);
  if (spec_.kind == "random") return std::make_unique<RandomPlayer>(spec_.limits, seed);
  if (spec_.kind == "greedy") return std::make_unique<GreedyPlayer>(spec_.limits);
  if (spec_.kind == "mcts") return std::make_unique<MctsPlayer>(spec_.limits, spec_.mcts, seed);
  return std::make_unique<ExpectimaxPlayer>(spec_.limits, spec_.search, tables_);
}

}  // namespace ewn
