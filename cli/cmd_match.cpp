// ewn match: play two players against each other and report the score with error bars.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include "commands.h"
#include "failures.h"
#include "json.h"
#include "match.h"
#include "match_placement.h"
#include "match_stats.h"
#include "percent.h"
#include "play_summaries.h"
#include "player_spec.h"
#include "printable.h"
#include "progress_line.h"

namespace ewn::cli {

namespace {

struct MatchOptions {
  std::string a, b;
  int games = 2;
  uint64_t seed = 1;
  int threads = 1;
  bool json = false;
  bool quiet = false;
  std::string log;
  std::string format = "pairs";
  std::string clock = "wall";
  std::string tables;  // --tables, or the default directory
  bool tables_given = false;
  std::string place_by_matrix;  // "", A, B or both
  std::string setup_matrix;     // "": the default file
  bool matrix_reply = false;
};

// The spec of a player, its tables chosen as `ewn play` chooses them when it names none: an
// expectimax player reads --tables, or the default directory when it is there.
PlayerSpec player_spec(const std::string& text, const MatchOptions& opt) {
  PlayerSpec spec = parse_player_spec(text);
  if (spec.kind != "expectimax" || spec.gives("tables")) return spec;
  std::error_code ec;
  if (opt.tables_given || std::filesystem::is_directory(opt.tables, ec)) spec.tables = opt.tables;
  return spec;
}

std::string elo_text(double e) {
  if (std::isinf(e)) return e > 0 ? "+inf" : "-inf";
  char buf[16];
  std::snprintf(buf, sizeof buf, "%+.0f", e);
  return buf;
}

// The running score as games finish: "[312/1000 games] A 181 - B 131 (58.0%)  2.10 games/s
// ETA 5m28s"; best of 7 counts matches decided (first to 4) for the ETA.
class MatchProgress {
 public:
  explicit MatchProgress(const MatchConfig& config) : config_(config) {}

  void add(const MatchGame& g) {
    ++games_;
    (g.a_won() ? a_wins_ : b_wins_) += 1;
    if (g.end == GameEnd::Time) ++time_losses_;
    if (config_.format == MatchFormat::BestOf7) {
      auto& [a, b] = rounds_[g.round];
      (g.a_won() ? a : b) += 1;
      if (a == 4 || b == 4) ++rounds_done_;
    }
    bool last = config_.format == MatchFormat::BestOf7 ? rounds_done_ == config_.count
                                                       : games_ == config_.count;
    line_.show(text(), last);
  }
  void finish() { line_.finish(); }

 private:
  std::string text() const {
    double t = line_.elapsed_seconds();
    bool bo7 = config_.format == MatchFormat::BestOf7;
    char buf[200];
    int n = bo7 ? std::snprintf(buf, sizeof buf, "[%d/%d matches, %d games]", rounds_done_,
                                config_.count, games_)
                : std::snprintf(buf, sizeof buf, "[%d/%d games]", games_, config_.count);
    n += std::snprintf(buf + n, sizeof buf - size_t(n), " A %d - B %d (%.1f%%)", a_wins_, b_wins_,
                       100.0 * a_wins_ / games_);
    if (time_losses_)
      n += std::snprintf(buf + n, sizeof buf - size_t(n), ", %d on time", time_losses_);
    double done = bo7 ? rounds_done_ : games_;
    std::snprintf(buf + n, sizeof buf - size_t(n), "  %.2f games/s  %s", t > 0 ? games_ / t : 0.0,
                  eta_text(done, config_.count, t).c_str());
    return buf;
  }

