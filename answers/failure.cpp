#include "failure.h"

#include <cerrno>
#include <map>
#include <new>
#include <stdexcept>
#include <system_error>

#include "game_record.h"
#include "mapped_file.h"
#include "notation.h"
#include "printable.h"
#include "table_format.h"

namespace ewn {

namespace {

// The exit code of a failure the C API shares is its C code, so that a script and a C program
// read one number for one failure, but for bad use: 2, as every Unix program and argparse
// (EWN_E_ARGUMENT, c_code::kArgument, is 5). A run that failed otherwise (a file that cannot be
// written, an address in use, a server that does not answer) takes 1, as every Unix program's
// failure.
const std::vector<FailureWays> kFailures = {
    {Failure::BadUse, "bad_use", 2, c_code::kArgument, "ArgumentError", 400, "bad use"},
    {Failure::BadPosition, "bad_position", c_code::kPosition, c_code::kPosition, "PositionError",
     400, "bad position"},
    {Failure::BadGameText, "bad_game_text", c_code::kGame, c_code::kGame, "GameTextError", 400,
     "a game text that cannot be read"},
    {Failure::NotCovered, "not_covered", c_code::kNotCovered, c_code::kNotCovered,
     "NotCoveredError", 404, "the tables do not cover the position"},
    {Failure::GameOver, "game_over", c_code::kGameOver, c_code::kGameOver, "GameOverError", 400,
     "the game is over"},
    {Failure::NoDirectory, "no_directory", c_code::kDirectory, c_code::kDirectory,
     "DirectoryNotFoundError", 500, "no such directory"},
    {Failure::NotADirectory, "not_a_directory", c_code::kNotDirectory, c_code::kNotDirectory,
     "NotATableDirectoryError", 500, "a file given as the directory"},
    {Failure::Unreadable, "unreadable", c_code::kUnreadable, c_code::kUnreadable, "UnreadableError",
     500, "a directory or file that cannot be read"},
    {Failure::DamagedTable, "damaged_table", c_code::kTable, c_code::kTable, "TableError", 500,
     "a table (or matrix) file missing or damaged"},
    {Failure::BufferTooSmall, "buffer_too_small", c_code::kBuffer, c_code::kBuffer, "InternalError",
     500, "buffer too small"},
    {Failure::OutOfMemory, "out_of_memory", c_code::kMemory, c_code::kMemory, "OutOfMemoryError",
     503, "out of memory"},
    {Failure::Unavailable, "unavailable", 1, c_code::kUnavailable, "UnavailableError", 503,
     "the run failed (a file not written, an address in use)"},
    {Failure::Internal, "internal", c_code::kInternal, c_code::kInternal, "InternalError", 500,
     "internal error (a bug)"},
};

}  // namespace

const std::vector<FailureWays>& failure_table() {
  return kFailures;
}

const FailureWays& ways_of(Failure f) {
  return kFailures[size_t(f)];
}

std::optional<Failure> failure_of_c_code(int code) {
  for (const FailureWays& w : kFailures)
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

Failure failure_of_exception(const std::exception& e) {
  if (auto* path = dynamic_cast<const PathError*>(&e)) return failure_of(path->kind());
  if (auto* map = dynamic_cast<const MapError*>(&e)) return failure_of(map->kind());
  if (auto* table = dynamic_cast<const TableError*>(&e)) return failure_of_table(table->kind());
  if (dynamic_cast<const ParseError*>(&e)) return Failure::BadPosition;
  if (dynamic_cast<const GameTextError*>(&e)) return Failure::BadGameText;
  if (dynamic_cast<const UsageError*>(&e)) return Failure::BadUse;
  if (dynamic_cast<const GameOverError*>(&e)) return Failure::GameOver;
  if (dynamic_cast<const std::bad_alloc*>(&e)) return Failure::OutOfMemory;
  if (auto* sys = dynamic_cast<const std::system_error*>(&e))
    return sys->code() == std::errc::not_enough_memory ? Failure::OutOfMemory
                                                       : Failure::Unavailable;
  if (dynamic_cast<const std::logic_error*>(&e)) return Failure::Internal;
  if (dynamic_cast<const std::runtime_error*>(&e)) return Failure::Unavailable;
  return Failure::Internal;
}

Failure failure_of_current_exception() {
  try {
    throw;
  } catch (const std::exception& e) {
    return failure_of_exception(e);
  } catch (...) {
    return Failure::Internal;
  }
}

std::string message_of_current_exception() {
  try {
    throw;
  } catch (const std::bad_alloc&) {
    return "out of memory";
  } catch (const std::exception& e) {
    return printable(e.what());
  } catch (...) {
    return "an unknown exception";
  }
}

namespace {

const std::vector<RefusalWays> kRefusals = {
    {Refusal::MalformedRequest, 400, Failure::BadUse},
    {Refusal::HostRefused, 403, Failure::BadUse},
    {Refusal::NoSuchPage, 404, Failure::BadUse},
    {Refusal::MethodNotAllowed, 405, Failure::BadUse},
    {Refusal::RequestTimeout, 408, Failure::BadUse},
    {Refusal::BodyTooLarge, 413, Failure::BadUse},
    {Refusal::UriTooLong, 414, Failure::BadUse},
    {Refusal::HeadTooLarge, 431, Failure::BadUse},
    {Refusal::NotImplemented, 501, Failure::Unavailable},
    {Refusal::VersionNotSupported, 505, Failure::Unavailable},
    {Refusal::Overloaded, 503, Failure::Unavailable},
};

}  // namespace

const std::vector<RefusalWays>& refusal_table() {
  return kRefusals;
}

const RefusalWays& ways_of(Refusal r) {
  return kRefusals[size_t(r)];
}

std::optional<Refusal> refusal_of_status(int status) {
  for (const RefusalWays& w : kRefusals)
    if (w.http_status == status) return w.refusal;
  return std::nullopt;
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
