// ewn connect: play as a client of the contest test server.
#include <ctime>
#include <fstream>
#include <iostream>

#include "commands.h"
#include "failures.h"
#include "game_log.h"
#include "json.h"
#include "play_summaries.h"
#include "printable.h"
#include "server_client.h"
#include "side_names.h"
#include "tables_dir.h"

namespace ewn::cli {

namespace {

struct ConnectOptions {
  std::string host = "127.0.0.1";
  int port = 50006;
  std::string name = "ewn";
  std::string engine = "expectimax";
  std::string tables;
  std::string time_limit = "5s", margin = "500ms", grace = "30ms", wait = "0s";
  std::string log;
  bool verbose = false;
  bool json = false;
};

std::string default_log_name() {
  std::time_t t = std::time(nullptr);
  char buf[64];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", std::localtime(&t));
  return std::string("ewn-connect-") + buf + ".log";
}

ConnectSummary connect_summary(const ClientReport& report) {
  ConnectSummary s;
  for (const ClientGameResult& g : report.games)
    s.games.push_back({g.number, g.engine_side, g.engine_moves, g.outcome(), g.how});
  s.won = report.wins();
  s.lost = report.losses();
  s.lost_on_time = report.time_losses();
  s.unfinished = report.unfinished();
  return s;
}

int run_connect(const ConnectOptions& opt) {
  ClientConfig config;
  config.host = opt.host;
  config.port = opt.port;
  config.name = opt.name;
  config.verbose = opt.verbose;
  if (opt.name.empty() || opt.name.find_first_of("\r\n") != std::string::npos)
    return fail("connect", opt.json, Failure::BadUse, "--name must be a non-empty single line");
  config.server_limit = duration_option("--time-limit", opt.time_limit);
  config.margin = duration_option("--margin", opt.margin, true);
  config.die_grace = duration_option("--grace", opt.grace, true);
  config.connect_wait = duration_option("--wait", opt.wait, true);
  if (config.margin >= config.server_limit)
    return fail("connect", opt.json, Failure::BadUse, "--margin must be smaller than --time-limit");

  std::unique_ptr<Engine> engine;
  std::string notes;
  try {
    engine = make_contest_engine(opt.engine, opt.tables, default_tables_dir(), notes);
  } catch (const SpecError& e) {
    return fail("connect", opt.json, Failure::BadUse, "bad engine: " + printable(e.what()));
  } catch (const std::exception& e) {
    return fail("connect", opt.json, failure_of_given_file(e), printable(e.what()));
  }
  std::ofstream log;
  std::string log_path = opt.log.empty() ? default_log_name() : opt.log;
  if (log_path != "none") {
    log.open(log_path, std::ios::app);
    if (!log)
      return fail("connect", opt.json, Failure::Unavailable,
                  "cannot write the log file '" + printable(log_path) + "'");
    log << game_log::connect_title(notes);
  }
  // With --json the running report goes to stderr and stdout holds the document alone.
  std::ostream& out = opt.json ? std::cerr : std::cout;
  out << notes << "\n";
  if (log.is_open()) out << "log: " << log_path << "\n";

  ServerClient client(config, *engine, out, log.is_open() ? &log : nullptr);
  ClientReport report = client.run();
  out << report.games.size() << " games: won " << report.wins() << ", lost " << report.losses();
  if (report.unfinished()) out << ", unfinished " << report.unfinished();
  // Losses on time apart: they are the engine's clock, not its play.
  if (report.time_losses()) out << "; " << report.time_losses() << " of the losses on time";
  out << "\n";
  if (log.is_open())
    log << game_log::connect_summary_lines(report.games.size(), report.wins(), report.losses(),
                                           report.time_losses(), report.unfinished());
  // A session that failed (no server, a connection refused or lost, a server that broke the
  // protocol) answers the error document, as every command's failure: its results so far are
  // in the report above and in the log.
  if (!report.error.empty())
    return fail("connect", opt.json, Failure::Unavailable, printable(report.error));
  if (opt.json) print_json(connect_answer(connect_summary(report)));
  return 0;
}

}  // namespace

void register_connect(CLI::App& app) {
  auto opt = std::make_shared<ConnectOptions>();
  auto* cmd = app.add_subcommand("connect", "Play as a client of the contest test server");
  cmd->footer(
      "The server sends <board>|<die> each turn and 'close' at the end; the engine answers\n"
      "<piece>|<direction> within the time limit. Results are inferred from the boards.\n"
      "See docs/CONTEST.md.\n\n"
      "Example:\n  ewn connect --name TEAM42 --engine expectimax --tables data");
  cmd->add_option("--host", opt->host, "Server address (default 127.0.0.1)");
  cmd->add_option("--port", opt->port, "Server port (default 50006)")->check(CLI::Range(1, 65535));
  cmd->add_option("--name", opt->name, "The ID sent first (default ewn)");
  add_engine_options(cmd, opt->engine, opt->tables);
  cmd->add_option("--time-limit", opt->time_limit, "The server's limit per answer (default 5s)");
  cmd->add_option("--margin", opt->margin, "Kept free of the limit (default 500ms)");
  cmd->add_option("--grace", opt->grace,
                  "How long to wait for a second digit after a die '1' (default 30ms)");
  cmd->add_option("--wait", opt->wait,
                  "Keep trying to connect this long, e.g. 10s (default: try once)");
  cmd->add_option("--log", opt->log,
                  "Log file (appended; default ewn-connect-<date>-<time>.log), or none");
  cmd->add_flag("--verbose", opt->verbose, "A line for every move");
  cmd->add_flag("--json", opt->json,
                "The summary as JSON on stdout (games, won, lost, lost_on_time, unfinished and "
                "each game's result); the running report goes to stderr");
  std::vector<Failure> failures = table_failures();
  failures.push_back(Failure::Unavailable);
  list_exit_codes(cmd, failures);
  cmd->callback([opt] { set_exit_code(run_connect(*opt)); });
}

}  // namespace ewn::cli
