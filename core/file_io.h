// Writing a file so that every failure (disk full, file size limit, I/O error) is reported with
// the file's name, and the data is on disk (fsync) before the caller renames it into place.
#pragma once

#include <cstddef>
#include <filesystem>

namespace ewn {

class OutputFile {
 public:
  explicit OutputFile(const std::filesystem::path& path);  // creates or truncates
  ~OutputFile();                                           // closes without syncing
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  void write(const void* data, size_t bytes);
  void close();  // fsync + close; throws on failure

 private:
  [[noreturn]] void fail(const char* what);
  std::filesystem::path path_;
  int fd_ = -1;
};

// Renames `from` to `to` and syncs the directory, so a completed file survives a crash.
void commit_file(const std::filesystem::path& from, const std::filesystem::path& to);

}  // namespace ewn
