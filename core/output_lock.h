// One writer per output directory. `ewn gen` holds DIR/.ewn-gen.lock (an flock on a file that
// names its pid) for the whole run, so a second run on the same directory refuses at once instead
// of removing the first one's temporary files. The kernel drops the lock when its process dies,
// so a lock file left by a killed run is taken over without a word. Readers never look at it:
// they only ever see complete tables, renamed into place.
#pragma once

#include <filesystem>
#include <stdexcept>

namespace ewn {

// Another live process holds the directory.
class DirectoryBusy : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class OutputLock {
 public:
  // Takes the lock of `dir` (which must exist). Throws DirectoryBusy ("another ewn gen or convert
  // (pid N) is writing to DIR") or FileError when the lock file cannot be made (e.g. a read-only
  // directory).
  explicit OutputLock(const std::filesystem::path& dir);
  ~OutputLock();  // removes the lock file
  OutputLock(const OutputLock&) = delete;
  OutputLock& operator=(const OutputLock&) = delete;

 private:
  std::filesystem::path path_;
  int fd_ = -1;
};

}  // namespace ewn
