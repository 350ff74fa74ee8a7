// Writing a file so that every failure (disk full, file size limit, I/O error) is reported with
// the file's name, as a FileError (file_error.h). Files are not fsynced one by one: killing the
// process loses nothing the kernel has accepted, and after a power failure the checksums every
// reader verifies reject a torn file, which a rerun then rewrites. Call sync_filesystem() once at
// the end of a run.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>

namespace ewn {

class OutputFile {
 public:
  explicit OutputFile(const std::filesystem::path& path);  // creates or truncates
  ~OutputFile();                                           // closes without syncing
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  void write(const void* data, size_t bytes);
  // Overwrites bytes already written (a header completed at the end, say).
  void write_at(uint64_t offset, const void* data, size_t bytes);
  void close();  // throws on failure

 private:
  [[noreturn]] void fail(const char* what);
  std::filesystem::path path_;
  int fd_ = -1;
};

// Where a file is written before it is renamed to `final_path`: `.<name>.tmp.<pid>` beside it
// (a rerun removes such leftovers of a killed run).
std::filesystem::path temporary_path(const std::filesystem::path& final_path);
// Renames `from` to `to` (atomically replacing any file there).
void commit_file(const std::filesystem::path& from, const std::filesystem::path& to);
// Flushes the filesystem holding `dir` to disk.
void sync_filesystem(const std::filesystem::path& dir);

}  // namespace ewn
