// Working files of a group solved in parts (part_solver.h): a stream of bytes followed by the
// XXH64 of those bytes, written under a temporary name and renamed into place when complete,
// so that a file with its final name is whole and a damaged one is detected when read.
#pragma once

#include <xxhash.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "file_io.h"

namespace ewn {

// XXH64 streaming state, freed on every path (a constructor that throws included).
struct Xxh64StateDeleter {
  void operator()(XXH64_state_t* s) const { XXH64_freeState(s); }
};
using Xxh64State = std::unique_ptr<XXH64_state_t, Xxh64StateDeleter>;

class WorkFileWriter {
 public:
  explicit WorkFileWriter(const std::filesystem::path& path);
  ~WorkFileWriter();
  void write(const void* data, size_t bytes);
  // Appends the checksum and renames the file into place. Throws naming the file.
  void commit();

 private:
  std::filesystem::path path_, tmp_;
  std::unique_ptr<OutputFile> out_;
  Xxh64State hash_;
};

// Reads a work file front to back through a buffer of `buffer_bytes`, checking its checksum.
class WorkFileReader {
 public:
  WorkFileReader(const std::filesystem::path& path, size_t buffer_bytes);
  ~WorkFileReader();
  WorkFileReader(const WorkFileReader&) = delete;
  WorkFileReader& operator=(const WorkFileReader&) = delete;

  uint64_t payload_bytes() const { return payload_; }
  // Reads exactly `bytes` more; throws naming the file when the file has fewer.
  void read(void* data, size_t bytes);
  // After the last read: the payload was read whole and its checksum is right, else throws.
  void finish();

 private:
  void refill();
  [[noreturn]] void fail(const std::string& what) const;
  // Closes the file on every path, a constructor that throws included.
  struct Descriptor {
    int fd = -1;
    ~Descriptor();
  };
  std::filesystem::path path_;
  Descriptor file_;
  uint64_t payload_ = 0, consumed_ = 0, file_offset_ = 0;
  std::vector<uint8_t> buffer_;
  size_t begin_ = 0, end_ = 0;
  Xxh64State hash_;
};

// nullopt when `path` is a complete work file with `payload_bytes` of payload and a right
// checksum; else the problem.
std::optional<std::string> check_work_file(const std::filesystem::path& path,
                                           uint64_t payload_bytes);

}  // namespace ewn
