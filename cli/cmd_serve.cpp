// ewn serve: the web explorer and play page (web/, docs/WEB.md).
#include <filesystem>
#include <iostream>

#include "commands.h"
#include "failures.h"
#include "host_check.h"
#include "json.h"
#include "printable.h"
#include "regular_file.h"
#include "server.h"
#include "tables_hint.h"
#include "time_control.h"

namespace ewn::cli {

void register_serve(CLI::App& app) {
  auto opt = std::make_shared<web::ServerOptions>();
  auto* cmd = app.add_subcommand("serve", "Serve the web explorer and play page");
  // The details follow the options, so that `ewn --help` lists each command in one line.
  std::string footer =
      "An HTTP server for the browser: a board to set up and explore positions with every move\n"
      "of every die valued from the tables (the engine's estimate where they do not reach),\n"
      "and games against the engine. The JSON API (docs/WEB.md):\n";
  footer.append(web::api_path_list());
  footer.append(
      ".\nListens on http://127.0.0.1:8080/ by default (loopback only unless --host says\n"
      "otherwise) and runs until stopped (Ctrl-C).\n"
      "A --tables directory that is not there fails; without the default directory every value\n"
      "is the engine's estimate. An address that cannot be bound is a run that failed.\n\n"
      "Examples:\n"
      "  ewn serve --port 0                 (any free port: open the address it prints)\n"
      "  ewn serve --tables data --port 0 --searches 1 --max-movetime 2s");
  cmd->footer(footer);
  auto* tables = add_tables_option(cmd, opt->tables, "Directory of table files");
  cmd->add_option("--host", opt->host,
                  "Address to listen on (0.0.0.0: every interface, with a warning: there is no "
                  "authentication)")
      ->default_val(opt->host);
  cmd->add_option("--port", opt->port, "Port, 0 for any free one")
      ->default_val(opt->port)
      ->check(CLI::Range(0, 65535));
  auto max_movetime = std::make_shared<std::string>("5s");
  cmd->add_option("--max-movetime", *max_movetime,
                  "Cap on the engine's time for one request, e.g. 2s or 500 (milliseconds), at "
                  "most 60s")
      ->default_val(*max_movetime);
  cmd->add_option("--searches", opt->searches, "Engine searches run at once")
      ->default_val(opt->searches)
      ->check(CLI::Range(1, 64));
  cmd->add_option("--threads", opt->threads,
                  "Requests answered at once (workers; connections waiting for a request hold "
                  "none)")
      ->default_val(opt->threads)
      ->check(CLI::Range(2, 256));
  cmd->add_option("--setup-matrix", opt->setup_matrix,
                  "The setup matrix of /api/setup/* and the page's setup panel (default "
                  "$EWN_TABLES or data, then setup-matrix.ewns, if there; ewn setup make)")
      ->type_name("FILE");
  std::vector<Failure> failures = table_failures();
  failures.push_back(Failure::Unavailable);
  list_exit_codes(cmd, failures);
  cmd->callback([opt, tables, max_movetime] {
    Duration cap =
        duration_option("--max-movetime", *max_movetime, false, std::chrono::seconds(60));
    opt->max_movetime_ms =
        std::max(1, int(std::chrono::duration_cast<std::chrono::milliseconds>(cap).count()));
    // Without the default directory the engine estimates every value (and says so on start);
    // a directory named on the command line that is not there is a mistake to report.
    if (auto problem = tables->count() > 0 ? directory_problem(opt->tables) : std::nullopt) {
      std::string hint = problem->kind == ErrorKind::Missing
                             ? " (" + make_tables_hint(kSuggestedPieces, opt->tables) + ")"
                             : "";
      set_exit_code(fail("serve", failure_of(problem->kind),
                         printable(opt->tables) + ": " + problem->words + hint));
      return;
    }
    if (!web::is_loopback_address(opt->host))
      std::cerr << "ewn serve: warning: listening on " << printable(opt->host)
                << ", which other machines can reach, and the server has no authentication:"
                   " anyone who reaches the port can use it. To offer it to others, keep it on"
                   " 127.0.0.1 behind a reverse proxy that authenticates (docs/WEB.md, Safety).\n";
    try {
      web::serve(*opt,
                 [](const std::string& address, const std::string& note, const std::string& files) {
                   std::cout << "ewn serve: listening on " << address << " (Ctrl-C stops)\n"
                             << "ewn serve: " << note << "\n"
                             << "ewn serve: " << files << std::endl;
                 });
    } catch (const std::exception& e) {
      set_exit_code(fail("serve", e));
    }
  });
}

}  // namespace ewn::cli
