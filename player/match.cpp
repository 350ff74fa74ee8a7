#include "match.h"

#include <atomic>
#include <cstdio>
#include <exception>
#include <mutex>
#include <thread>

#include "game_log.h"
#include "movegen.h"
#include "notation.h"
#include "rng.h"
#include "search.h"
#include "setup.h"
#include "side_names.h"

namespace ewn {

const char* game_end_name(GameEnd end) {
  switch (end) {
    case GameEnd::Goal:
      return game_log::kEndGoal;
    case GameEnd::Capture:
      return game_log::kEndCapture;
    case GameEnd::Time:
      return game_log::kEndTime;
    case GameEnd::Illegal:
      return game_log::kEndIllegal;
  }
  return "?";
}

namespace {

// The mover's move, or a PlayerFault's loss recorded in `r` (nullopt).
std::optional<Move> ask(Player& player, const Position& pos, int die, const MoveRequest& request,
                        MatchGame& r) {
  try {
    return player.choose(pos, die, request);
  } catch (const PlayerFault& e) {
    r.winner = opposite(pos.to_move);
    r.end = e.kind() == PlayerFault::Kind::Time ? GameEnd::Time : GameEnd::Illegal;
    r.fault = e.what();
    return std::nullopt;
  }
}

}  // namespace

MatchGame play_game(Player& red, Player& blue, const Position& setup, uint64_t dice_seed,
                    ClockKind clock) {
  MatchGame r;
  r.setup = setup;
  Rng dice(dice_seed);
  Position pos = setup;
  while (true) {
    int die = dice.die();
    r.dice.push_back(die);
    Side side = pos.to_move;
    Player& player = side == Red ? red : blue;
    const TimeLimits& limits = player.limits();
    MoveRequest request;
    request.clock = clock;
    if (limits.per_game) request.game_time_left = *limits.per_game - r.thinking[side];
    Duration start = clock_now(clock);
    std::optional<Move> m = ask(player, pos, die, request, r);
    Duration took = clock_now(clock) - start;
    r.thinking[side] += took;
    r.move_times.push_back(took);
    r.longest[side] = std::max(r.longest[side], took);
    if (!m) return r;  // its die and time stay in the log, as those of an illegal move
    if (!legal_moves(pos, die).contains(*m)) {
      r.winner = opposite(side);
      r.end = GameEnd::Illegal;
      r.fault = std::string(side_word(side)) + " played " + format_move(*m) +
                ", not a legal move for die " + std::to_string(die);
      return r;
    }
    r.moves.push_back(*m);
    if ((limits.per_move && took > *limits.per_move) ||
        (limits.per_game && r.thinking[side] > *limits.per_game)) {
      r.winner = opposite(side);
      r.end = GameEnd::Time;
      r.fault = std::string(side_word(side)) + "'s move took " + format_duration(took) +
                (limits.per_move && took > *limits.per_move
                     ? ", over its limit of " + format_duration(*limits.per_move)
                     : ", over its game budget");
      return r;
    }
    bool goal = m->to == goal_of(side);
    pos.play(*m);
    if (auto w = pos.winner()) {
      r.winner = *w;
      r.end = goal ? GameEnd::Goal : GameEnd::Capture;
      return r;
    }
  }
}

namespace {

// Seeds of a game's setup, dice and players, from the match seed.
enum SeedPurpose : uint64_t {
  kSetupSeed = 1,
  kDiceSeed,
  kPlayerASeed,
  kPlayerBSeed,
  kPlacementSeed
};

MatchGame play_numbered(const PlayerFactory& a, const PlayerFactory& b, const MatchConfig& config,
                        int number, int round, Side a_side, Side first, uint64_t deal) {
  uint64_t seed = config.seed;
  auto pa = a.make(mix_seed(seed, uint64_t(number), kPlayerASeed));
  auto pb = b.make(mix_seed(seed, uint64_t(number), kPlayerBSeed));
  Position setup = random_setup(mix_seed(seed, deal, kSetupSeed), first);
  if (config.place)
    setup = config.place(setup, a_side, mix_seed(seed, uint64_t(number), kPlacementSeed));
  uint64_t dice_seed = mix_seed(seed, deal, kDiceSeed);
  MatchGame r = a_side == Red ? play_game(*pa, *pb, setup, dice_seed, config.clock)
                              : play_game(*pb, *pa, setup, dice_seed, config.clock);
  r.number = number;
  r.round = round;
  r.a_side = a_side;
  return r;
}

// Runs work(i) for i in [0, count) on `threads` threads; rethrows the first exception.
void parallel_for(int count, int threads, const std::function<void(int)>& work) {
  std::atomic<int> next{0};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto worker = [&] {
    for (int i; (i = next++) < count;) {
      try {
        work(i);
      } catch (...) {
        std::lock_guard lock(error_mutex);
        if (!error) error = std::current_exception();
        next = count;
      }
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace

std::vector<MatchGame> run_match(const PlayerFactory& a, const PlayerFactory& b,
                                 const MatchConfig& config,
                                 const std::function<void(const MatchGame&)>& on_game) {
  std::mutex report_mutex;
  auto report = [&](const MatchGame& g) {
    if (!on_game) return;
    std::lock_guard lock(report_mutex);
    on_game(g);
  };
  int threads = std::max(1, config.threads);
  if (config.format == MatchFormat::Pairs) {
    std::vector<MatchGame> games(size_t(std::max(0, config.count)));
    std::atomic<bool> stopping{false};
    std::atomic<int> next{0};
    // The next game to play, or -1: past the count, or stopping and the next a new pair's.
    auto claim = [&] {
      int i = next.load();
      do {
        if (i >= config.count || (stopping && i % 2 == 0)) return -1;
      } while (!next.compare_exchange_weak(i, i + 1));
      return i;
    };
    parallel_for(threads, threads, [&](int) {  // one worker a thread, each claiming games
      for (int i; (i = claim()) >= 0;) {
        int pair = i / 2;
        Side a_side = i % 2 == 0 ? Red : Blue;
        Side first = pair % 2 == 0 ? Red : Blue;
        try {
          games[size_t(i)] =
              play_numbered(a, b, config, i + 1, pair + 1, a_side, first, uint64_t(pair));
        } catch (...) {
          next = config.count;  // the others start no new game
          throw;
        }
        std::lock_guard lock(report_mutex);
        if (on_game) on_game(games[size_t(i)]);
        if (config.stop && config.stop()) stopping = true;
      }
    });
    if (stopping) games.resize(size_t(next.load()));  // the games played
    return games;
  }
  // Best of 7: games of one match in sequence, matches in parallel.
  std::vector<std::vector<MatchGame>> matches(size_t(std::max(0, config.count)));
  parallel_for(config.count, threads, [&](int m) {
    int a_score = 0, b_score = 0;
    for (int g = 1; g <= 7 && a_score < 4 && b_score < 4; ++g) {
      bool a_first = g == 1 || g == 4 || g == 5;
      uint64_t deal = uint64_t(m) * 7 + uint64_t(g);  // distinct setup, dice, players
      MatchGame r = play_numbered(a, b, config, int(deal), m + 1, Red, a_first ? Red : Blue, deal);
      r.number = g;
      (r.a_won() ? a_score : b_score)++;
      matches[size_t(m)].push_back(r);
    }
    for (const MatchGame& r : matches[size_t(m)]) report(r);
  });
  std::vector<MatchGame> games;
  for (auto& match : matches) games.insert(games.end(), match.begin(), match.end());
  return games;
}

std::string format_game_log(const MatchGame& g, const std::string& a_spec,
                            const std::string& b_spec) {
  using namespace game_log;
  std::vector<double> move_ms;
  for (Duration t : g.move_times) move_ms.push_back(double(t.count()) / 1e6);
  return match_game_line(g.number, g.round, g.a_side, g.setup.to_move) +
         match_player_line(kPlayerA, a_spec) + match_player_line(kPlayerB, b_spec) +
         setup_line(g.setup) + dice_line(g.dice) + moves_line(g.moves) + times_line(move_ms) +
         (g.fault.empty() ? "" : fault_line(g.fault)) +
         match_result_line(g.winner, g.a_won(), game_end_name(g.end)) + "\n";
}

}  // namespace ewn
