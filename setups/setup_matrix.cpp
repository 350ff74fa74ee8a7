#include "setup_matrix.h"

#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
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

}  // namespace

std::filesystem::path default_setup_matrix_path() {
  return std::filesystem::path(default_tables_dir()) / "setup-matrix.ewns";
}

uint16_t encode_setup_value(double value) {
  return uint16_t(std::lround(std::clamp(value, 0.0, 1.0) * kSetupValueScale));
}

std::vector<unsigned char> setup_matrix_header(int rows, int columns, uint64_t node_budget) {
  std::vector<unsigned char> h(kSetupMatrixHeaderBytes, 0);
  std::memcpy(h.data(), kSetupMatrixMagic, 8);
  put32(&h[8], kSetupMatrixVersion);
  put32(&h[12], uint32_t(rows));
  put32(&h[16], uint32_t(columns));
  put32(&h[20], kSetupValueScale);
  put64(&h[24], node_budget);
  return h;
}

uint64_t setup_matrix_checksum(const unsigned char* header, const uint16_t* codes, size_t count) {
  unsigned char h[kSetupMatrixHeaderBytes];
  std::memcpy(h, header, sizeof h);
  put64(&h[32], 0);
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

  if (bytes.size() < kSetupMatrixHeaderBytes || std::memcmp(bytes.data(), kSetupMatrixMagic, 8))
    damaged(path, "it does not start with the magic EWNSETUP");
  const unsigned char* h = bytes.data();
  if (get32(h + 8) != kSetupMatrixVersion)
    damaged(path, "version " + std::to_string(get32(h + 8)) + ", this program reads version " +
                      std::to_string(kSetupMatrixVersion));
  SetupMatrix m;
  uint32_t rows = get32(h + 12), columns = get32(h + 16);
  if (rows < 1 || rows > uint32_t(kArrangementClasses) || columns < 1 ||
      columns > uint32_t(kArrangementClasses))
    damaged(path, "its dimensions " + std::to_string(rows) + " x " + std::to_string(columns) +
                      " are not within 1..360");
  if (get32(h + 20) != kSetupValueScale)
    damaged(path, "value scale " + std::to_string(get32(h + 20)) + ", expected 65535");
  for (size_t i = 40; i < kSetupMatrixHeaderBytes; ++i)
    if (h[i]) damaged(path, "reserved header bytes are not zero");
  size_t count = size_t(rows) * columns;
  size_t expected = kSetupMatrixHeaderBytes + 2 * count;
  if (bytes.size() != expected)
    damaged(path, std::to_string(bytes.size()) + " bytes, a " + std::to_string(rows) + " x " +
                      std::to_string(columns) + " matrix takes " + std::to_string(expected));
  m.rows = int(rows);
  m.columns = int(columns);
  m.node_budget = get64(h + 24);
  m.codes.resize(count);
  for (size_t i = 0; i < count; ++i)
    m.codes[i] = uint16_t(h[kSetupMatrixHeaderBytes + 2 * i] |
                          (h[kSetupMatrixHeaderBytes + 2 * i + 1] << 8));
  if (setup_matrix_checksum(h, m.codes.data(), count) != get64(h + 32))
    damaged(path, "the checksum does not match its contents");
  for (uint16_t c : m.codes)
    if (c > kSetupValueScale) damaged(path, "a value above 1");
  return m;
}

void write_setup_matrix(const std::filesystem::path& path, const SetupMatrix& m) {
  std::vector<unsigned char> h = setup_matrix_header(m.rows, m.columns, m.node_budget);
  put64(&h[32], setup_matrix_checksum(h.data(), m.codes.data(), m.codes.size()));
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
