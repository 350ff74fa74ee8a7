// The setup matrix and its file: the first mover's win probability for each class of its
// arrangement (rows) against each class of the second mover's (columns), at a fixed budget
// (setup_entry.h). The file, little-endian (docs/SETUPS.md):
//
//   offset  size  field
//        0     8  magic "EWNSETUP"
//        8     4  version (1)
//       12     4  rows: the first mover's classes (360 for the whole matrix)
//       16     4  columns: the second mover's classes
//       20     4  value scale (65535: a value v is stored as round(v * 65535))
//       24     8  the node budget of every entry
//       32     8  XXH64 of the 64-byte header (this field zero) followed by the values
//       40    24  zero
//       64         rows x columns values, 16 bits each, row by row
//
// Classes are numbered as in arrangement.h; a matrix of fewer classes than 360 (tests, trials)
// holds the first classes of that order.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "arrangement.h"
#include "error_kind.h"

namespace ewn {

inline constexpr char kSetupMatrixMagic[8] = {'E', 'W', 'N', 'S', 'E', 'T', 'U', 'P'};
inline constexpr uint32_t kSetupMatrixVersion = 1;
inline constexpr uint32_t kSetupValueScale = 65535;
inline constexpr size_t kSetupMatrixHeaderBytes = 64;

// The default budget of an entry and the default file, beside the tables.
inline constexpr uint64_t kDefaultSetupNodes = 10000;
std::filesystem::path default_setup_matrix_path();  // $EWN_TABLES or data, then setup-matrix.ewns

struct SetupMatrix {
  int rows = 0, columns = 0;
  uint64_t node_budget = 0;
  std::vector<uint16_t> codes;  // row by row

  // How far an entry is from the engine's value one ply deeper, in probability units. A file
  // that stores them says; a version-1 file (entries at a node budget, depth 3 at the default)
  // gets the figures measured on it (docs/RESULTS.md, Setups: 1000 entries at ten times the
  // budget, depth 4): the entries rise by 1.5 points on the whole (depth_bias) and scatter about
  // that shift by 0.8 points (entry_error).
  int depth = 0;               // every entry's search depth; 0: unknown (a budget, version 1)
  double entry_error = 0.008;  // RMS difference of an entry from one ply deeper (about the bias)
  double depth_bias = 0.015;   // mean difference, deeper minus stored (the first mover's value)

  double value(int row, int column) const {
    return codes[size_t(row) * size_t(columns) + size_t(column)] / double(kSetupValueScale);
  }
};

uint16_t encode_setup_value(double value);

// The header of a matrix with these dimensions and budget (checksum field zero).
std::vector<unsigned char> setup_matrix_header(int rows, int columns, uint64_t node_budget);
// The checksum of a header (its checksum field is ignored) and the values that follow it.
uint64_t setup_matrix_checksum(const unsigned char* header, const uint16_t* codes, size_t count);

// Reads and checks a matrix file. A missing file throws PathError of kind Missing, a file that
// fails a check (magic, version, size, checksum) of kind Damaged; the message names the file and
// what is wrong, and setup_matrix_hint() the command that (re)makes it.
SetupMatrix read_setup_matrix(const std::filesystem::path& path);
// Writes it to a temporary name beside `path`, then renames it.
void write_setup_matrix(const std::filesystem::path& path, const SetupMatrix& matrix);

// "make it with: ewn setup make --matrix PATH" (callers put it in parentheses).
std::string setup_matrix_hint(const std::filesystem::path& path);

}  // namespace ewn
