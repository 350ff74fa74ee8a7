// Solving a group that does not fit in memory: a few levels of total progress at a time.
//
// A non-capturing move raises the total progress by 1 or 2, so the positions of level l need
// only the twin's values on levels l+1 and l+2 (and capture children, in smaller classes). A
// part is a range of levels [lo, hi] solved together; it holds the values of those levels and
// of the two above, each level stored densely in index order and found through a LevelBitmap.
// Every solved level goes to a work file under `work_dir` as soon as it is done, so a killed
// run resumes from the lowest complete level. When every level is solved, read_solved_class()
// streams a class's values in PositionIndex order to write its table.
//
// The positions and the rule are those of solve_group() (position_solver.h), so the values are
// bit-identical to solving the group whole, whatever the parts and the thread count.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <vector>

#include "part_sharing.h"
#include "position_solver.h"
#include "solve_class.h"

namespace ewn {

// Bytes of a part holding levels [lo, hi] of the group of `mc`, with the two levels above.
uint64_t part_bytes(MaterialClass mc, int lo, int hi);
// The smallest part: one level and the two above it, at the group's largest such window.
uint64_t min_part_bytes(MaterialClass mc);

// Ranges of levels [lo, hi], highest first, each within `budget` bytes (part_bytes); levels
// below `first` only (levels from `first` up are solved already). Empty when a single level
// does not fit.
std::vector<std::pair<int, int>> plan_parts(MaterialClass mc, uint64_t budget, int first);

struct PartedSolve {
  int parts = 0;           // parts solved in this call
  int resumed_level = -1;  // lowest level found solved in work_dir at the start (-1: none)
};

// Solves the group of `mc` in parts of at most `budget` bytes, its work files in `work_dir`
// (created if needed; levels already there and intact are kept). Throws std::runtime_error
// naming the file on an I/O failure. With `sharing`, this process solves its slice of each
// level together with the other processes (part_sharing.h); only the leader writes files.
PartedSolve solve_group_in_parts(MaterialClass mc, const SolvedValues& children,
                                 const std::filesystem::path& work_dir, uint64_t budget,
                                 const LevelCallback& on_level = {},
                                 const PartSharing* sharing = nullptr);

// Streams the solved values of `mc` (a member of a group solved by solve_group_in_parts) in
// PositionIndex order, NaN at waste entries, in chunks of at most `chunk` values. Verifies the
// work files' checksums as it reads.
void read_solved_class(MaterialClass mc, const std::filesystem::path& work_dir,
                       const std::function<void(std::span<const double>)>& sink,
                       size_t chunk = size_t(1) << 16);

// Bytes read_solved_class needs for its buffers.
uint64_t read_solved_class_bytes(MaterialClass mc);

}  // namespace ewn