  MatchConfig config_;
  ProgressLine line_;
  int games_ = 0, a_wins_ = 0, b_wins_ = 0, time_losses_ = 0, rounds_done_ = 0;
  std::map<int, std::pair<int, int>> rounds_;  // best of 7: wins of A and B by round
};

// The match's result in words.
void print_match_text(const MatchOptions& opt, MatchFormat format, const std::string& placement,
                      const MatchStats& s, const std::array<Duration, 2>& longest) {
  std::cout << "A: " << opt.a << "\nB: " << opt.b << "\nsetups: " << placement << "\n";
  if (format == MatchFormat::BestOf7)
    std::cout << s.rounds << " best-of-7 matches: A won " << s.a_rounds << ", B won " << s.b_rounds
              << "\n";
  std::cout << s.games << " games (seed " << opt.seed << ", " << opt.clock << " clock): A won "
            << s.a_wins << ", B won " << s.b_wins << "\n";
  std::cout << "A's score " << percent(s.score) << " (95% CI " << percent(s.score_ci.low) << " .. "
            << percent(s.score_ci.high) << ")\n";
  std::cout << "Elo difference A - B " << elo_text(s.elo) << " (95% CI " << elo_text(s.elo_ci.low)
            << " .. " << elo_text(s.elo_ci.high) << ")\n";
  std::cout << "losses on time: A " << s.a_time_losses << ", B " << s.b_time_losses
            << "; longest move: A " << format_duration(longest[0]) << ", B "
            << format_duration(longest[1]) << "\n";
  if (s.illegal) std::cout << "illegal moves: " << s.illegal << "\n";
}

int run_match_command(const MatchOptions& opt) {
  MatchConfig config;
  config.seed = opt.seed;
  config.threads = opt.threads;
  config.count = opt.games;
  config.format = opt.format == "bo7" ? MatchFormat::BestOf7 : MatchFormat::Pairs;
  config.clock = opt.clock == "cpu" ? ClockKind::ThreadCpu : ClockKind::Wall;

  std::unique_ptr<PlayerFactory> a, b;
  try {
    a = std::make_unique<PlayerFactory>(player_spec(opt.a, opt));
    b = std::make_unique<PlayerFactory>(player_spec(opt.b, opt));
  } catch (const SpecError& e) {
    return fail("match", opt.json, Failure::BadUse, "bad player: " + printable(e.what()));
  } catch (const std::exception& e) {
    return fail("match", opt.json, failure_of_given_file(e), printable(e.what()));
  }

  std::string placement = "both by the referee's random procedure, one setup for both games";
  if (opt.matrix_reply && opt.place_by_matrix == "both")
    return fail("match", opt.json, Failure::BadUse,
                "--matrix-reply needs one player placed by the referee to reply to "
                "(--place-by-matrix A or B)");
  if (!opt.place_by_matrix.empty()) {
    try {
      config.place =
          placement_by_matrix(opt.place_by_matrix, opt.setup_matrix, opt.matrix_reply, placement);
    } catch (const PathError& e) {
      std::string path =
          opt.setup_matrix.empty() ? default_setup_matrix_path().string() : opt.setup_matrix;
      return fail("match", opt.json, Failure::DamagedTable,
                  printable(std::string(e.what()) + " (" + setup_matrix_hint(path) + ")"));
    }
  }

  std::ofstream log;
  if (!opt.log.empty()) {
    log.open(opt.log);
    if (!log)
      return fail("match", opt.json, Failure::Unavailable,
                  "cannot write the log file '" + printable(opt.log) + "'");
  }
  std::vector<MatchGame> games;
  MatchProgress progress(config);
  try {
    games = run_match(*a, *b, config, [&](const MatchGame& g) {
      if (log) log << format_game_log(g, opt.a, opt.b) << std::flush;
      if (!opt.quiet) progress.add(g);
    });
  } catch (const std::exception& e) {
    progress.finish();
    return fail("match", opt.json, e);
  }
  progress.finish();
  MatchStats s = match_stats(games, config.format);
  std::array<Duration, 2> longest{};  // A, B
  for (const MatchGame& g : games) {
    longest[0] = std::max(longest[0], g.longest[g.a_side]);
    longest[1] = std::max(longest[1], g.longest[opposite(g.a_side)]);
  }

  if (opt.json)
    print_json(match_answer({opt.a, opt.b, config.format, opt.clock, opt.seed}, s, longest));
  else
    print_match_text(opt, config.format, placement, s, longest);
  return 0;
}

}  // namespace

void register_match(CLI::App& app) {
  auto opt = std::make_shared<MatchOptions>();
  auto* cmd = app.add_subcommand("match", "Play two players against each other");
  cmd->footer(
      "Players: random, greedy, mcts[:opts], expectimax[:opts]; options key=value, comma "
      "separated:\n"
      "  all: movetime=<dur> (per-move limit), gametime=<dur> (per-game budget), e.g. 100ms, "
      "30s, 4min\n"
      "  expectimax: depth=<plies>, tables=<dir>|none (default: --tables), hash=<MB>, "
      "prune=star2|star1|none,\n"
      "    eval=tuned|untuned, net=<file>|none (the network ewn train-eval writes),\n"
      "    model=best|random (random: the opponent is assumed to pick any legal move; for\n"
      "    play against weak programs)\n"
      "  mcts: playouts=<n>, c=<exploration>\n"
      "Pairs format: each pair of games shares setup and dice, colours swapped.\n"
      "--place-by-matrix A|B|both: that player arranges its own pieces in every game by the\n"
      "  setup matrix (ewn setup make; docs/SETUPS.md), drawing from the equilibrium mix for\n"
      "  its turn order; the other keeps the pair's dealt arrangement for its seat. With\n"
      "  --matrix-reply it sees that dealt arrangement first and plays the matrix's best\n"
      "  reply to it. The dice stay shared by the pair; the log's setup lines show the\n"
      "  arrangements played.\n"
      "While it plays, the running score, games per second and ETA go to stderr (--quiet: "
      "none).\n"
      "bo7 format: --games counts best-of-7 matches (first to 4; A starts games 1, 4, 5).\n\n"
      "Example:\n  ewn match --a expectimax:movetime=100ms --b mcts:movetime=100ms --games 200");
  cmd->add_option("--a", opt->a, "Player A")->required();
  cmd->add_option("--b", opt->b, "Player B")->required();
  cmd->add_option("--games", opt->games, "Number of games (bo7: of matches)")
      ->check(CLI::Range(1, 10'000'000));
  cmd->add_option("--seed", opt->seed, "Seed of setups, dice and players' randomness");
  cmd->add_option("--threads", opt->threads, "Games played at once")->check(CLI::Range(1, 256));
  auto* tables = add_tables_option(
      cmd, opt->tables,
      "Tables of the expectimax players whose spec names none (tables=), or none; without it "
      "the default directory when it is there");
  cmd->add_flag("--json", opt->json, "Machine-readable summary");
  cmd->add_flag("--quiet,-q", opt->quiet, "No running score on stderr");
  cmd->add_option("--log", opt->log, "Write every game (setup, dice, moves) to this file");
  cmd->add_option("--format", opt->format, "pairs (default) or bo7")
      ->check(CLI::IsMember({"pairs", "bo7"}));
  cmd->add_option("--clock", opt->clock,
                  "Time limits on the wall clock (default) or on each game thread's CPU time "
                  "(cpu: fair comparisons on a busy machine)")
      ->check(CLI::IsMember({"wall", "cpu"}));
  auto* place = cmd->add_option("--place-by-matrix", opt->place_by_matrix,
                                "A, B or both: who arranges its own pieces by the setup matrix")
                    ->check(CLI::IsMember({"A", "B", "both"}));
  cmd->add_option("--setup-matrix", opt->setup_matrix,
                  "The setup matrix of --place-by-matrix (default $EWN_TABLES or data, then "
                  "setup-matrix.ewns; ewn setup make)")
      ->type_name("FILE")
      ->needs(place);
  cmd->add_flag("--matrix-reply", opt->matrix_reply,
                "A player placed by the matrix sees the other's dealt arrangement and plays the "
                "best reply to it (with --place-by-matrix A or B)")
      ->needs(place);
  std::vector<Failure> failures = table_failures();
  failures.push_back(Failure::Unavailable);
  list_exit_codes(cmd, failures);
  cmd->callback([opt, tables] {
    opt->tables_given = tables->count() > 0;
    set_exit_code(run_match_command(*opt));
  });
}

}  // namespace ewn::cli
