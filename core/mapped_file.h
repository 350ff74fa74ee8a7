// A regular file mapped read-only into memory, whole: the one place that maps files (the tables,
// the generator's exact values). The mapping lives exactly as long as the object, so no path,
// a throwing check after the mapping included, can leak it; the file type is checked before the
// file is opened (regular_file.h), so a FIFO or a device named like a data file is refused.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "error_kind.h"

namespace ewn {

// Why a file could not be mapped. what() is "<file>: <problem>"; problem() alone serves callers
// that report the file in their own words (a table's TableError, say).
class MapError : public std::runtime_error {
 public:
  MapError(const std::filesystem::path& file, const PathProblem& problem)
      : std::runtime_error(file.string() + ": " + problem.words), problem_(problem) {}
  const std::string& problem() const { return problem_.words; }
  ErrorKind kind() const { return problem_.kind; }

 private:
  PathProblem problem_;
};

class MappedFile {
 public:
  MappedFile() = default;  // maps nothing
  // Maps the regular file `path`, read-only and shared. An empty file maps to no bytes (data()
  // is nullptr): mmap takes no empty range, and a caller checks the size it needs anyway.
  // Throws MapError whose problem() is regular_file_problem()'s words ("missing", "not a regular
  // file", ...) or "cannot map: <reason>".
  // With `keep_open` the file stays open beside the mapping (fd()), for a reader that also reads
  // it with pread or asks its current size with fstat.
  explicit MappedFile(const std::filesystem::path& path, bool keep_open = false);
  MappedFile(MappedFile&& other) noexcept;
  MappedFile& operator=(MappedFile&& other) noexcept;
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  const uint8_t* data() const { return data_; }
  size_t size() const { return size_; }
  // The open file (keep_open), or -1.
  int fd() const { return fd_; }
  // The reads will be scattered (a probe touches single blocks): read-ahead would only waste
  // page cache (for the mapping and for pread on fd()).
  void advise_random() const;

 private:
  void unmap();

  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
  int fd_ = -1;
};

}  // namespace ewn
