#include "file_io.h"

#include "file_error.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace ewn {

OutputFile::OutputFile(const std::filesystem::path& path) : path_(path) {
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) fail("cannot create");
}

OutputFile::~OutputFile() {
  if (fd_ >= 0) ::close(fd_);
}

void OutputFile::fail(const char* what) {
  int err = errno;
  std::string msg = path_.string() + ": " + what + ": " + std::strerror(err);
  if (err == ENOSPC) msg += " (the disk is full: free some space and run the command again)";
  if (err == EFBIG) msg += " (the file size limit was reached: see 'ulimit -f')";
  throw FileError(msg, err);
}

void OutputFile::write(const void* data, size_t bytes) {
  const char* p = static_cast<const char*>(data);
  while (bytes > 0) {
    ssize_t n = ::write(fd_, p, bytes);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("write failed");
    }
    p += n;
    bytes -= size_t(n);
  }
}

void OutputFile::write_at(uint64_t offset, const void* data, size_t bytes) {
  const char* p = static_cast<const char*>(data);
  while (bytes > 0) {
    ssize_t n = ::pwrite(fd_, p, bytes, off_t(offset));
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("write failed");
    }
    p += n;
    offset += uint64_t(n);
    bytes -= size_t(n);
  }
}

void OutputFile::close() {
  int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) fail("close failed");
}

std::filesystem::path temporary_path(const std::filesystem::path& final_path) {
  return final_path.parent_path() /
         ("." + final_path.filename().string() + ".tmp." + std::to_string(getpid()));
}

namespace {

// A name temporary_path() makes: `.<name>.tmp.<pid>`.
bool is_temporary_name(const std::string& name) {
  return name.size() > 1 && name[0] == '.' && name.find(".tmp.") != std::string::npos;
}

}  // namespace

int remove_stale_temporaries(const std::filesystem::path& dir, const std::string& work_dir) {
  namespace fs = std::filesystem;
  int removed = 0;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (it.depth() == 0 && it->is_directory() && (work_dir.empty() || name != work_dir))
      it.disable_recursion_pending();
    if (is_temporary_name(name) && it->is_regular_file()) {
      std::error_code rm;
      if (fs::remove(it->path(), rm)) ++removed;
    }
  }
  return removed;
}

void commit_file(const std::filesystem::path& from, const std::filesystem::path& to) {
  std::error_code ec;
  std::filesystem::rename(from, to, ec);
  if (ec) throw FileError(to.string() + ": cannot rename into place: " + ec.message(), ec.value());
}

void sync_filesystem(const std::filesystem::path& dir) {
  int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    ::syncfs(fd);
    ::close(fd);
  }
}

}  // namespace ewn
