// How a command ends on a failure: by the one map of answers/failure.h, never by a number of its
// own. A command names the failures it can meet once, for its --help and for the README.
#pragma once

#include <CLI/CLI.hpp>
#include <exception>
#include <string>
#include <vector>

#include "failure.h"

namespace ewn::cli {

// The failure an exception stands for is the one classifier's (answers/failure.h:
// failure_of_exception), the same for every surface.

// The failure of a file a command was given (a player's tables or network) that cannot be
// used: its kind where it has one (no directory, a damaged table), else bad use.
Failure failure_of_given_file(const std::exception& e);

// Says "ewn COMMAND: MESSAGE" on stderr and gives the failure's exit code.
int fail(const std::string& command, Failure failure, const std::string& message);
// The same for an exception: its message (made printable) and its failure.
int fail(const std::string& command, const std::exception& e);
// The same, and with --json (`json`) the error document on stdout too ({"error", "error_kind"},
// answers/error_answer.h), so that a script reads every command's failure as it reads an answer.
int fail(const std::string& command, bool json, Failure failure, const std::string& message);
int fail(const std::string& command, bool json, const std::exception& e);

// Appends "Exit codes: 0 success, 2 bad use, ..." for `failures` to the command's --help.
void list_exit_codes(CLI::App* cmd, const std::vector<Failure>& failures);

// The failures of a command that reads a table directory.
std::vector<Failure> table_failures();

}  // namespace ewn::cli
