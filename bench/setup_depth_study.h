// The depth study behind the setup matrix's default depth (docs/RESULTS.md, "Setups"):
// whether the best reply at depth d is still the best, or nearly, one ply deeper.
#pragma once

namespace ewn {

// For LINES opponents drawn with a fixed seed (second-mover classes for the first mover's
// reply, first-mover classes for the second mover's), every one of the 360 replies is searched
// to each depth 1..max_depth (one deepening gives all: setup_entry_deepening). At each d below
// max_depth it prints: how often the depth-d reply (argmax of the column, or argmin of the
// row) is the depth-(d+1) reply exactly, and how often it loses less than X points at depth
// d+1 for a few X; the mean and largest loss of the depth-d reply judged at depth d+1; the RMS
// and mean of (depth d+1 minus depth d) over every entry searched; the CPU and nodes an entry
// costs at each depth. `role`: "first", "second" or "both".
int setup_depth_study(const char* role, int lines, int max_depth, unsigned seed);

}  // namespace ewn
