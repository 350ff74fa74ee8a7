#include "work_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace ewn {

WorkFileWriter::WorkFileWriter(const std::filesystem::path& path)
    : path_(path),
      tmp_(temporary_path(path)),
      out_(std::make_unique<OutputFile>(tmp_)),
      hash_(XXH64_createState()) {
  XXH64_reset(hash_.get(), 0);
}

WorkFileWriter::~WorkFileWriter() {
  if (out_) {  // not committed: an error is on its way, leave no partial file
    out_.reset();
    std::error_code ec;
    std::filesystem::remove(tmp_, ec);
  }
}

void WorkFileWriter::write(const void* data, size_t bytes) {
  XXH64_update(hash_.get(), data, bytes);
  out_->write(data, bytes);
}

void WorkFileWriter::commit() {
  uint64_t sum = XXH64_digest(hash_.get());
  out_->write(&sum, sizeof sum);
  out_->close();
  out_.reset();
  commit_file(tmp_, path_);
}

WorkFileReader::WorkFileReader(const std::filesystem::path& path, size_t buffer_bytes)
    : path_(path), buffer_(std::max<size_t>(buffer_bytes, 64)), hash_(XXH64_createState()) {
  XXH64_reset(hash_.get(), 0);
  file_.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (file_.fd < 0) fail(std::strerror(errno));
  struct stat st {};
  if (fstat(file_.fd, &st) != 0) fail(std::strerror(errno));
  if (!S_ISREG(st.st_mode)) fail("not a regular file");
  if (st.st_size < 8) fail("truncated (no checksum)");
  payload_ = uint64_t(st.st_size) - 8;
}

WorkFileReader::Descriptor::~Descriptor() {
  if (fd >= 0) ::close(fd);
}

WorkFileReader::~WorkFileReader() = default;

void WorkFileReader::fail(const std::string& what) const {
  throw std::runtime_error(path_.string() + ": " + what);
}

void WorkFileReader::refill() {
  begin_ = 0;
  end_ = 0;
  uint64_t left = payload_ - file_offset_;
  size_t want = size_t(std::min<uint64_t>(left, buffer_.size()));
  while (end_ < want) {
    ssize_t n = ::pread(file_.fd, buffer_.data() + end_, want - end_, off_t(file_offset_));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(std::string("read failed: ") + std::strerror(errno));
    if (n == 0) fail("truncated");
    end_ += size_t(n);
    file_offset_ += uint64_t(n);
  }
  XXH64_update(hash_.get(), buffer_.data(), end_);
}

void WorkFileReader::read(void* data, size_t bytes) {
  auto* out = static_cast<uint8_t*>(data);
  while (bytes > 0) {
    if (begin_ == end_) {
      if (file_offset_ == payload_) fail("shorter than its contents (damaged work file)");
      refill();
    }
    size_t n = std::min(bytes, end_ - begin_);
    std::memcpy(out, buffer_.data() + begin_, n);
    begin_ += n;
    out += n;
    bytes -= n;
    consumed_ += n;
  }
}

void WorkFileReader::finish() {
  if (consumed_ != payload_) fail("longer than its contents (damaged work file)");
  uint64_t stored = 0;
  for (size_t got = 0; got < sizeof stored;) {
    ssize_t n = ::pread(file_.fd, reinterpret_cast<char*>(&stored) + got, sizeof stored - got,
                        off_t(payload_ + got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail("cannot read its checksum");
    got += size_t(n);
  }
  if (stored != XXH64_digest(hash_.get())) fail("checksum mismatch (damaged work file)");
}

std::optional<std::string> check_work_file(const std::filesystem::path& path,
                                           uint64_t payload_bytes) {
  try {
    WorkFileReader r(path, size_t(1) << 20);
    if (r.payload_bytes() != payload_bytes)
      return path.string() + ": holds " + std::to_string(r.payload_bytes()) + " bytes, not " +
             std::to_string(payload_bytes);
    std::vector<uint8_t> sink(size_t(1) << 16);
    for (uint64_t left = payload_bytes; left > 0;) {
      size_t n = size_t(std::min<uint64_t>(left, sink.size()));
      r.read(sink.data(), n);
      left -= n;
    }
    r.finish();
  } catch (const std::exception& e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

}  // namespace ewn
