// Opening a data file (a table, its exact values, a network, a manifest) for reading only when it
// is a regular file, and checking that a directory is one. A FIFO named like a table would block
// open() and read() for ever, a device could be anything, a directory cannot be read: each is
// refused with "<path>: not a regular file" before it is opened, and opening never blocks.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace ewn {

// Why `path` (following symbolic links) is no regular file to read: "missing", "a symbolic link
// to a missing file", "a symbolic link that loops", "not a regular file", or "cannot read: ..."
// for other errors; std::nullopt when it is one.
std::optional<std::string> regular_file_problem(const std::filesystem::path& path);

// An open file descriptor of a regular file and its size, or -1 with `problem` set (the words of
// regular_file_problem(), without the path). The caller closes `fd`.
struct RegularFile {
  int fd = -1;
  uint64_t size = 0;
  std::string problem;
};
RegularFile open_regular_file(const std::filesystem::path& path);

// Why `path` is no directory to read tables from: "the directory name is empty", "no such
// directory", "a symbolic link to a
// missing file", "a symbolic link that loops", "not a directory" (a file given for a directory),
// or "cannot read: ..."; std::nullopt when it is one.
std::optional<std::string> directory_problem(const std::filesystem::path& path);

}  // namespace ewn
