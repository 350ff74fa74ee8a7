// A generation taken apart: the plan of a run (its jobs, what each reads and writes, the memory
// plan) and the solving of one job. generate() (generator.h) runs the jobs one after the other
// in this process; a distributed run (dist/) hands them to several processes, in the same
// dependency order, and gets the same files.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "generator.h"
#include "material.h"
#include "part_sharing.h"

namespace ewn {

// A group to solve: for its tables, for the exact values other groups read, or both.
struct GenJob {
  ClassGroup group;
  std::set<MaterialClass> tables;  // members whose tables are written: those missing or damaged
  std::map<MaterialClass, std::filesystem::path> exact_out;  // members whose exact values are
                                                             // written, and where
  std::map<MaterialClass, std::filesystem::path> reads;      // exact values read, and from where
  bool whole = true;         // solved whole in memory, else in parts
  uint64_t part_budget = 0;  // bytes for the parts (when not whole)
  int parts = 0;             // parts planned within part_budget (when not whole)
  // Small enough to be solved on one thread while other such jobs are solved on the other
  // threads (generate(): small groups keep every core busy without waiting at the end of each
  // level); the plan's memory fits one per thread at once.
  bool side_by_side = false;

  // "12345v1", "12345v1 (exact)" when only its exact values are needed.
  std::string label() const;
  // Canonical positions of the group.
  uint64_t positions() const;
};

// What a job reports while it runs: what it is doing ("12345v1 levels", "12345v1 writing"),
// and how many positions of its group are solved.
struct JobProgress {
  std::function<void(const std::string& doing)> phase;
  std::function<void(uint64_t positions_done)> solved;
};

struct JobOutcome {
  int tables_written = 0;
  int parts = 0;  // parts the group was solved in (0: whole)
};

// Solves one job's group, whole or in parts, and writes its tables and the exact values others
// read. With `sharing` (a group in parts solved by several processes), only the leader writes
// the tables and exact values; the others return once the group is solved. Throws
// std::runtime_error naming the file on any failure.
JobOutcome solve_job(const GenJob& job, const GenOptions& opt, const JobProgress& progress,
                     const PartSharing* sharing = nullptr);

// The bytes of maps to keep (KeptPages) while `job` runs alone: for a group solved whole, its
// values. So a group's values are kept once it is done and nothing else is in use, and the next
// group's values take them; the level buckets and the tables' arrays, given back while the
// values are in use, are not kept, so that the peak is the same as without keeping (the buckets
// given back during the solve make room for the children's pages it reads). None for a group
// in parts, whose arrays are not maps.
uint64_t kept_pages_limit(const GenJob& job);

// Everything a run decides before its first job.
class GenPlan {
 public:
  // Checks the options, creates the output directory, removes temporary files an interrupted
  // run left, lists the jobs and plans their memory. Throws as generate().
  explicit GenPlan(const GenOptions& opt);

  // In an order that solves every job after the jobs it needs.
  const std::vector<GenJob>& jobs() const { return jobs_; }
  // The jobs (indices into jobs()) that write exact values job `i` reads.
  const std::vector<size_t>& needs(size_t i) const { return needs_[i]; }
  // Tables counted, tables found complete, the memory budget (summary fields the plan knows).
  const GenSummary& summary() const { return summary_; }
  uint64_t work_total() const { return work_total_; }
  uint64_t work_skipped() const { return work_skipped_; }

  // Job `i` is done: exact values no job still to come reads are removed (unless kept).
  void job_done(size_t i, const JobOutcome& outcome);
  // Every job is done: working files removed, the bytes of the set counted, the filesystem
  // synced. The summary of the run (seconds and peak memory left to the caller).
  GenSummary finish();

 private:
  GenOptions opt_;
  std::filesystem::path work_root_;
  std::vector<ClassGroup> groups_;
  std::vector<GenJob> jobs_;
  std::vector<std::vector<size_t>> needs_;
  std::map<MaterialClass, int> readers_;  // jobs still to read each class's exact values
  GenSummary summary_;
  uint64_t work_total_ = 0, work_skipped_ = 0;
};

}  // namespace ewn
