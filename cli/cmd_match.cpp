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
#include "sprt.h"
#include "tcg_player.h"

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
  std::string sprt;                 // ELO0,ELO1[,ALPHA,BETA], or empty
  std::string tcg_movetime = "1s";  // the outside programs' limits (tcg:)
  std::string tcg_gametime;         // empty: none
  std::string tcg_stderr;           // the stem of their standard error files
};

// Where an outside program's standard error goes: --tcg-stderr, or beside the log, or in the
// current directory; one file per player, A's and B's.
std::string stderr_path(const MatchOptions& opt, const char* label) {
  std::string stem = !opt.tcg_stderr.empty() ? opt.tcg_stderr
                     : !opt.log.empty()      ? opt.log
                                             : "ewn-match";
  return stem + "." + label + ".stderr";
}

// An outside program's spec (tcg:COMMAND): the referee's limits for it, its stderr file.
PlayerSpec outside_spec(PlayerSpec spec, const MatchOptions& opt, const char* label) {
  auto limit = [](const std::string& text, const char* option) -> std::optional<Duration> {
    if (text.empty() || text == "none") return std::nullopt;
    auto d = parse_duration(text);
    if (!d || d->count() <= 0)
      throw SpecError(std::string(option) + " '" + text + "' is not a duration (e.g. 100ms, 1s)");
    return d;
  };
  spec.limits.per_move = limit(opt.tcg_movetime, "--tcg-movetime");
  spec.limits.per_game = limit(opt.tcg_gametime, "--tcg-gametime");
  if (!spec.limits.per_move && !spec.limits.per_game)
    throw SpecError("an outside program needs a limit: --tcg-movetime or --tcg-gametime");
  spec.stderr_path = stderr_path(opt, label);
  spec.label = label;
  return spec;
}

