#include "output_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "file_error.h"

namespace ewn {

namespace {

constexpr const char* kLockName = ".ewn-gen.lock";

// The pid the holder wrote, "" if it has not written it yet.
std::string read_pid(int fd) {
  char buf[32] = {};
  ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  std::string pid(buf, n > 0 ? size_t(n) : 0);
  while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
  return pid;
}

[[noreturn]] void fail(const std::filesystem::path& path, const char* what, int err) {
  throw FileError(path.string() + ": " + what + ": " + std::strerror(err), err);
}

}  // namespace

OutputLock::OutputLock(const std::filesystem::path& dir) : path_(dir / kLockName) {
  for (;;) {
    int fd = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0644);
    if (fd < 0) fail(path_, "cannot create the lock file", errno);
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      int err = errno;
      std::string pid = read_pid(fd);
      ::close(fd);
      if (err != EWOULDBLOCK) fail(path_, "cannot lock", err);
      throw DirectoryBusy("another ewn gen or convert" + (pid.empty() ? "" : " (pid " + pid + ")") +
                          " is writing to " + dir.string());
    }
    // The holder removes the file when it ends: if it did so between our open and flock, we hold
    // a lock on a file that is gone, and try again with the one there now.
    struct stat held {
    }, now{};
    if (::fstat(fd, &held) == 0 && ::stat(path_.c_str(), &now) == 0 && held.st_dev == now.st_dev &&
        held.st_ino == now.st_ino) {
      std::string pid = std::to_string(::getpid()) + "\n";
      if (::ftruncate(fd, 0) != 0 ||
          ::pwrite(fd, pid.data(), pid.size(), 0) != ssize_t(pid.size())) {
        int err = errno;
        ::close(fd);
        fail(path_, "cannot write the lock file", err);
      }
      fd_ = fd;
      return;
    }
    ::close(fd);
  }
}

OutputLock::~OutputLock() {
  // Removed while still held, so that no other run can take a lock on it that is about to go.
  ::unlink(path_.c_str());
  ::close(fd_);
}

}  // namespace ewn
