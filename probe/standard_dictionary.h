// The zstd dictionaries the writer compresses tables of 5 and more pieces with (docs/FORMAT.md,
// "Dictionaries"). Each was trained once, on tables of its piece count, and is stored in every
// file compressed with it, so that reading a file needs nothing but the file; the writer takes
// them from here (compiled in from probe/dictionaries/).
#pragma once

#include <cstdint>
#include <span>

namespace ewn {

// The dictionary for tables of `pieces` pieces: dictionaries/5.zdict for 5, dictionaries/6.zdict
// for 6 and more, none (empty) below 5, where blocks are large enough to do without one.
std::span<const uint8_t> standard_dictionary(int pieces);

}  // namespace ewn
