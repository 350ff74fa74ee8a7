// The setup matrix and its file: the first mover's win probability for each class of its
// arrangement (rows) against each class of the second mover's (columns), every entry the
// search to one fixed depth (setup_entry.h). The file, little-endian (docs/SETUPS.md), version 2:
//
//   offset  size  field
//        0     8  magic "EWNSETUP"
//        8     4  version (2)
//       12     4  rows: the first mover's classes (360 for the whole matrix)
//       16     4  columns: the second mover's classes
//       20     4  value scale (65535: a value v is stored as round(v * 65535))
//       24     8  the depth of every entry, in plies
//       32     8  XXH64 of the 64-byte header (this field zero) followed by the values
//       40     8  entry error: the standard deviation of (one ply deeper minus stored) over the
//                 error sample, about their mean, in probability units (IEEE 754 double)
//       48     8  depth bias: the mean of the same differences (double)
//       56     4  error sample: how many entries were recomputed one ply deeper (0: none)
//       60     4  zero
//       64         rows x columns values, 16 bits each, row by row
//
// Version 1 held a node budget at offset 24 and zeros at 40..63; it is refused (its entries mix
// depths). Classes are numbered as in arrangement.h; a matrix of fewer classes than 360 (tests,
// trials) holds the first classes of that order.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "arrangement.h"
#include "error_kind.h"

namespace ewn {

inline constexpr char kSetupMatrixMagic[8] = {'E', 'W', 'N', 'S', 'E', 'T', 'U', 'P'};
inline constexpr uint32_t kSetupMatrixVersion = 2;
inline constexpr uint32_t kSetupValueScale = 65535;
inline constexpr size_t kSetupMatrixHeaderBytes = 64;

// The header's layout above: the offsets the writer and the reader both use.
namespace setup_header {
inline constexpr size_t kMagic = 0, kVersion = 8, kRows = 12, kColumns = 16, kScale = 20,
                        kDepth = 24, kChecksum = 32, kEntryError = 40, kDepthBias = 48,
                        kErrorSample = 56, kReserved = 60;
}  // namespace setup_header

// The default depth of an entry (docs/RESULTS.md, the depth study) and the default file,
// beside the tables.
inline constexpr int kDefaultSetupDepth = 4;
inline constexpr int kMaxSetupDepth = 12;
std::filesystem::path default_setup_matrix_path();  // $EWN_TABLES or data, then setup-matrix.ewns

struct SetupMatrix {
  int rows = 0, columns = 0;
  int depth = 0;  // plies, every entry
  // How far an entry is from the engine's value one ply deeper (probability units), measured on
  // a sample when the matrix is made: the entries shift by depth_bias on the whole (the mean of
  // deeper minus stored, the first mover's value) and scatter about that shift by entry_error
  // (the standard deviation). The shift is common to every entry and cancels when two are
  // compared; the scatter is what tells two values apart or not.
  double entry_error = 0;
  double depth_bias = 0;
  int error_sample = 0;         // entries in that sample (0: no estimate)
  std::vector<uint16_t> codes;  // row by row

  double value(int row, int column) const {
    return codes[size_t(row) * size_t(columns) + size_t(column)] / double(kSetupValueScale);
  }
};

uint16_t encode_setup_value(double value);

// The header of a matrix with these dimensions and depth, error estimate and checksum fields
// zero (the partial file's header), or with the matrix's estimate.
std::vector<unsigned char> setup_matrix_header(int rows, int columns, int depth);
std::vector<unsigned char> setup_matrix_header(const SetupMatrix& matrix);
// The checksum of a header (its checksum field is ignored) and the values that follow it.
uint64_t setup_matrix_checksum(const unsigned char* header, const uint16_t* codes, size_t count);

// Reads and checks a matrix file. A missing file throws PathError of kind Missing, a file that
// fails a check (magic, version, size, checksum, error estimate) of kind Damaged (a version-1
// file among them: its message says so); the message names the file and
// what is wrong, and setup_matrix_hint() the command that (re)makes it.
SetupMatrix read_setup_matrix(const std::filesystem::path& path);
// Writes it to a temporary name beside `path`, then renames it.
void write_setup_matrix(const std::filesystem::path& path, const SetupMatrix& matrix);

// "make it with: ewn setup make --matrix PATH" (callers put it in parentheses).
std::string setup_matrix_hint(const std::filesystem::path& path);

}  // namespace ewn