// The spec of a player, its tables chosen as `ewn play` chooses them when it names none: an
// expectimax player reads --tables, or the default directory when it is there.
PlayerSpec player_spec(const std::string& text, const MatchOptions& opt, const char* label) {
  PlayerSpec spec = parse_player_spec(text);
  if (spec.kind == "tcg") return outside_spec(std::move(spec), opt, label);
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

// The running score as games finish: "[312/1000 games] A 181 - B 131 (58.0%, 52.3..63.7%)
// LLR 1.20 (-2.94, 2.94)  2.10 games/s ETA 5m28s", the interval A's score's 95% one and the
// LLR there with --sprt; best of 7 counts matches decided (first to 4) for the ETA.
class MatchProgress {
 public:
  MatchProgress(const MatchConfig& config, const SprtMonitor* sprt)
      : config_(config), sprt_(sprt) {}

  void add(const MatchGame& g) {
    played_.push_back(g);
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
    if (sprt_ && sprt_->verdict() != SprtVerdict::Continue) last = true;
    // The interval costs a pass over the games: worked out a few times a second at most.
    if (last || line_.elapsed_seconds() - shown_at_ >= 0.25) {
      shown_at_ = line_.elapsed_seconds();
      line_.show(text(), last);
    }
  }
  void finish() { line_.finish(); }

 private:
  std::string text() const {
    double t = line_.elapsed_seconds();
    bool bo7 = config_.format == MatchFormat::BestOf7;
    char buf[300];
    int n = bo7 ? std::snprintf(buf, sizeof buf, "[%d/%d matches, %d games]", rounds_done_,
                                config_.count, games_)
                : std::snprintf(buf, sizeof buf, "[%d/%d games]", games_, config_.count);
    Interval ci = match_stats(played_, config_.format).score_ci;
    n += std::snprintf(buf + n, sizeof buf - size_t(n), " A %d - B %d (%.1f%%, %.1f..%.1f%%)",
                       a_wins_, b_wins_, 100.0 * a_wins_ / games_, 100 * ci.low, 100 * ci.high);
    if (sprt_)
      n += std::snprintf(buf + n, sizeof buf - size_t(n), "%s", sprt_->progress_text().c_str());
    if (time_losses_)
      n += std::snprintf(buf + n, sizeof buf - size_t(n), ", %d on time", time_losses_);
    double done = bo7 ? rounds_done_ : games_;
    bool decided = sprt_ && sprt_->verdict() != SprtVerdict::Continue;
    std::snprintf(buf + n, sizeof buf - size_t(n), "  %.2f games/s  %s", t > 0 ? games_ / t : 0.0,
                  decided ? "decided" : eta_text(done, config_.count, t).c_str());
    return buf;
  }

  MatchConfig config_;
  const SprtMonitor* sprt_;
  std::vector<MatchGame> played_;
  double shown_at_ = -1;
  ProgressLine line_;
  int games_ = 0, a_wins_ = 0, b_wins_ = 0, time_losses_ = 0, rounds_done_ = 0;
  std::map<int, std::pair<int, int>> rounds_;  // best of 7: wins of A and B by round
};

// --sprt: the test set up (the match stops once it decides), or an exit code for bad use.
int prepare_sprt(const MatchOptions& opt, MatchConfig& config, std::optional<SprtMonitor>& sprt) {
  if (opt.sprt.empty()) return 0;
  std::string error;
  auto setting = parse_sprt(opt.sprt, error);
  if (!setting) return fail("match", opt.json, Failure::BadUse, "--sprt: " + error);
  if (config.format != MatchFormat::Pairs)
    return fail("match", opt.json, Failure::BadUse,
                "--sprt tests pairs of games: use it with --format pairs");
  sprt.emplace(*setting);
  config.stop = [&sprt] { return sprt->verdict() != SprtVerdict::Continue; };
  return 0;
}

std::optional<SprtOutcome> sprt_outcome(const std::optional<SprtMonitor>& sprt) {
  if (!sprt) return std::nullopt;
  return SprtOutcome{sprt->setting(), sprt->pairs(), sprt->llr()};
}

// The games lost off the board, in game order.
std::vector<MatchFault> match_faults(const std::vector<MatchGame>& games) {
  std::vector<MatchFault> out;
  for (size_t i = 0; i < games.size(); ++i) {
    const MatchGame& g = games[i];
    if (g.end == GameEnd::Goal || g.end == GameEnd::Capture) continue;
    out.push_back({int(i) + 1, !g.a_won(), game_end_name(g.end), g.fault});
  }
  return out;
}

void print_match_text(const MatchOptions& opt, const MatchConfig& config, const MatchStats& s,
                      const std::array<Duration, 2>& longest, const std::string& placement) {
  std::cout << "A: " << opt.a << "\nB: " << opt.b << "\nsetups: " << placement << "\n";
  if (config.format == MatchFormat::BestOf7)
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

// The SPRT's verdict, the games lost off the board and the outside programs' processes.
void print_outside_text(const std::vector<MatchGame>& games, const std::optional<SprtMonitor>& sprt,
                        const PlayerFactory& a, const PlayerFactory& b) {
  if (sprt) {
    const SprtSetting& t = sprt->setting();
    const Pentanomial& p = sprt->pairs();
    SprtVerdict v = sprt->verdict();
    std::printf("SPRT (Elo %g vs %g, alpha %g, beta %g; pentanomial): LLR %.2f (%.2f, %.2f): ",
                t.elo0, t.elo1, t.alpha, t.beta, sprt->llr(), t.lower(), t.upper());
    if (v == SprtVerdict::Continue)
      std::printf("undecided after the most games (--games)\n");
    else
      std::printf("%s accepted: A - B is %g Elo rather than %g\n", sprt_verdict_name(v),
                  v == SprtVerdict::H1 ? t.elo1 : t.elo0, v == SprtVerdict::H1 ? t.elo0 : t.elo1);
    std::printf("pairs by A's points: 0 of 2: %d, 1 of 2: %d, 2 of 2: %d\n", p[0], p[2], p[4]);
  }
  for (const MatchFault& f : match_faults(games))
    std::cout << "game " << f.game << " lost by " << (f.a_lost ? "A" : "B") << " (" << f.end
              << "): " << printable(f.reason) << "\n";
  for (const PlayerFactory* f : {&a, &b})
    if (int n = f->tcg_processes())
      std::cout << f->spec().label << ": " << n << (n == 1 ? " process" : " processes")
                << " started; its standard error in " << f->spec().stderr_path << "\n";
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
    a = std::make_unique<PlayerFactory>(player_spec(opt.a, opt, "A"));
    b = std::make_unique<PlayerFactory>(player_spec(opt.b, opt, "B"));
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
  std::optional<SprtMonitor> sprt;
  if (int code = prepare_sprt(opt, config, sprt)) return code;
  std::vector<MatchGame> games;
  MatchProgress progress(config, sprt ? &*sprt : nullptr);
  try {
    games = run_match(*a, *b, config, [&](const MatchGame& g) {
      if (sprt) sprt->add(g);
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

  if (opt.json) {
    print_json(match_answer({opt.a, opt.b, config.format, opt.clock, opt.seed}, s, longest,
                            sprt_outcome(sprt), match_faults(games)));
    return 0;
  }
  print_match_text(opt, config, s, longest, placement);
  print_outside_text(games, sprt, *a, *b);
  return 0;
}

// The players, formats and options of `ewn match --help`, with examples.
const char* const kMatchFooter =
    "Players: random, greedy, mcts[:opts], expectimax[:opts], tcg:COMMAND; options key=value, "
    "comma separated:\n"
    "  all: movetime=<dur> (per-move limit), gametime=<dur> (per-game budget), e.g. 100ms, "
    "30s, 4min\n"
    "  expectimax: depth=<plies>, tables=<dir>|none (default: --tables), hash=<MB>, "
    "prune=star2|star1|none,\n"
    "    eval=tuned|untuned, net=<file>|none (the network ewn train-eval writes),\n"
    "    model=best|random (random: the opponent is assumed to pick any legal move; for\n"
    "    play against weak programs)\n"
    "  mcts: playouts=<n>, c=<exploration>\n"
    "  tcg:COMMAND: an outside program speaking the course protocol (docs/ARENA.md); all\n"
    "    after tcg: is its command line, run by the shell; --tcg-movetime/--tcg-gametime\n"
    "    are its limits. A crash, a hang past the limit (plus 10%, at least 100 ms) or an\n"
    "    illegal or unreadable answer loses that game, and a fresh process plays the next.\n"
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
    "--sprt ELO0,ELO1[,ALPHA,BETA]: stop once the test decides whether A is stronger by ELO1\n"
    "  rather than ELO0 (logistic Elo; alpha, beta 0.05); pairs counted by the pentanomial\n"
    "  model; --games is then the most it plays.\n\n"
    "Examples:\n  ewn match --a expectimax:movetime=100ms --b mcts:movetime=100ms --games 200\n"
    "Against an agent of your own (its command line after tcg:; docs/ARENA.md):\n"
    "    ewn match --a 'tcg:./agent --depth 3' --b expectimax:depth=2 --games 2000 --sprt "
    "-50,0 --log games.log\n"
    "    ewn analyse --all games.log";

}  // namespace

void register_match(CLI::App& app) {
  auto opt = std::make_shared<MatchOptions>();
  auto* cmd = app.add_subcommand("match", "Play two players against each other");
  cmd->footer(kMatchFooter);
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
  cmd->add_option("--sprt", opt->sprt,
                  "Sequential test: stop when it decides between Elo ELO0 and ELO1 for A (e.g. "
                  "0,10 or 0,10,0.05,0.05)")
      ->type_name("ELO0,ELO1[,ALPHA,BETA]");
  cmd->add_option("--tcg-movetime", opt->tcg_movetime,
                  "Outside programs' (tcg:) limit a move (default 1s; none: no limit)");
  cmd->add_option("--tcg-gametime", opt->tcg_gametime,
                  "Outside programs' (tcg:) budget a game (default none)");
  cmd->add_option("--tcg-stderr", opt->tcg_stderr,
                  "Outside programs' standard error goes to STEM.A.stderr and STEM.B.stderr "
                  "(default: the --log file's name, else ewn-match)")
      ->type_name("STEM");
  std::vector<Failure> failures = table_failures();
  failures.push_back(Failure::Unavailable);
  list_exit_codes(cmd, failures);
  cmd->callback([opt, tables] {
    opt->tables_given = tables->count() > 0;
    set_exit_code(run_match_command(*opt));
  });
}

}  // namespace ewn::cli
