// What went wrong, named where it goes wrong and carried in the status or the exception from
// there: the surfaces choose by it (the CLI's exit codes and hints, the C API's codes, Python's
// exception classes; answers/failure.h maps it), never by the words of a message.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

namespace ewn {

enum class ErrorKind {
  BadPosition,  // a malformed position or move (SPEC section 3)
  NotCovered,   // the tables do not cover the position
  Missing,      // the file or directory is not there
  WrongType,    // there, but not what is wanted: a file for a directory, a FIFO for a file
  Unreadable,   // there, but it cannot be read (permissions, a loop of links)
  Damaged,      // a table file that fails its checks
  Shortage,     // the system ran short for now (no descriptor left to open a file): try again
};

// A problem with a path: its kind and its words, without the path ("no such directory",
// "not a regular file", ...).
struct PathProblem {
  ErrorKind kind;
  std::string words;
};

// A path that cannot be used, thrown: what() is "<path>: <words>".
class PathError : public std::runtime_error {
 public:
  PathError(const std::filesystem::path& path, const PathProblem& problem)
      : std::runtime_error(path.string() + ": " + problem.words), kind_(problem.kind) {}
  // The same kind with other words: `what` is the whole message.
  PathError(ErrorKind kind, const std::string& what) : std::runtime_error(what), kind_(kind) {}
  ErrorKind kind() const { return kind_; }

 private:
  ErrorKind kind_;
};

// A request the program cannot take as given: a bad option or value, a player spec, a query
// parameter (bad use). Thrown where it is found; every surface classifies it
// (answers/failure.h's failure_of_exception) as bad use.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A move asked of a decided position: there is none to make (game over on every surface).
class GameOverError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace ewn
