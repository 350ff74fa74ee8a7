// Reading a file whole and writing one from bytes, for tests that damage files on purpose.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ewn::test {

inline std::vector<uint8_t> read_bytes(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

inline void write_bytes(const std::filesystem::path& p, const std::vector<uint8_t>& bytes) {
  // A fresh file: rewriting a truncated one makes ext4 flush it to disk on close (slow).
  std::filesystem::remove(p);
  std::ofstream out(p, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

// Writes `bytes` over the file's bytes from offset `at` (negative: from the end). Throws when the
// file is missing or the write fails: damage that silently lands nowhere would leave a test
// checking an intact file.
inline void overwrite_bytes(const std::filesystem::path& p, std::streamoff at,
                            std::string_view bytes) {
  if (!std::filesystem::is_regular_file(p))
    throw std::runtime_error("overwrite_bytes: no file " + p.string());
  std::fstream f(p, std::ios::in | std::ios::out | std::ios::binary);
  if (at < 0)
    f.seekp(at, std::ios::end);
  else
    f.seekp(at);
  f.write(bytes.data(), std::streamsize(bytes.size()));
  if (!f.flush()) throw std::runtime_error("overwrite_bytes: cannot write " + p.string());
}

}  // namespace ewn::test
