#include "regular_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace ewn {

namespace {

PathProblem stat_problem(const std::filesystem::path& path, int err) {
  struct stat link {};
  if (err == ENOENT)
    return {ErrorKind::Missing, ::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode)
                                    ? "a symbolic link to a missing file"
                                    : "missing"};
  if (err == ELOOP) return {ErrorKind::Unreadable, "a symbolic link that loops"};
  // Each open table keeps its file open: a whole large set needs more than the usual 1024. A
  // shortage, not a fault of the file: it may open once descriptors are free.
  if (err == EMFILE || err == ENFILE)
    return {ErrorKind::Shortage,
            err == EMFILE
                ? "cannot open: too many open files (raise the limit, e.g. ulimit -n 4096)"
                : "cannot open: too many open files in the system"};
  return {ErrorKind::Unreadable, std::string("cannot read: ") + std::strerror(err)};
}

}  // namespace

std::optional<PathProblem> regular_file_problem(const std::filesystem::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return stat_problem(path, errno);
  if (!S_ISREG(st.st_mode)) return PathProblem{ErrorKind::WrongType, "not a regular file"};
  return std::nullopt;
}

RegularFile open_regular_file(const std::filesystem::path& path) {
  RegularFile file;
  // The type is checked before opening (opening a device can have effects of its own) and again
  // on the descriptor, in case the name was replaced in between; O_NONBLOCK keeps even that
  // case from blocking on a FIFO.
  if (auto problem = regular_file_problem(path)) {
    file.problem = *problem;
    return file;
  }
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) {
    file.problem = stat_problem(path, errno);
    return file;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    file.problem = {ErrorKind::WrongType, "not a regular file"};
    return file;
  }
  file.fd = fd;
  file.size = uint64_t(st.st_size);
  return file;
}

std::optional<PathProblem> directory_problem(const std::filesystem::path& path) {
  if (path.empty()) return PathProblem{ErrorKind::Missing, "the directory name is empty"};
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    PathProblem problem = stat_problem(path, errno);
    if (problem.words == "missing") problem.words = "no such directory";
    return problem;
  }
  if (!S_ISDIR(st.st_mode)) return PathProblem{ErrorKind::WrongType, "not a directory"};
  return std::nullopt;
}

}  // namespace ewn
