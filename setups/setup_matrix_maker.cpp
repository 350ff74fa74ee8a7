#include "setup_matrix_maker.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <stdexcept>

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

// The entry (row, column) is searched unless its mirror image comes earlier in row order
// within the matrix: then it is that entry's copy.
bool mirror_comes_first(int n, int row, int column, size_t& mirror_index) {
  int mr = mirror_class(row), mc = mirror_class(column);
  if (mr >= n || mc >= n) return false;
  mirror_index = size_t(mr) * size_t(n) + size_t(mc);
  return mirror_index < size_t(row) * size_t(n) + size_t(column);
}

// Computes rows [progress.rows_done, n) into `codes`, appending each to the partial file.
// Returns false when the callback stopped the run.
bool compute_rows(int fd, const std::filesystem::path& partial, const SetupMakeOptions& options,
                  std::vector<uint16_t>& codes, SetupMakeProgress& progress,
                  const SetupMakeCallback& after_row) {
  const int n = options.classes;
  Search search(setup_search_options());
  std::vector<unsigned char> row(2 * size_t(n));
  for (int r = progress.rows_done; r < n; ++r) {
    auto start = Clock::now();
    Arrangement first = class_arrangement(r);
    for (int c = 0; c < n; ++c) {
      size_t index = size_t(r) * size_t(n) + size_t(c), mirror = 0;
      if (mirror_comes_first(n, r, c, mirror)) {
        codes[index] = codes[mirror];
        progress.mirrored += 1;
      } else {
        SetupEntry e = setup_entry(search, first, class_arrangement(c), options.depth);
        codes[index] = encode_setup_value(e.value);
        progress.nodes += e.nodes;
        progress.cpu_seconds += e.seconds;
        progress.entries += 1;
      }
      row[2 * size_t(c)] = uint8_t(codes[index]);
      row[2 * size_t(c) + 1] = uint8_t(codes[index] >> 8);
    }
    write_all(fd, partial, row.data(), row.size());
    progress.rows_done = r + 1;
    progress.seconds += std::chrono::duration<double>(Clock::now() - start).count();
    if (after_row && !after_row(progress) && r + 1 < n) return false;
  }
  return true;
}

// Searches the error sample one ply deeper and puts the mean difference and the scatter about
// it into `m`.
// Returns false when the callback stopped the run.
bool estimate_error(SetupMatrix& m, SetupMakeProgress& progress,
                    const SetupMakeCallback& after_row) {
  const int n = m.rows;
  Search search(setup_search_options());
  progress.sample = setup_error_sample_size(n);
  double sum = 0, sum_sq = 0;
  auto start = Clock::now();
  for (int k = 0; k < progress.sample; ++k) {
    size_t index = setup_error_sample_index(n, k);
    int r = int(index / size_t(n)), c = int(index % size_t(n));
    SetupEntry e = setup_entry(search, class_arrangement(r), class_arrangement(c), m.depth + 1);
    double d = e.value - m.codes[index] / double(kSetupValueScale);
    sum += d;
    sum_sq += d * d;
    progress.nodes += e.nodes;
    progress.cpu_seconds += e.seconds;
    progress.sample_done = k + 1;
    bool report = (k + 1) % 8 == 0 || k + 1 == progress.sample;
    if (report && after_row) {
      double now = std::chrono::duration<double>(Clock::now() - start).count();
      SetupMakeProgress shown = progress;
      shown.seconds += now;
      if (!after_row(shown) && k + 1 < progress.sample) return false;
    }
  }
  progress.seconds += std::chrono::duration<double>(Clock::now() - start).count();
  m.error_sample = progress.sample;
  m.depth_bias = sum / progress.sample;
  // The scatter about the shift (the standard deviation; rounding must not make it negative).
  m.entry_error = std::sqrt(std::max(0.0, sum_sq / progress.sample - m.depth_bias * m.depth_bias));
  progress.entry_error = m.entry_error;
  progress.depth_bias = m.depth_bias;
  return true;
}

