// How an answer fails, and the one map from each failure to what every surface says of it: the
// program's exit code, the C API's code, Python's exception class and the HTTP status. Every
// front end (cli/, api/, python/, web/) chooses by this map, never by its own table nor by the
// words of a message. docs/API.md lists it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "error_kind.h"

namespace ewn {

enum class Failure {
  BadUse,          // an unknown command or option, a bad value, a null pointer, an illegal move
  BadPosition,     // a malformed position (SPEC section 3)
  BadGameText,     // a game text that cannot be read (the message names the line)
  NotCovered,      // the tables do not cover the position
  GameOver,        // the position is decided: there is no move to make
  NoDirectory,     // the table directory is not there
  NotADirectory,   // the table directory's name is a file (or another non-directory)
  Unreadable,      // the directory or a file is there but cannot be read
  DamagedTable,    // a table file (or the setup matrix) missing, damaged or wrong
  BufferTooSmall,  // the C API's output buffer is too small
  OutOfMemory,     // memory ran out
  Unavailable,     // the program cannot do it now: an address in use, a server that does not
                   // answer, an engine busy with other requests
  Internal,        // a bug
};

// What each surface says of one failure.
struct FailureWays {
  Failure failure;
  const char* name;              // the "error_kind" of an error document: "bad_position", ...
  int exit_code;                 // the program's exit code
  int c_code;                    // the C API's EWN_E_* code
  const char* python_exception;  // the class of the ewn Python module
  int http_status;               // the status of `ewn serve`'s answer
  const char* meaning;           // a few words for --help and the docs
};

// Every failure's ways, in the order of Failure.
const std::vector<FailureWays>& failure_table();
const FailureWays& ways_of(Failure f);

// The failure of a C code (EWN_E_*), or nullopt for EWN_OK or an unknown code.
std::optional<Failure> failure_of_c_code(int code);

// The failure of an error named where it happened (core/error_kind.h), for the table directory
// when it is a path's (Missing: no directory; WrongType: not a directory).
Failure failure_of(ErrorKind kind);

// The failure of a table file that cannot be used, by the kind of its TableError
// (probe/table_format.h): damaged (missing, wrong, unreadable or damaged: the set must be
// mended), but unavailable when the system ran short of descriptors to open it (Shortage: it
// opens on a later try).
Failure failure_of_table(ErrorKind kind);

// The exit codes a command's --help lists: "Exit codes: 0 success, 2 bad position, ..." for
// `failures` (bad use is always listed), wrapped at 96 columns.
std::string exit_codes_help(const std::vector<Failure>& failures);

}  // namespace ewn
