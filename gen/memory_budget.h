// The memory a generation may use (`ewn gen --max-memory`), and what the process uses now.
//
// The budget covers the whole process's peak resident set, mapped file pages included, as
// `/usr/bin/time -v` reports it. The generator keeps a reserve for what it does not count
// piece by piece (code, heap fragmentation, thread stacks, compression contexts) and plans
// every group's working set within the rest (docs/GENERATOR.md, "Memory").
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace ewn {

// "96M", "16G", "512K", "2T" or a plain number of bytes; binary units (M = 2^20). nullopt
// when the text is not such a size.
std::optional<uint64_t> parse_memory_size(const std::string& text);
// "96 MiB", "15.6 GiB": the size written for people.
std::string format_memory_size(uint64_t bytes);
// The same size in the form --max-memory takes, rounded up to a whole MiB: "97M".
std::string memory_size_argument(uint64_t bytes);

// Physical memory of the machine (0 if unknown).
uint64_t physical_memory_bytes();
// The default budget: three quarters of physical memory.
uint64_t default_memory_budget();

// Resident set size of this process now, and its peak so far (bytes; 0 if unknown).
uint64_t current_rss_bytes();
uint64_t peak_rss_bytes();
// CPU time of this process so far, all its threads (user + system, seconds).
double process_cpu_seconds();

}  // namespace ewn
