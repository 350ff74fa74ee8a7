#include "manifest.h"

#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "printable.h"
#include "regular_file.h"
#include "table_directory.h"

namespace ewn {

namespace fs = std::filesystem;

std::vector<ManifestEntry> read_manifest(const fs::path& path) {
  if (auto problem = regular_file_problem(path))
    throw std::runtime_error(path.string() + ": " + problem->words);
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path.string() + ": cannot read");
  std::vector<ManifestEntry> entries;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    ManifestEntry e;
    std::string rest;
    bool hex = true;
    if (words >> e.digest >> e.bytes >> e.file)
      for (char c : e.digest) hex = hex && std::isxdigit(static_cast<unsigned char>(c));
    if (!words || (words >> rest) || e.digest.size() != 32 || !hex ||
        e.file.find('/') != std::string::npos)
      throw std::runtime_error(path.string() + ":" + std::to_string(number) +
                               ": expected '<32 hex digits>  <bytes>  <file name>', not '" +
                               printable(line) + "'");
    std::transform(e.digest.begin(), e.digest.end(), e.digest.begin(), ::tolower);
    entries.push_back(e);
  }
  if (in.bad()) throw std::runtime_error(path.string() + ": cannot read");
  if (entries.empty()) throw std::runtime_error(path.string() + ": lists no files");
  return entries;
}

std::string file_digest(const fs::path& path) {
  RegularFile file = open_regular_file(path);
  if (file.fd < 0) throw std::runtime_error(path.string() + ": " + file.problem.words);
  std::unique_ptr<XXH3_state_t, decltype(&XXH3_freeState)> state(XXH3_createState(),
                                                                 &XXH3_freeState);
  XXH3_128bits_reset(state.get());
  std::vector<char> buffer(1 << 20);
  for (;;) {
    ssize_t n = ::read(file.fd, buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int err = errno;
      ::close(file.fd);
      throw std::runtime_error(path.string() + ": cannot read: " + std::strerror(err));
    }
    if (n == 0) break;
    XXH3_128bits_update(state.get(), buffer.data(), size_t(n));
  }
  ::close(file.fd);
  XXH128_canonical_t canonical;
  XXH128_canonicalFromHash(&canonical, XXH3_128bits_digest(state.get()));
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned char b : canonical.digest) out += {hex[b >> 4], hex[b & 15]};
  return out;
}

std::vector<std::string> compare_with_manifest(const fs::path& dir,
                                               const std::vector<ManifestEntry>& entries) {
  std::vector<std::string> problems;
  for (const ManifestEntry& e : entries) {
    fs::path path = dir / e.file;
    auto problem = [&](const std::string& what) {
      problems.push_back(path.string() + ": " + what);
    };
    if (auto odd = regular_file_problem(path)) {
      // Missing, and not as the target of a dangling link (whose words say so).
      std::error_code ec;
      bool missing = odd->kind == ErrorKind::Missing && !fs::is_symlink(path, ec);
      problem(missing ? "missing (the manifest lists it)" : odd->words);
      continue;
    }
    std::error_code ec;
    uint64_t bytes = fs::file_size(path, ec);
    if (bytes != e.bytes) {
      problem(std::to_string(bytes) + " bytes, the manifest says " + std::to_string(e.bytes));
      continue;
    }
    try {
      if (file_digest(path) != e.digest)
        problem(
            "its XXH3-128 digest differs from the manifest's (the file is not the published "
            "one)");
    } catch (const std::runtime_error& err) {
      problems.push_back(err.what());
    }
  }
  return problems;
}

std::string manifest_of(const fs::path& dir, const std::string& header) {
  std::string out = header;
  for (const std::string& name : scan_table_directory(dir).names)
    out += file_digest(dir / name) + "  " + std::to_string(fs::file_size(dir / name)) + "  " +
           name + "\n";
  return out;
}

}  // namespace ewn
