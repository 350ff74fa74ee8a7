// How an answer fails, and the one map from each failure to what every surface says of it: the
// program's exit code, the C API's code, Python's exception class and the HTTP status. Every
// front end (cli/, api/, python/, web/) chooses by this map, never by its own table nor by the
// words of a message. docs/API.md lists it.
#pragma once

#include <exception>
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
                   // answer, an engine busy with other requests, no file descriptors left
  Internal,        // a bug
};

// The C API's codes, defined with the map (api/include/ewn/ewn.h names the same numbers as its
// EWN_E_* constants and checks at compile time that they are these).
namespace c_code {
inline constexpr int kOk = 0, kPosition = 2, kNotCovered = 3, kTable = 4, kArgument = 5,
                     kBuffer = 6, kDirectory = 7, kGameOver = 8, kMemory = 9, kInternal = 10,
                     kNotDirectory = 11, kUnreadable = 12, kGame = 13, kUnavailable = 14;
}  // namespace c_code

// What success is on each surface: exit code 0, EWN_OK, HTTP 200.
inline constexpr int kSuccessExitCode = 0, kSuccessHttpStatus = 200;

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

// The one classifier of an exception, for every surface (the CLI, the C API, HTTP and through C
// Python): a path's kind (PathError, MapError), a damaged table (TableError), a bad position
// (ParseError), a bad game text (GameTextError), bad use (UsageError: a player spec, a request's
// parameter), a decided position (GameOverError); running out of memory (std::bad_alloc, or a
// system error ENOMEM) is out of memory; a shortage of descriptors (EMFILE, ENFILE) or any other
// run-time failure of the surroundings (a file not written, an address in use, a server that
// does not answer: std::runtime_error and std::system_error) is unavailable; a broken
// precondition (std::logic_error) or anything else is internal.
Failure failure_of_exception(const std::exception& e);
// The same for the exception being handled (call it in a catch block): one that is no
// std::exception is internal.
Failure failure_of_current_exception();
// The message of the exception being handled, made printable; "out of memory" for bad_alloc.
std::string message_of_current_exception();

// HTTP's own refusals, answered before or beside any route: each one's status, and the failure
// its error document names (the client's doing is bad use, the server's is unavailable).
enum class Refusal {
  MalformedRequest,     // 400
  HostRefused,          // 403: a Host other than loopback's on a loopback server
  NoSuchPage,           // 404
  MethodNotAllowed,     // 405
  RequestTimeout,       // 408
  BodyTooLarge,         // 413
  UriTooLong,           // 414
  HeadTooLarge,         // 431
  NotImplemented,       // 501: a transfer coding it does not read
  VersionNotSupported,  // 505: an HTTP version other than 1.x
  Overloaded,           // 503: too many connections
};

struct RefusalWays {
  Refusal refusal;
  int http_status;
  Failure failure;
};

const std::vector<RefusalWays>& refusal_table();
const RefusalWays& ways_of(Refusal r);
// The refusal of an HTTP status the transport answers with, or nullopt.
std::optional<Refusal> refusal_of_status(int status);

// The failure of a table file that cannot be used, by the kind of its TableError
// (probe/table_format.h): damaged (missing, wrong, unreadable or damaged: the set must be
// mended), but unavailable when the system ran short of descriptors to open it (Shortage: it
// opens on a later try).
Failure failure_of_table(ErrorKind kind);

// The exit codes a command's --help lists: "Exit codes: 0 success, 2 bad position, ..." for
// `failures` (bad use is always listed), wrapped at 96 columns.
std::string exit_codes_help(const std::vector<Failure>& failures);

}  // namespace ewn
