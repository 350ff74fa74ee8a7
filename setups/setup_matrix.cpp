#include "setup_matrix.h"

#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

#include "error_kind.h"
#include "file_io.h"
#include "printable.h"
#include "regular_file.h"
#include "table_directory.h"

namespace ewn {

namespace {

void put32(unsigned char* p, uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = uint8_t(v >> (8 * i));
}
void put64(unsigned char* p, uint64_t v) {
  for (int i = 0; i < 8; ++i) p[i] = uint8_t(v >> (8 * i));
}
uint32_t get32(const unsigned char* p) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= uint32_t(p[i]) << (8 * i);
  return v;
}
uint64_t get64(const unsigned char* p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= uint64_t(p[i]) << (8 * i);
  return v;
}

[[noreturn]] void damaged(const std::filesystem::path& path, const std::string& what) {
  throw PathError(path, {ErrorKind::Damaged, "not a usable setup matrix: " + what});
}

// Checks the file's bytes and reads the matrix from them.
SetupMatrix parse_setup_matrix(const std::filesystem::path& path,
                               const std::vector<unsigned char>& bytes) {
  using namespace setup_header;
  if (bytes.size() < kSetupMatrixHeaderBytes || std::memcmp(&bytes[kMagic], kSetupMatrixMagic, 8))
    damaged(path, "it does not start with the magic EWNSETUP");
  const unsigned char* h = bytes.data();
  uint32_t version = get32(h + kVersion);
  if (version == 1)
    damaged(path,
            "version 1, whose entries were searched within a node budget that mixes depths; this "
            "program reads version 2, every entry at one fixed depth, so the matrix must be made "
            "again");
  if (version != kSetupMatrixVersion)
    damaged(path, "version " + std::to_string(version) + ", this program reads version " +
                      std::to_string(kSetupMatrixVersion));
  uint32_t rows = get32(h + kRows), columns = get32(h + kColumns);
  if (rows < 1 || rows > uint32_t(kArrangementClasses) || columns < 1 ||
      columns > uint32_t(kArrangementClasses))
    damaged(path, "its dimensions " + std::to_string(rows) + " x " + std::to_string(columns) +
                      " are not within 1..360");
  if (get32(h + kScale) != kSetupValueScale)
    damaged(path, "value scale " + std::to_string(get32(h + kScale)) + ", expected 65535");
  uint64_t depth = get64(h + kDepth);
  if (depth < 1 || depth > uint64_t(kMaxSetupDepth))
    damaged(path, "depth " + std::to_string(depth) + " is not within 1.." +
                      std::to_string(kMaxSetupDepth));
  SetupMatrix m;
  m.entry_error = std::bit_cast<double>(get64(h + kEntryError));
  m.depth_bias = std::bit_cast<double>(get64(h + kDepthBias));
  uint32_t sample = get32(h + kErrorSample);
  if (!(m.entry_error >= 0 && m.entry_error <= 1) || !(std::fabs(m.depth_bias) <= 1) ||
      sample > rows * columns || (sample == 0 && (m.entry_error != 0 || m.depth_bias != 0)))
    damaged(path,
            "its error estimate is not a sample size, a standard deviation within 0..1 and a "
            "mean within -1..1");
  for (size_t i = kReserved; i < kSetupMatrixHeaderBytes; ++i)
    if (h[i]) damaged(path, "reserved header bytes are not zero");
  size_t count = size_t(rows) * columns;
  size_t expected = kSetupMatrixHeaderBytes + 2 * count;
  if (bytes.size() != expected)
    damaged(path, std::to_string(bytes.size()) + " bytes, a " + std::to_string(rows) + " x " +
                      std::to_string(columns) + " matrix takes " + std::to_string(expected));
  m.rows = int(rows);
  m.columns = int(columns);
  m.depth = int(depth);
  m.error_sample = int(sample);
  m.codes.resize(count);
  for (size_t i = 0; i < count; ++i)
    m.codes[i] = uint16_t(h[kSetupMatrixHeaderBytes + 2 * i] |
                          (h[kSetupMatrixHeaderBytes + 2 * i + 1] << 8));
  if (setup_matrix_checksum(h, m.codes.data(), count) != get64(h + kChecksum))
    damaged(path, "the checksum does not match its contents");
  for (uint16_t c : m.codes)
    if (c > kSetupValueScale) damaged(path, "a value above 1");
  return m;
}

}  // namespace

