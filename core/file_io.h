// Writing a file so that every failure (disk full, file size limit, I/O error) is reported with
// the file's name, as a FileError (file_error.h). Files are not fsynced one by one: killing the
// process loses nothing the kernel has accepted, and after a power failure the checksums every
// reader verifies reject a torn file, which a rerun then rewrites. Call sync_filesystem() once at
// the end of a run.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>

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
// Removes the temporary files (temporary_path()'s names) an interrupted run left in `dir`, and in
// its subdirectory `work_dir` (and below) when one is named; how many.
int remove_stale_temporaries(const std::filesystem::path& dir, const std::string& work_dir = "");
// Renames `from` to `to` (atomically replacing any file there).
void commit_file(const std::filesystem::path& from, const std::filesystem::path& to);
// Writes `path` through its temporary file: `write` makes it, `check` (the problem, or nothing)
// reads it back, and only a file that passes takes the place of `path`; on any failure the
// temporary file is removed and `path` is left as it was.
template <class Write, class Check>
void write_checked(const std::filesystem::path& path, Write write, Check check) {
  const std::filesystem::path tmp = temporary_path(path);
  try {
    write(tmp);
    if (auto problem = check(tmp)) throw std::runtime_error(*problem);
    commit_file(tmp, path);
  } catch (...) {
    std::error_code ec;
    std::filesystem::remove(tmp, ec);
    throw;
  }
}
// Flushes the filesystem holding `dir` to disk.
void sync_filesystem(const std::filesystem::path& dir);

}  // namespace ewn
