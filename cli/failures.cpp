#include "failures.h"

#include <iostream>

#include "error_answer.h"
#include "json.h"
#include "printable.h"

namespace ewn::cli {

Failure failure_of_given_file(const std::exception& e) {
  Failure failure = failure_of_exception(e);
  return failure == Failure::Unavailable ? Failure::BadUse : failure;
}

int fail(const std::string& command, Failure failure, const std::string& message) {
  std::cerr << "ewn" << (command.empty() ? "" : " " + command) << ": " << message << "\n";
  return ways_of(failure).exit_code;
}

int fail(const std::string& command, const std::exception& e) {
  return fail(command, failure_of_exception(e), printable(e.what()));
}

int fail(const std::string& command, bool json, Failure failure, const std::string& message) {
  if (json) print_json(error_answer(failure, message));
  return fail(command, failure, message);
}

int fail(const std::string& command, bool json, const std::exception& e) {
  return fail(command, json, failure_of_exception(e), printable(e.what()));
}

void list_exit_codes(CLI::App* cmd, const std::vector<Failure>& failures) {
  std::string footer = cmd->get_footer();
  cmd->footer(footer + (footer.empty() ? "" : "\n\n") + exit_codes_help(failures));
}

std::vector<Failure> table_failures() {
  return {Failure::NoDirectory, Failure::NotADirectory, Failure::Unreadable, Failure::DamagedTable};
}

}  // namespace ewn::cli
