// Subcommands of the ewn program. Each registers itself on the CLI11 app.
#pragma once

#include <CLI/CLI.hpp>

namespace ewn::cli {

void register_commands(CLI::App& app);
void register_show(CLI::App& app);
void register_gen(CLI::App& app);
void register_probe(CLI::App& app);
void register_info(CLI::App& app);
void register_match(CLI::App& app);
void register_tune_eval(CLI::App& app);
void register_move_quality(CLI::App& app);
void register_play(CLI::App& app);
void register_connect(CLI::App& app);
void register_verify(CLI::App& app);

// The exit code chosen by the subcommand that ran.
int exit_code();
void set_exit_code(int code);

}  // namespace ewn::cli
