// Opening a data file (a table, its exact values, a network, a manifest) for reading only when it
// is a regular file, and checking that a directory is one. A FIFO named like a table would block
// open() and read() for ever, a device could be anything, a directory cannot be read: each is
// refused with "<path>: not a regular file" before it is opened, and opening never blocks.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "error_kind.h"

namespace ewn {

// Why `path` (following symbolic links) is no regular file to read: "missing" or "a symbolic
// link to a missing file" (Missing), "not a regular file" (WrongType), "a symbolic link that
// loops" or "cannot read: ..." (Unreadable); std::nullopt when it is one.
std::optional<PathProblem> regular_file_problem(const std::filesystem::path& path);

// An open file descriptor of a regular file and its size, or -1 with `problem` set (as
// regular_file_problem() says it, without the path). The caller closes `fd`.
struct RegularFile {
  int fd = -1;
  uint64_t size = 0;
  PathProblem problem{ErrorKind::Missing, ""};
};
RegularFile open_regular_file(const std::filesystem::path& path);

// Why `path` is no directory to read tables from: "the directory name is empty", "no such
// directory" or "a symbolic link to a missing file" (Missing), "not a directory" (WrongType: a
// file given for a directory), "a symbolic link that loops" or "cannot read: ..." (Unreadable);
// std::nullopt when it is one.
std::optional<PathProblem> directory_problem(const std::filesystem::path& path);

}  // namespace ewn
