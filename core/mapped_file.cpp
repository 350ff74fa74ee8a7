#include "mapped_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "regular_file.h"

namespace ewn {

MappedFile::MappedFile(const std::filesystem::path& path, bool keep_open) {
  RegularFile file = open_regular_file(path);
  if (file.fd < 0) throw MapError(path, file.problem);
  void* map = MAP_FAILED;
  int map_error = 0;
  if (file.size > 0) {
    map = ::mmap(nullptr, size_t(file.size), PROT_READ, MAP_SHARED, file.fd, 0);
    map_error = errno;  // before close() can change it
  }
  // The mapping keeps the file open on its own.
  if (map == MAP_FAILED || !keep_open)
    ::close(file.fd);
  else
    fd_ = file.fd;
  if (file.size == 0) return;
  if (map == MAP_FAILED)
    throw MapError(path,
                   {ErrorKind::Unreadable, std::string("cannot map: ") + std::strerror(map_error)});
  data_ = static_cast<const uint8_t*>(map);
  size_ = size_t(file.size);
}

MappedFile::MappedFile(MappedFile&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      fd_(std::exchange(other.fd_, -1)) {}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
  if (this != &other) {
    unmap();
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

MappedFile::~MappedFile() {
  unmap();
}

void MappedFile::unmap() {
  if (data_) ::munmap(const_cast<uint8_t*>(data_), size_);
  data_ = nullptr;
  size_ = 0;
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

void MappedFile::advise_random() const {
  if (data_) ::madvise(const_cast<uint8_t*>(data_), size_, MADV_RANDOM);
  if (fd_ >= 0) ::posix_fadvise(fd_, 0, 0, POSIX_FADV_RANDOM);
}

}  // namespace ewn