// Reads the rows done from a partial file of these settings (none when it is absent).
int resume_rows(const std::filesystem::path& partial, const std::vector<unsigned char>& header,
                int n, std::vector<uint16_t>& codes) {
  std::error_code ec;
  if (!std::filesystem::exists(partial, ec)) return 0;
  std::vector<unsigned char> old = read_all(partial);
  if (old.size() < header.size() || !std::equal(header.begin(), header.end(), old.begin()))
    throw PathError(partial, {ErrorKind::Damaged,
                              "a partial setup matrix of other settings (depth or classes) or "
                              "damaged: continue it with the settings it was begun with, or "
                              "remove it to start again"});
  int rows_done = int((old.size() - header.size()) / (2 * size_t(n)));
  for (size_t i = 0; i < size_t(rows_done) * size_t(n); ++i)
    codes[i] = uint16_t(old[header.size() + 2 * i] | (old[header.size() + 2 * i + 1] << 8));
  return rows_done;
}

}  // namespace

std::filesystem::path setup_partial_path(const std::filesystem::path& matrix) {
  return matrix.string() + ".partial";
}

int setup_error_sample_size(int classes) {
  // 1% of the entries, but never so few that their spread says nothing: a trial matrix of a
  // few classes samples at least 64 entries, or all of them.
  size_t count = size_t(classes) * size_t(classes);
  return int(std::min(count, std::max<size_t>(kMinSetupErrorSample, (count + 99) / 100)));
}

size_t setup_error_sample_index(int classes, int k) {
  size_t count = size_t(classes) * size_t(classes);
  size_t size = size_t(setup_error_sample_size(classes));
  return (2 * size_t(k) + 1) * count / (2 * size);  // the middle of the k-th of `size` strides
}

bool make_setup_matrix(const std::filesystem::path& matrix, const SetupMakeOptions& options,
                       const SetupMakeCallback& after_row) {
  const int n = options.classes;
  if (options.depth < 1 || options.depth > kMaxSetupDepth)
    throw std::invalid_argument("the depth of an entry must be within 1.." +
                                std::to_string(kMaxSetupDepth));
  std::vector<unsigned char> header = setup_matrix_header(n, n, options.depth);
  std::filesystem::path partial = setup_partial_path(matrix);

  // A matrix of these settings that passes its checks is made already.
  std::error_code ec;
  if (!std::filesystem::exists(partial, ec)) {
    try {
      SetupMatrix old = read_setup_matrix(matrix);
      if (old.rows == n && old.columns == n && old.depth == options.depth) return true;
    } catch (const PathError&) {
      // Missing, damaged, of version 1 or of other settings: made anew.
    }
  }

  // data/ need not exist yet, as for ewn gen.
  if (matrix.has_parent_path()) std::filesystem::create_directories(matrix.parent_path(), ec);
  SetupMatrix m;
  m.rows = m.columns = n;
  m.depth = options.depth;
  m.codes.assign(size_t(n) * size_t(n), 0);
  SetupMakeProgress progress;
  progress.rows = n;
  progress.rows_done = progress.rows_resumed = resume_rows(partial, header, n, m.codes);
  {
    Descriptor f{::open(partial.c_str(), O_WRONLY | O_CREAT, 0644)};
    if (f.fd < 0) fail(partial, "open");
    // A row cut short by a kill is dropped and computed again.
    size_t row_bytes = 2 * size_t(n);
    if (::ftruncate(f.fd, off_t(header.size() + size_t(progress.rows_done) * row_bytes)) != 0)
      fail(partial, "truncate");
    if (progress.rows_done == 0 &&
        ::pwrite(f.fd, header.data(), header.size(), 0) != ssize_t(header.size()))
      fail(partial, "write");
    if (::lseek(f.fd, 0, SEEK_END) < 0) fail(partial, "seek");
    if (!compute_rows(f.fd, partial, options, m.codes, progress, after_row)) return false;
  }
  if (!estimate_error(m, progress, after_row)) return false;
  write_setup_matrix(matrix, m);
  std::filesystem::remove(partial, ec);
  return true;
}

}  // namespace ewn
