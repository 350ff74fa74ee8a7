// Subcommands of the ewn program. Each registers itself on the CLI11 app.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "time_control.h"

namespace ewn::cli {

void register_commands(CLI::App& app);
void register_show(CLI::App& app);
void register_gen(CLI::App& app);
void register_probe(CLI::App& app);
void register_info(CLI::App& app);
void register_match(CLI::App& app);
void register_train_eval(CLI::App& app);
void register_move_quality(CLI::App& app);
void register_play(CLI::App& app);
void register_connect(CLI::App& app);
void register_tcg(CLI::App& app);
void register_verify(CLI::App& app);
void register_convert(CLI::App& app);
void register_serve(CLI::App& app);
void register_analyse(CLI::App& app);
void register_setup(CLI::App& app);

// The --tables DIR option, the same on every command that reads or writes tables: `dir` gets
// the default ($EWN_TABLES or data) unless the option is given.
CLI::Option* add_tables_option(CLI::App* cmd, std::string& dir, const std::string& what);

// The --engine and --tables options of the commands that run the contest engine (play,
// connect); both strings keep their values as defaults.
void add_engine_options(CLI::App* cmd, std::string& engine, std::string& tables);

// The value of a duration option (`text`: "500ms", "30s", "4min", a bare number of milliseconds).
// A duration is positive (`zero_ok`: or 0) and at most `max` when one is given; else a
// UsageError says, as "NAME 'TEXT' is not a duration ...", how to write one (main reports it
// as every failure: "ewn COMMAND: ...", the exit code of bad use, with --json the document).
Duration duration_option(const char* name, const std::string& text, bool zero_ok = false,
                         std::optional<Duration> max = std::nullopt);

// The exit code chosen by the subcommand that ran (by the map of answers/failure.h).
int exit_code();
void set_exit_code(int code);

}  // namespace ewn::cli
