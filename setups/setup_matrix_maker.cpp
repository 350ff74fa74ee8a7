#include "setup_matrix_maker.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>

#include "error_kind.h"
#include "file_error.h"
#include "printable.h"
#include "setup_entry.h"

namespace ewn {

namespace {

using Clock = std::chrono::steady_clock;

// A file descriptor closed on every way out.
struct Descriptor {
  int fd = -1;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

[[noreturn]] void fail(const std::filesystem::path& path, const char* what) {
  throw FileError(printable(path.string()) + ": cannot " + what + ": " + std::strerror(errno),
                  errno);
}

void write_all(int fd, const std::filesystem::path& path, const unsigned char* data, size_t n) {
  while (n > 0) {
    ssize_t w = ::write(fd, data, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) fail(path, "write");
    data += w;
    n -= size_t(w);
  }
}

std::vector<unsigned char> read_all(const std::filesystem::path& path) {
  Descriptor f{::open(path.c_str(), O_RDONLY)};
  if (f.fd < 0) fail(path, "open");
  std::vector<unsigned char> bytes;
  unsigned char buffer[1 << 16];
  for (;;) {
    ssize_t n = ::read(f.fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(path, "read");
    if (n == 0) break;
    bytes.insert(bytes.end(), buffer, buffer + n);
  }
  return bytes;
}

}  // namespace

std::filesystem::path setup_partial_path(const std::filesystem::path& matrix) {
  return matrix.string() + ".partial";
}

bool make_setup_matrix(const std::filesystem::path& matrix, const SetupMakeOptions& options,
                       const SetupMakeCallback& after_row) {
  const int n = options.classes;
  const size_t row_bytes = 2 * size_t(n);
  std::vector<unsigned char> header = setup_matrix_header(n, n, options.node_budget);
  std::filesystem::path partial = setup_partial_path(matrix);

  // A matrix of these settings that passes its checks is made already.
  std::error_code ec;
  if (!std::filesystem::exists(partial, ec)) {
    try {
      SetupMatrix old = read_setup_matrix(matrix);
      if (old.rows == n && old.columns == n && old.node_budget == options.node_budget) return true;
    } catch (const PathError&) {
      // Missing, damaged or of other settings: made anew.
    }
  }

  // Resume after the last whole row of a partial file of the same settings.
  int rows_done = 0;
  // data/ need not exist yet, as for ewn gen.
  if (matrix.has_parent_path()) std::filesystem::create_directories(matrix.parent_path(), ec);
  if (std::filesystem::exists(partial, ec)) {
    std::vector<unsigned char> old = read_all(partial);
    if (old.size() < header.size() || !std::equal(header.begin(), header.end(), old.begin()))
      throw PathError(partial, {ErrorKind::Damaged,
                                "a partial setup matrix of other settings (budget or classes) or "
                                "damaged: continue it with the settings it was begun with, or "
                                "remove it to start again"});
    rows_done = int((old.size() - header.size()) / row_bytes);
  }
  {
    Descriptor f{::open(partial.c_str(), O_WRONLY | O_CREAT, 0644)};
    if (f.fd < 0) fail(partial, "open");
    // A row cut short by a kill is dropped and computed again.
    if (::ftruncate(f.fd, off_t(header.size() + size_t(rows_done) * row_bytes)) != 0)
      fail(partial, "truncate");
    if (rows_done == 0 && ::pwrite(f.fd, header.data(), header.size(), 0) != ssize_t(header.size()))
      fail(partial, "write");
    if (::lseek(f.fd, 0, SEEK_END) < 0) fail(partial, "seek");

    Search search(setup_search_options());
    SetupMakeProgress progress;
    progress.rows = n;
    progress.rows_done = progress.rows_resumed = rows_done;
    std::vector<unsigned char> row(row_bytes);
    for (int r = rows_done; r < n; ++r) {
      auto start = Clock::now();
      Arrangement first = class_arrangement(r);
      for (int c = 0; c < n; ++c) {
        SetupEntry e = setup_entry(search, first, class_arrangement(c), options.node_budget);
        uint16_t code = encode_setup_value(e.value);
        row[2 * size_t(c)] = uint8_t(code);
        row[2 * size_t(c) + 1] = uint8_t(code >> 8);
        progress.nodes += e.nodes;
        progress.entries += 1;
        progress.depth_sum += uint64_t(e.depth);
        if (progress.min_depth == 0 || e.depth < progress.min_depth) progress.min_depth = e.depth;
        progress.max_depth = std::max(progress.max_depth, e.depth);
      }
      write_all(f.fd, partial, row.data(), row.size());
      progress.rows_done = r + 1;
      progress.seconds += std::chrono::duration<double>(Clock::now() - start).count();
      if (after_row && !after_row(progress) && r + 1 < n) return false;
    }
  }

  std::vector<unsigned char> all = read_all(partial);
  SetupMatrix m;
  m.rows = m.columns = n;
  m.node_budget = options.node_budget;
  m.codes.resize(size_t(n) * size_t(n));
  if (all.size() != header.size() + m.codes.size() * 2)
    throw PathError(partial, {ErrorKind::Damaged, "changed while the matrix was being made"});
  for (size_t i = 0; i < m.codes.size(); ++i)
    m.codes[i] = uint16_t(all[header.size() + 2 * i] | (all[header.size() + 2 * i + 1] << 8));
  write_setup_matrix(matrix, m);
  std::filesystem::remove(partial, ec);
  return true;
}

}  // namespace ewn
