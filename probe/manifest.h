// A manifest of table files: the size and XXH3-128 digest of each, so that tables copied from
// elsewhere can be checked against the published ones without regenerating them
// (docs/tables-5.manifest lists the set `ewn gen --pieces 5` makes). One line per file:
//   <32 hex digits: XXH3-128, canonical (big-endian)>  <bytes>  <file name>
// '#' starts a comment line.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace ewn {

struct ManifestEntry {
  std::string file;  // a name in the directory, e.g. 12v1.ewt
  uint64_t bytes = 0;
  std::string digest;  // 32 lower-case hex digits
};

// Throws std::runtime_error "<path>: <problem>" (or "<path>:<line>: ...") when the manifest
// cannot be read or a line is malformed.
std::vector<ManifestEntry> read_manifest(const std::filesystem::path& path);

// The XXH3-128 digest of a whole file, 32 hex digits. Throws std::runtime_error naming it.
std::string file_digest(const std::filesystem::path& path);

// "<file>: <problem>" for every entry whose file in `dir` is missing, not a regular file, or
// differs in size or digest; empty when all match. Files the manifest does not list are not
// looked at.
std::vector<std::string> compare_with_manifest(const std::filesystem::path& dir,
                                               const std::vector<ManifestEntry>& entries);

// The manifest text of every table file (*.ewt) of `dir`, by name, after `header` comment lines.
std::string manifest_of(const std::filesystem::path& dir, const std::string& header);

}  // namespace ewn
