// The one map from a failure to what every surface says of it (answers/failure.h).
#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "error_answer.h"
#include "ewn/ewn.h"
#include "failure.h"

using namespace ewn;

TEST_CASE("failure map: one row per failure, in order, each name and exit code its own") {
  // But for bad use, which exits 2 as every Unix program does, sharing the code with a bad
  // position (2 was the program's code for both before the map).
  const auto& table = failure_table();
  std::set<std::string> names;
  std::set<int> exit_codes;
  for (size_t i = 0; i < table.size(); ++i) {
    INFO(table[i].name);
    CHECK(size_t(table[i].failure) == i);
    CHECK(names.insert(table[i].name).second);
    if (table[i].failure != Failure::BadUse) CHECK(exit_codes.insert(table[i].exit_code).second);
    CHECK(table[i].exit_code > 0);
    CHECK(table[i].exit_code < 126);  // the shell's own codes start at 126
    CHECK(table[i].http_status >= 400);
    CHECK(table[i].http_status < 600);
  }
  CHECK(table.back().failure == Failure::Internal);
}

TEST_CASE("failure map: a failure the C API shares exits with its C code") {
  CHECK(ways_of(Failure::BadUse).exit_code == 2);
  CHECK(ways_of(Failure::BadUse).c_code == EWN_E_ARGUMENT);
  for (const FailureWays& w : failure_table()) {
    INFO(w.name);
    if (w.failure != Failure::Unavailable && w.failure != Failure::BadUse)
      CHECK(w.exit_code == w.c_code);
    if (w.c_code != EWN_E_INTERNAL || w.failure == Failure::Internal)
      CHECK(failure_of_c_code(w.c_code) == w.failure);
  }
  CHECK_FALSE(failure_of_c_code(EWN_OK).has_value());
  CHECK(failure_of(ErrorKind::Missing) == Failure::NoDirectory);
  CHECK(failure_of(ErrorKind::WrongType) == Failure::NotADirectory);
  CHECK(failure_of(ErrorKind::Damaged) == Failure::DamagedTable);
  // A table that cannot be opened for want of descriptors is unavailable (503, try again), any
  // other table that cannot be used is damaged.
  CHECK(failure_of(ErrorKind::Shortage) == Failure::Unavailable);
  CHECK(failure_of_table(ErrorKind::Shortage) == Failure::Unavailable);
  CHECK(ways_of(failure_of_table(ErrorKind::Shortage)).http_status == 503);
  for (ErrorKind kind :
       {ErrorKind::Missing, ErrorKind::WrongType, ErrorKind::Unreadable, ErrorKind::Damaged})
    CHECK(failure_of_table(kind) == Failure::DamagedTable);
}

TEST_CASE("error answer: the message, the failure's name and the position as given") {
  Answer a = failed_answer(Failure::NotCovered, "too many pieces");
  CHECK(json_text(a.json) == R"({"error":"too many pieces","error_kind":"not_covered"})");
  CHECK(a.exit_code() == EWN_E_NOT_COVERED);
  CHECK(a.http_status() == 404);
  CHECK(json_text(error_answer(Failure::BadPosition, "bad position: column 3", "r1\x01")) ==
        R"({"position":"r1\\x01","error":"bad position: column 3","error_kind":"bad_position"})");
}

TEST_CASE("exit codes in --help: bad use always, then the command's failures, one item a code") {
  std::string help = exit_codes_help({Failure::BadPosition, Failure::DamagedTable});
  CHECK(help.rfind("Exit codes: 0 success, 2 bad use or bad position,\n4 a table", 0) == 0);
  CHECK(exit_codes_help({}) == "Exit codes: 0 success, 2 bad use.");
  for (size_t start = 0, end = 0; end != std::string::npos; start = end + 1) {
    end = help.find('\n', start);
    CHECK((end == std::string::npos ? help.size() : end) - start <= 90);
  }
}
