// Exact (double precision) values of a material class, kept beside the u16 tables so that the
// rounding of stored values never compounds: larger classes read their capture children from
// these files, not from the rounded tables.
//
// Layout: a 64-byte header (magic "EWNEXACT", version, class masks, entry count, XXH64 of the
// values) followed by the values as little-endian IEEE doubles in PositionIndex order. Waste
// entries hold NaN.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "file_io.h"
#include "mapped_file.h"
#include "material.h"

namespace ewn {

std::string exact_file_name(MaterialClass mc);  // e.g. "124v14.ewx"

// Writes the file at `path` (the caller renames it into place). Throws std::runtime_error naming
// the file on any I/O failure, e.g. a full disk.
void write_exact_file(const std::filesystem::path& path, MaterialClass mc,
                      std::span<const double> values);

// Writes the file at `path` from values streamed in PositionIndex order (the caller renames it
// into place): the same bytes as write_exact_file.
class ExactFileWriter {
 public:
  ExactFileWriter(const std::filesystem::path& path, MaterialClass mc);
  ~ExactFileWriter();
  void append(std::span<const double> values);
  // Completes the header; throws naming the file when fewer or more values than the class's
  // entries were appended, or on an I/O failure.
  void close();

 private:
  std::filesystem::path path_;
  MaterialClass material_;
  std::unique_ptr<OutputFile> out_;
  std::shared_ptr<void> hash_;  // XXH64_state_t, freed on every path
  uint64_t written_ = 0;
};

// A read-only memory map of an exact-values file.
class ExactFile {
 public:
  ExactFile() = default;  // no file: no values
  // Opens and maps the file; with `verify`, checks the checksum of all values. Throws
  // std::runtime_error naming the file and the problem.
  ExactFile(const std::filesystem::path& path, MaterialClass mc, bool verify);

  // The values after the header, nullptr without a file.
  const double* values() const;
  uint64_t size() const;

 private:
  MappedFile map_;
};

// Returns std::nullopt when the file is complete and its checksum right, else the problem.
std::optional<std::string> check_exact_file(const std::filesystem::path& path, MaterialClass mc);

}  // namespace ewn
