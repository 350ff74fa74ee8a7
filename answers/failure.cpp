#include "failure.h"

#include <map>

#include "ewn/ewn.h"

namespace ewn {

namespace {

// The exit code of a failure the C API shares is its C code, so that a script and a C program
// read one number for one failure, but for bad use: 2, as every Unix program and argparse
// (EWN_E_ARGUMENT is 5). A run that failed otherwise (a file that cannot be written, an address
// in use, a server that does not answer) takes 1.
const std::vector<FailureWays> kTable = {
    {Failure::BadUse, "bad_use", 2, EWN_E_ARGUMENT, "ArgumentError", 400, "bad use"},
    {Failure::BadPosition, "bad_position", EWN_E_POSITION, EWN_E_POSITION, "PositionError", 400,
     "bad position"},
    {Failure::BadGameText, "bad_game_text", EWN_E_GAME, EWN_E_GAME, "GameTextError", 400,
     "a game text that cannot be read"},
    {Failure::NotCovered, "not_covered", EWN_E_NOT_COVERED, EWN_E_NOT_COVERED, "NotCoveredError",
     404, "the tables do not cover the position"},
    {Failure::GameOver, "game_over", EWN_E_GAME_OVER, EWN_E_GAME_OVER, "GameOverError", 400,
     "the game is over"},
    {Failure::NoDirectory, "no_directory", EWN_E_DIRECTORY, EWN_E_DIRECTORY,
     "DirectoryNotFoundError", 500, "no such directory"},
    {Failure::NotADirectory, "not_a_directory", EWN_E_NOT_DIRECTORY, EWN_E_NOT_DIRECTORY,
     "NotATableDirectoryError", 500, "a file given as the directory"},
    {Failure::Unreadable, "unreadable", EWN_E_UNREADABLE, EWN_E_UNREADABLE, "UnreadableError", 500,
     "a directory or file that cannot be read"},
    {Failure::DamagedTable, "damaged_table", EWN_E_TABLE, EWN_E_TABLE, "TableError", 500,
     "a table (or matrix) file missing or damaged"},
    {Failure::BufferTooSmall, "buffer_too_small", EWN_E_BUFFER, EWN_E_BUFFER, "InternalError", 500,
     "buffer too small"},
    {Failure::OutOfMemory, "out_of_memory", EWN_E_MEMORY, EWN_E_MEMORY, "OutOfMemoryError", 503,
     "out of memory"},
    {Failure::Unavailable, "unavailable", 1, EWN_E_INTERNAL, "Error", 503,
     "the run failed (a file not written, an address in use)"},
    {Failure::Internal, "internal", EWN_E_INTERNAL, EWN_E_INTERNAL, "InternalError", 500,
     "internal error (a bug)"},
};

}  // namespace

const std::vector<FailureWays>& failure_table() {
  return kTable;
}

const FailureWays& ways_of(Failure f) {
  return kTable[size_t(f)];
}

std::optional<Failure> failure_of_c_code(int code) {
  if (code == EWN_E_INTERNAL) return Failure::Internal;
  for (const FailureWays& w : kTable)
    if (w.c_code == code) return w.failure;
  return std::nullopt;
}

Failure failure_of(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::BadPosition:
      return Failure::BadPosition;
    case ErrorKind::NotCovered:
      return Failure::NotCovered;
    case ErrorKind::Missing:
      return Failure::NoDirectory;
    case ErrorKind::WrongType:
      return Failure::NotADirectory;
    case ErrorKind::Unreadable:
      return Failure::Unreadable;
    case ErrorKind::Damaged:
      return Failure::DamagedTable;
    case ErrorKind::Shortage:
      return Failure::Unavailable;
  }
  return Failure::Internal;
}

Failure failure_of_table(ErrorKind kind) {
  return kind == ErrorKind::Shortage ? failure_of(kind) : Failure::DamagedTable;
}

std::string exit_codes_help(const std::vector<Failure>& failures) {
  // One item per code, in the order of the codes: "2 bad use or bad position".
  std::map<int, std::string> items;
  std::vector<Failure> listed = failures;
  listed.insert(listed.begin(), Failure::BadUse);
  for (Failure f : listed) {
    const FailureWays& w = ways_of(f);
    std::string& item = items[w.exit_code];
    if (item.find(w.meaning) != std::string::npos) continue;
    item += (item.empty() ? std::to_string(w.exit_code) + " " : " or ") + w.meaning;
  }
  std::string out = "Exit codes: 0 success";
  size_t line_start = 0;
  for (const auto& [code, item] : items) {
    if (out.size() - line_start + item.size() + 2 > 90) {
      out += ",\n";
      line_start = out.size();
    } else {
      out += ", ";
    }
    out += item;
  }
  return out + ".";
}

}  // namespace ewn