std::filesystem::path default_setup_matrix_path() {
  return std::filesystem::path(default_tables_dir()) / "setup-matrix.ewns";
}

uint16_t encode_setup_value(double value) {
  return uint16_t(std::lround(std::clamp(value, 0.0, 1.0) * kSetupValueScale));
}

std::vector<unsigned char> setup_matrix_header(int rows, int columns, int depth) {
  using namespace setup_header;
  std::vector<unsigned char> h(kSetupMatrixHeaderBytes, 0);
  std::memcpy(&h[kMagic], kSetupMatrixMagic, 8);
  put32(&h[kVersion], kSetupMatrixVersion);
  put32(&h[kRows], uint32_t(rows));
  put32(&h[kColumns], uint32_t(columns));
  put32(&h[kScale], kSetupValueScale);
  put64(&h[kDepth], uint64_t(depth));
  return h;
}

std::vector<unsigned char> setup_matrix_header(const SetupMatrix& m) {
  using namespace setup_header;
  std::vector<unsigned char> h = setup_matrix_header(m.rows, m.columns, m.depth);
  put64(&h[kEntryError], std::bit_cast<uint64_t>(m.entry_error));
  put64(&h[kDepthBias], std::bit_cast<uint64_t>(m.depth_bias));
  put32(&h[kErrorSample], uint32_t(m.error_sample));
  return h;
}

uint64_t setup_matrix_checksum(const unsigned char* header, const uint16_t* codes, size_t count) {
  unsigned char h[kSetupMatrixHeaderBytes];
  std::memcpy(h, header, sizeof h);
  put64(&h[setup_header::kChecksum], 0);
  XXH64_state_t* state = XXH64_createState();
  XXH64_reset(state, 0);
  XXH64_update(state, h, sizeof h);
  // The values as stored: little-endian 16-bit words.
  std::vector<unsigned char> bytes(count * 2);
  for (size_t i = 0; i < count; ++i) {
    bytes[2 * i] = uint8_t(codes[i]);
    bytes[2 * i + 1] = uint8_t(codes[i] >> 8);
  }
  XXH64_update(state, bytes.data(), bytes.size());
  uint64_t sum = XXH64_digest(state);
  XXH64_freeState(state);
  return sum;
}

SetupMatrix read_setup_matrix(const std::filesystem::path& path) {
  RegularFile file = open_regular_file(path);
  if (file.fd < 0) throw PathError(path, file.problem);
  std::vector<unsigned char> bytes(size_t(file.size));
  size_t got = 0;
  while (got < bytes.size()) {
    ssize_t n = ::read(file.fd, bytes.data() + got, bytes.size() - got);
    if (n <= 0) {
      ::close(file.fd);
      throw PathError(path, {ErrorKind::Unreadable, "cannot read the setup matrix"});
    }
    got += size_t(n);
  }
  ::close(file.fd);

  return parse_setup_matrix(path, bytes);
}

void write_setup_matrix(const std::filesystem::path& path, const SetupMatrix& m) {
  std::vector<unsigned char> h = setup_matrix_header(m);
  put64(&h[setup_header::kChecksum],
        setup_matrix_checksum(h.data(), m.codes.data(), m.codes.size()));
  std::vector<unsigned char> bytes = h;
  for (uint16_t c : m.codes) {
    bytes.push_back(uint8_t(c));
    bytes.push_back(uint8_t(c >> 8));
  }
  std::filesystem::path tmp = temporary_path(path);
  OutputFile out(tmp);
  out.write(bytes.data(), bytes.size());
  out.close();
  commit_file(tmp, path);
}

std::string setup_matrix_hint(const std::filesystem::path& path) {
  return "make it with: ewn setup make --matrix " + printable(path.string());
}

}  // namespace ewn
